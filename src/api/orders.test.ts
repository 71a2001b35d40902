import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CustomerOrder } from '#contract/orders';
import { clearToken, setToken } from '@/lib/storage';
import { MemoryStorage, spyOnFetch } from '@/test/fetchSpy';

import { createOrdersReader, type OrdersReader } from './orders';

const order = (recipientName: string) => ({ _id: recipientName, recipientName, status: 'new' }) as CustomerOrder;
const LIST_A = [order('Ann')];
const LIST_B = [order('Ann'), order('Bob')];

/** The server's answers, one per call, in turn. */
function serverAnswers(...answers: (() => Response)[]) {
  let next = 0;
  return spyOnFetch(() => answers[Math.min(next++, answers.length - 1)]());
}
const list = (orders: CustomerOrder[], etag: string) => () => Response.json(orders, { headers: { etag } });
const notModified = (etag: string) => () => new Response(null, { status: 304, headers: { etag } });
const refused = () => Response.json({ success: false, error: 'Please sign in again' }, { status: 401 });

let getOrders: OrdersReader['getOrders'];
beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  // Token changes are announced on window (the storage module's event).
  vi.stubGlobal('window', new EventTarget());
  // Each test starts with a reader of its own, holding no list.
  ({ getOrders } = createOrdersReader());
  setToken('customer', 'token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an orders reader: conditional reads', () => {
  it('sends the last ETag back and gives the list it came with back on a 304', async () => {
    const { sent } = serverAnswers(list(LIST_A, 'W/"v1"'), notModified('W/"v1"'));
    expect(await getOrders()).toEqual(LIST_A);
    expect(sent(0).headers['If-None-Match']).toBeUndefined();
    expect(await getOrders()).toEqual(LIST_A);
    expect(sent(1).headers['If-None-Match']).toBe('W/"v1"');
    expect(sent(1).headers['auth-token']).toBe('token-1');
  });

  it('takes a changed list and its new ETag in place of the held one', async () => {
    const { sent } = serverAnswers(list(LIST_A, 'W/"v1"'), list(LIST_B, 'W/"v2"'), notModified('W/"v2"'));
    await getOrders();
    expect(await getOrders()).toEqual(LIST_B);
    expect(await getOrders()).toEqual(LIST_B);
    expect(sent(2).headers['If-None-Match']).toBe('W/"v2"');
  });

  it('forgets the list when the customer token changes or is dropped', async () => {
    const { sent } = serverAnswers(list(LIST_A, 'W/"v1"'));
    await getOrders();
    setToken('customer', 'token-2');
    await getOrders();
    expect(sent(1).headers['If-None-Match']).toBeUndefined();
    clearToken('customer');
    setToken('customer', 'token-2');
    await getOrders();
    expect(sent(2).headers['If-None-Match']).toBeUndefined();
  });

  it('forgets the list after a refusal, and holds nothing from an answer without an ETag', async () => {
    const { sent } = serverAnswers(list(LIST_A, 'W/"v1"'), refused, () => Response.json(LIST_B), list(LIST_A, 'x'));
    await getOrders();
    expect(await getOrders()).toEqual({ success: false, error: 'Please sign in again' });
    expect(await getOrders()).toEqual(LIST_B);
    await getOrders();
    expect(sent(2).headers['If-None-Match']).toBeUndefined();
    expect(sent(3).headers['If-None-Match']).toBeUndefined();
  });
});
