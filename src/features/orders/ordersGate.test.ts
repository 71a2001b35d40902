import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CustomerOrder } from '#contract/orders';
import { setToken } from '@/lib/storage';
import { MemoryStorage, spyOnFetch } from '@/test/fetchSpy';

const LIST = [{ _id: 'a1', recipientName: 'Ann', status: 'new' }] as CustomerOrder[];

let loadOrdersList: typeof import('./ordersGate').loadOrdersList;
beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', new EventTarget());
  // Each test starts in a new tab: the list's module not loaded yet, no list held.
  vi.resetModules();
  ({ loadOrdersList } = await import('./ordersGate'));
  setToken('customer', 'token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loadOrdersList', () => {
  it("sends the list's reads before its module has arrived, and reads their answers through it", async () => {
    const { spy, sent } = spyOnFetch();
    spy.mockImplementation(async (url) =>
      String(url).includes('/api/gifts/getgifts')
        ? Response.json(LIST, { headers: { etag: 'W/"v1"' } })
        : Response.json({ success: true, data: [] }),
    );
    let arrive!: (module: typeof import('./ordersList')) => void;
    const loading = loadOrdersList(() => new Promise((resolve) => (arrive = resolve)));

    // Both reads are out while the module is still on its way.
    expect(spy.mock.calls.map(([url]) => String(url))).toEqual([
      expect.stringContaining('/api/gifts/getgifts'),
      expect.stringContaining('/api/occasions/upcoming?days=366'),
    ]);
    expect(sent(0).headers['auth-token']).toBe('token-1');
    arrive(await import('./ordersList'));
    expect(await loading).toEqual({ ok: true, orders: LIST, upcoming: [] });
    expect(spy).toHaveBeenCalledTimes(2);

    // A later load (a refresh) goes through the module, with the held list's ETag.
    spy.mockImplementation(async (url) =>
      String(url).includes('/api/gifts/getgifts')
        ? new Response(null, { status: 304, headers: { etag: 'W/"v1"' } })
        : Response.json({ success: true, data: [] }),
    );
    const again = await loadOrdersList(() => Promise.reject(new Error('the module is loaded once')));
    expect(again).toEqual({ ok: true, orders: LIST, upcoming: [] });
    expect(sent(2).headers['If-None-Match']).toBe('W/"v1"');
  });

  it("reports a failed read as the screen's failed load, not a thrown error", async () => {
    const { spy } = spyOnFetch();
    spy.mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = await loadOrdersList(() => import('./ordersList'));
    expect(load).toEqual({ ok: false, upcoming: null });
    expect(console.error).toHaveBeenCalledWith('Loading orders failed', expect.anything());
  });
});
