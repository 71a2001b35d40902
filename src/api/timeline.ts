import * as routes from '#contract/routes';

import { call } from './client';

/** An order's timeline for its customer, and staff's internal notes (docs/api.md). */

export const getOrderTimeline = (orderId: string) => call(routes.getOrderTimeline, { params: { id: orderId } });

export const addOrderNote = (orderId: string, body: string) =>
  call(routes.addOrderNote, { params: { id: orderId }, body: { body } });
