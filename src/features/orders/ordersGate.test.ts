import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CustomerOrder } from '#contract/orders';
import { setToken } from '@/lib/storage';
import { MemoryStorage, spyOnFetch } from '@/test/fetchSpy';

const LIST = [{ _id: 'a1', recipientName: 'Ann', status: 'new' }] as CustomerOrder[];

let ordersListLoader: typeof import('./ordersGate').ordersListLoader;
beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', new EventTarget());
  // Each test starts in a new tab: no list held (and each test makes its own loader, which has no module yet).
  vi.resetModules();
  ({ ordersListLoader } = await import('./ordersGate'));
  setToken('customer', 'token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ordersListLoader', () => {
  it("sends the list's reads before its module has arrived, and reads their answers through it", async () => {
    const { spy, sent } = spyOnFetch();
    spy.mockImplementation(async (url) =>
      String(url).includes('/api/gifts/getgifts')
        ? Response.json(LIST, { headers: { etag: 'W/"v1"' } })
        : Response.json({ success: true, data: [] }),
    );
    let arrive!: (module: typeof import('./ordersLoader')) => void;
    const load = vi.fn(() => new Promise<typeof import('./ordersLoader')>((resolve) => (arrive = resolve)));
    const loader = ordersListLoader(load);
    const loading = loader();

    // Both reads are out while the module is still on its way, the quick one first: on PGlite, which runs one
    // query at a time, the coming dates asked second waited behind a long list and held the screen back.
    expect(spy.mock.calls.map(([url]) => String(url))).toEqual([
      expect.stringContaining('/api/occasions/upcoming?days=366'),
      expect.stringContaining('/api/gifts/getgifts'),
    ]);
    expect(sent(1).headers['auth-token']).toBe('token-1');
    arrive(await import('./ordersLoader'));
    expect(await loading).toEqual({ ok: true, orders: LIST, upcoming: [] });
    expect(spy).toHaveBeenCalledTimes(2);

    // A later load (a refresh) goes through the module, with the held list's ETag.
    spy.mockImplementation(async (url) =>
      String(url).includes('/api/gifts/getgifts')
        ? new Response(null, { status: 304, headers: { etag: 'W/"v1"' } })
        : Response.json({ success: true, data: [] }),
    );
    const again = await loader();
    expect(again).toEqual({ ok: true, orders: LIST, upcoming: [] });
    expect(load).toHaveBeenCalledTimes(1);
    expect(sent(2).headers['If-None-Match']).toBe('W/"v1"');
  });

  it("reports a failed read as the screen's failed load, not a thrown error", async () => {
    const { spy } = spyOnFetch();
    spy.mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = await ordersListLoader(() => import('./ordersLoader'))();
    expect(load).toEqual({ ok: false, upcoming: null });
    expect(console.error).toHaveBeenCalledWith('Loading orders failed', expect.anything());
  });
});
