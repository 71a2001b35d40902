import type { BodyOf } from '#contract/api';
import * as routes from '#contract/routes';

import { answeredBy, call } from './client';

/** The occasion calls (docs/api.md), one function each. */

export const listOccasions = () => call(routes.listOccasions);

export const addOccasion = (occasion: BodyOf<'addOccasion'>) => call(routes.addOccasion, { body: occasion });

/** Sends the whole occasion. */
export const updateOccasion = (id: string, occasion: BodyOf<'updateOccasion'>) =>
  call(routes.updateOccasion, { params: { id }, body: occasion });

export const deleteOccasion = (id: string) => call(routes.deleteOccasion, { params: { id } });

/**
 * The occurrences of the next `days` days, soonest first, each with the order covering it (or null). `sent`: the
 * same read, sent earlier by the orders route (ordersGate), read here in place of a new one.
 */
export const getUpcoming = async (days: number, sent?: Promise<Response>) =>
  sent
    ? (await answeredBy(routes.getUpcoming, await sent)).body
    : call(routes.getUpcoming, { query: { days: String(days) } });
