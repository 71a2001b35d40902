import type { UpcomingOccurrence } from '#contract/occasions';
import type { Order } from '#contract/orders';
import { createOrdersReader } from '@/api/orders';
import { dateInWords } from '@/lib/dateWords';

import { loadUpcoming } from './upcoming';

/** The screen's two opening reads (its list and the coming dates), as requests already sent (ordersGate). */
export interface OpeningReads {
  orders: Promise<Response>;
  upcoming: Promise<Response>;
}

/** The tab's reads of the list: it keeps the last list and its ETag for the next conditional read. */
const ordersReader = createOrdersReader();

/**
 * One load of the orders screen: the server's list of orders, or the fact that there was none, and beside
 * it the coming occurrences of the customer's occasions (null when they could not be loaded).
 */
export type OrdersLoad = ({ ok: true; orders: Order[] } | { ok: false }) & {
  upcoming: UpcomingOccurrence[] | null;
};

/** The screen's loader: the orders and the coming occasions, side by side; `sent`, those reads already sent. */
export async function loadOrdersScreen(sent?: OpeningReads): Promise<OrdersLoad> {
  prepareDateWords();
  const [orders, upcoming] = await Promise.all([loadOrders(sent?.orders), loadUpcoming(sent?.upcoming)]);
  return { ...orders, upcoming };
}

/**
 * The list's loader, run on the first load and on every refresh (a day pick, All Orders, after a
 * write). A failed load is logged and reported, never thrown: the screen keeps what it had and says so.
 */
export async function loadOrders(sent?: Promise<Response>): Promise<{ ok: true; orders: Order[] } | { ok: false }> {
  try {
    const answer = await ordersReader.getOrders(sent);
    if (Array.isArray(answer)) return { ok: true, orders: answer };
    console.error('Loading orders failed', answer.error);
  } catch (err) {
    console.error('Loading orders failed', err);
  }
  return { ok: false };
}

/**
 * Every card writes its date in words. The page's first date formatter costs 15–20 ms to make (the locale's data is
 * loaded then): made while the reads are out, it is not made after the list has come, when the cards wait for it.
 * Formatters are kept (contract/dateWords.ts): this year's dates and later years' each have one.
 */
function prepareDateWords(): void {
  const year = new Date().getFullYear();
  try {
    for (const date of [`${year}-01-01`, `${year + 1}-01-01`]) dateInWords(date, { weekday: true });
  } catch {
    // Only a head start: a place with no locale to ask (no navigator) writes its dates when the cards do.
  }
}
