import type { Occasion, OccasionInput, UpcomingOccurrence } from '#contract/occasions';

import { answeredBy, request, type ApiAnswer } from './client';
import { upcomingPath } from './paths';

/** The occasion calls (docs/api.md), one function each. */

export const listOccasions = () => request<ApiAnswer<{ data: Occasion[] }>>('/api/occasions', { auth: 'customer' });

export const addOccasion = (occasion: OccasionInput) =>
  request<ApiAnswer<{ _id: string }>>('/api/occasions', { method: 'POST', auth: 'customer', body: occasion });

/** Sends the whole occasion. */
export const updateOccasion = (id: string, occasion: OccasionInput) =>
  request<ApiAnswer>(`/api/occasions/${encodeURIComponent(id)}`, { method: 'PUT', auth: 'customer', body: occasion });

export const deleteOccasion = (id: string) =>
  request<ApiAnswer>(`/api/occasions/${encodeURIComponent(id)}`, { method: 'DELETE', auth: 'customer' });

type UpcomingAnswer = ApiAnswer<{ data: UpcomingOccurrence[] }>;

/**
 * The occurrences of the next `days` days, soonest first, each with the order covering it (or null). `sent`: the
 * same read, sent earlier by the orders route (ordersGate), read here in place of a new one.
 */
export const getUpcoming = async (days: number, sent?: Promise<Response>) =>
  sent
    ? (await answeredBy<UpcomingAnswer>(await sent)).body
    : request<UpcomingAnswer>(upcomingPath(days), { auth: 'customer' });
