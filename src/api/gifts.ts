import type { CustomerOrder, GiftOrderInput } from '#contract/orders';
import { getToken, subscribeToStorage } from '@/lib/storage';

import { answeredBy, request, send, type Answered, type ApiAnswer, type RequestOptions } from './client';
import { GETGIFTS_PATH } from './paths';

/** The gift-order calls (docs/api.md), one function each. */

/** A conditional read's outcome: unchanged (304), or the answer with the ETag it came with (null when none). */
type IfChanged<T> = { notModified: true } | (Answered<T> & { notModified: false; etag: string | null });

/**
 * A conditional read: with `etag` (an ETag the server gave earlier) sent as If-None-Match, `notModified` when
 * the server answers 304 (what the caller holds is current); otherwise the answer as requestAnswered gives it,
 * with the ETag the server sent (null when none).
 */
async function requestIfChanged<T>(path: string, options: RequestOptions, etag: string | null): Promise<IfChanged<T>> {
  return answerIfChanged(send(path, options, etag === null ? {} : { 'If-None-Match': etag }));
}

/** The same, for a request already sent. */
async function answerIfChanged<T>(sent: Promise<Response>): Promise<IfChanged<T>> {
  const response = await sent;
  if (response.status === 304) return { notModified: true };
  return { ...(await answeredBy<T>(response)), notModified: false, etag: response.headers.get('etag') };
}

type OrdersAnswer = CustomerOrder[] | { success: false; error?: string };

/**
 * The last list getgifts answered in this tab, with its ETag and the token it was read with: sent back as
 * If-None-Match, so an unchanged list costs the server no body, and given back on its 304. In memory only
 * (the API's answers are no-store); forgotten as soon as the customer token changes or is dropped.
 */
let held: { token: string; etag: string; orders: CustomerOrder[] } | null = null;
let watchingToken = false;

function hold(token: string, etag: string, orders: CustomerOrder[]): void {
  held = { token, etag, orders };
  if (watchingToken) return;
  watchingToken = true;
  subscribeToStorage(() => {
    if (held && getToken('customer') !== held.token) held = null;
  });
}

/**
 * The caller's orders (the answer is the array itself), or a refusal. `sent`: the same read, sent earlier without
 * an ETag by the orders route (ordersGate), read here in place of a new one.
 */
export async function getGifts(sent?: Promise<Response>): Promise<OrdersAnswer> {
  const token = getToken('customer');
  const current = held && token !== null && held.token === token ? held : null;
  const answer = await (sent
    ? answerIfChanged<OrdersAnswer>(sent)
    : requestIfChanged<OrdersAnswer>(GETGIFTS_PATH, { auth: 'customer' }, current?.etag ?? null));
  if (answer.notModified) {
    // Only ever sent with a held list; a 304 without one would be the server's mistake: read again, unconditionally.
    return current ? current.orders : request<OrdersAnswer>(GETGIFTS_PATH, { auth: 'customer' });
  }
  if (token !== null && answer.etag !== null && Array.isArray(answer.body)) hold(token, answer.etag, answer.body);
  else held = null;
  return answer.body;
}

export const addGift = (order: GiftOrderInput) =>
  request<ApiAnswer<{ _id: string }>>('/api/gifts/addgift', { method: 'POST', auth: 'customer', body: order });

/** Sends the whole order; the status is never sent. */
export const updateGift = (id: string, order: GiftOrderInput & { _id?: string }) =>
  request<ApiAnswer>(`/api/gifts/updateGift/${encodeURIComponent(id)}`, {
    method: 'PUT',
    auth: 'customer',
    body: order,
  });

export const deleteGift = (id: string) =>
  request<ApiAnswer>(`/api/gifts/deleteGift/${encodeURIComponent(id)}`, { method: 'DELETE', auth: 'customer' });
