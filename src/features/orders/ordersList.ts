import type { GiftOrder } from '#contract/gifts';
import { getGifts } from '@/api/gifts';

/** One load of the orders list: the server's answer, or the fact that there was none. */
export type OrdersLoad = { ok: true; orders: GiftOrder[] } | { ok: false };

/**
 * The list's loader, run on the first load and on every refresh (a day pick, All Orders, after a
 * write). A failed load is logged and reported, never thrown: the screen keeps what it had and says so.
 */
export async function loadOrders(): Promise<OrdersLoad> {
  try {
    const answer = await getGifts();
    if (Array.isArray(answer)) return { ok: true, orders: answer };
    console.error('Loading orders failed', answer.error);
  } catch (err) {
    console.error('Loading orders failed', err);
  }
  return { ok: false };
}
