import type { UpcomingOccurrence } from '#contract/occasions';
import type { GiftOrder } from '#contract/orders';
import { getGifts } from '@/api/gifts';

import { loadUpcoming } from './upcoming';

/** The screen's two opening reads (its list and the coming dates), as requests already sent (ordersGate). */
export interface OpeningReads {
  orders: Promise<Response>;
  upcoming: Promise<Response>;
}

/**
 * One load of the orders screen: the server's list of orders, or the fact that there was none, and beside
 * it the coming occurrences of the customer's occasions (null when they could not be loaded).
 */
export type OrdersLoad = ({ ok: true; orders: GiftOrder[] } | { ok: false }) & {
  upcoming: UpcomingOccurrence[] | null;
};

/** The screen's loader: the orders and the coming occasions, side by side; `sent`, those reads already sent. */
export async function loadOrdersScreen(sent?: OpeningReads): Promise<OrdersLoad> {
  const [orders, upcoming] = await Promise.all([loadOrders(sent?.orders), loadUpcoming(sent?.upcoming)]);
  return { ...orders, upcoming };
}

/**
 * The list's loader, run on the first load and on every refresh (a day pick, All Orders, after a
 * write). A failed load is logged and reported, never thrown: the screen keeps what it had and says so.
 */
export async function loadOrders(sent?: Promise<Response>): Promise<{ ok: true; orders: GiftOrder[] } | { ok: false }> {
  try {
    const answer = await getGifts(sent);
    if (Array.isArray(answer)) return { ok: true, orders: answer };
    console.error('Loading orders failed', answer.error);
  } catch (err) {
    console.error('Loading orders failed', err);
  }
  return { ok: false };
}
