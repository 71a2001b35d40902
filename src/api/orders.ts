import type { AnswerOf, BodyOf, SuccessOf } from '#contract/api';
import * as routes from '#contract/routes';
import { getToken, subscribeToStorage } from '@/lib/storage';

import { answeredBy, call, send, type Answered } from './client';

/** The customer's order calls (docs/api.md), one function each. */

type OrderList = SuccessOf<'getOrders'>;
type OrdersAnswer = AnswerOf<'getOrders'>;

/** The list a reader last got, with its ETag and the token it was read with. */
interface HeldList {
  token: string;
  etag: string;
  orders: OrderList;
}

/** A conditional read's outcome: unchanged (304), or the answer with the ETag it came with (null when none). */
type IfChanged = { notModified: true } | (Answered<OrdersAnswer> & { notModified: false; etag: string | null });

async function answerIfChanged(sent: Promise<Response>): Promise<IfChanged> {
  const response = await sent;
  if (response.status === 304) return { notModified: true };
  return { ...(await answeredBy(routes.getOrders, response)), notModified: false, etag: response.headers.get('etag') };
}

/**
 * Reads the caller's orders, holding the last list getgifts answered with its ETag and the token it was read
 * with: sent back as If-None-Match, so an unchanged list costs the server no body, and given back on its 304. In
 * memory only (the API's answers are no-store); forgotten as soon as the customer token changes or is dropped.
 * The orders feature makes one for the tab.
 */
export function createOrdersReader() {
  let held: HeldList | null = null;
  let stopWatching: (() => void) | null = null;

  function hold(list: HeldList): void {
    held = list;
    stopWatching ??= subscribeToStorage(() => {
      if (held && getToken('customer') !== held.token) held = null;
    });
  }

  /**
   * The caller's orders (the answer is the array itself), or a refusal. `sent`: the same read, sent earlier without
   * an ETag by the orders route (ordersGate), read here in place of a new one.
   */
  async function getOrders(sent?: Promise<Response>): Promise<OrdersAnswer> {
    const token = getToken('customer');
    const current = held && token !== null && held.token === token ? held : null;
    const headers: Record<string, string> = current ? { 'If-None-Match': current.etag } : {};
    const answer = await answerIfChanged(sent ?? send(routes.getOrders, {}, { headers }));
    if (answer.notModified) {
      // Only ever sent with a held list; a 304 without one would be the server's mistake: read again, unconditionally.
      return current ? current.orders : call(routes.getOrders);
    }
    if (token !== null && answer.etag !== null && Array.isArray(answer.body))
      hold({ token, etag: answer.etag, orders: answer.body });
    else held = null;
    return answer.body;
  }

  return { getOrders };
}

export type OrdersReader = ReturnType<typeof createOrdersReader>;

export const addOrder = (order: BodyOf<'addOrder'>) => call(routes.addOrder, { body: order });

/** Sends the whole order; the status is never sent. */
export const updateOrder = (id: string, order: BodyOf<'updateOrder'>) =>
  call(routes.updateOrder, { params: { id }, body: order });

export const deleteOrder = (id: string) => call(routes.deleteOrder, { params: { id } });

/** Says how the gift of a delivered order went (sent again, it replaces the last). */
export const rateGift = (id: string, body: BodyOf<'rateGift'>) => call(routes.rateGift, { params: { id }, body });

/** The days each gift option needs and the customer's today: the order form's earliest delivery date. */
export const getLeadTimes = () => call(routes.getLeadTimes);
