import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { isoDateFromNow, orderInput } from '../support/fixtures';
import { ADMIN_ENV, adminLogin } from './admin.helpers';
import { call, signUpWithProfile, startTestApp, type TestApp } from './helpers';
import { listOrders, placeOrder } from './orders.helpers';

/**
 * What one customer, or one slow client, may cost the server: order writes per minute per account,
 * orders in progress at once, the size of one getgifts, and how long a request may take to arrive.
 */

// Each test starts a server of its own with its own limits (a fresh database, sign-ups that hash
// passwords): on a busy machine that alone can take most of the usual 30 s.
vi.setConfig({ testTimeout: 90_000 });

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const orderCount = async (app: TestApp['app'], token: string) => (await listOrders(app, token)).length;

describe('order writes are rate-limited per customer account', () => {
  it('answers 429 to the customer over the limit, changes nothing, and leaves other customers alone', async () => {
    t = await startTestApp({ ORDER_WRITE_RATE_LIMIT: '3' });
    const busy = await signUpWithProfile(t.app);
    const other = await signUpWithProfile(t.app);
    const id = await placeOrder(t.app, busy.token);
    await placeOrder(t.app, busy.token, { recipientName: 'Second' });
    const edit = await call(t.app, {
      method: 'PUT',
      url: `/api/gifts/updateGift/${id}`,
      token: busy.token,
      payload: orderInput({ budget: '70' }),
    });
    expect(edit.status).toBe(200);

    // The fourth write in the minute, of any kind, is refused.
    for (const attempt of [
      { method: 'POST' as const, url: '/api/gifts/addgift', payload: orderInput({ recipientName: 'Third' }) },
      { method: 'PUT' as const, url: `/api/gifts/updateGift/${id}`, payload: orderInput({ budget: '90' }) },
      { method: 'DELETE' as const, url: `/api/gifts/deleteGift/${id}` },
    ]) {
      const res = await call(t.app, { ...attempt, token: busy.token });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        success: false,
        error: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds and try again\.$/),
      });
    }
    const orders = await listOrders(t.app, busy.token);
    expect(orders.map((o) => [o.recipientName, o.budget]).sort()).toEqual([
      ['Maya', '70'],
      ['Second', '50'],
    ]);
    // Reading is not a write; another customer has a limit of their own.
    expect((await call(t.app, { method: 'GET', url: '/api/gifts/getgifts', token: busy.token })).status).toBe(200);
    await placeOrder(t.app, other.token);
    expect(await orderCount(t.app, other.token)).toBe(1);
  });
});

describe('orders in progress are capped per customer', () => {
  it('refuses the order over the cap with a clear 409, and takes one again once an order is cancelled or done', async () => {
    t = await startTestApp({ MAX_OPEN_ORDERS: '2', ...ADMIN_ENV });
    const customer = await signUpWithProfile(t.app);
    const first = await placeOrder(t.app, customer.token, { recipientName: 'One' });
    const second = await placeOrder(t.app, customer.token, { recipientName: 'Two' });

    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/gifts/addgift',
      token: customer.token,
      payload: orderInput({ recipientName: 'Three' }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      error:
        'You already have 2 orders in progress, the most we take at once. Please wait until some are delivered, or cancel one, before placing another.',
    });
    expect(await orderCount(t.app, customer.token)).toBe(2);

    // Cancelling one frees a place.
    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/gifts/deleteGift/${first}`, token: customer.token })).status,
    ).toBe(200);
    await placeOrder(t.app, customer.token, { recipientName: 'Three' });

    // A finished order no longer counts.
    const admin = await adminLogin(t.app);
    for (const status of ['processed', 'finished']) {
      const moved = await call(t.app, {
        method: 'PUT',
        url: `/api/admin/updateGiftStatus/${second}`,
        token: admin,
        payload: { status },
      });
      expect(moved.status).toBe(200);
    }
    await placeOrder(t.app, customer.token, { recipientName: 'Four' });
    expect(await orderCount(t.app, customer.token)).toBe(3);
  });

  it('holds under orders placed at the same moment: exactly the cap gets through', async () => {
    t = await startTestApp({ MAX_OPEN_ORDERS: '5' });
    const customer = await signUpWithProfile(t.app);
    const app = t.app;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(app, {
          method: 'POST',
          url: '/api/gifts/addgift',
          token: customer.token,
          payload: orderInput({ recipientName: `R${i}` }),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    expect(await orderCount(t.app, customer.token)).toBe(5);
    // Each order placed has its first history entry, and no refused one left a row behind.
    const { rows } = await t.app.db.query<{ orders: string; events: string }>(
      `select (select count(*) from gift_orders)::text as orders, (select count(*) from order_status_events)::text as events`,
    );
    expect(rows[0]).toEqual({ orders: '5', events: '5' });
  });
});

describe('getgifts answers a bounded list', () => {
  it('answers every order in progress and the latest CLOSED_ORDERS_LIST_LIMIT finished or rejected ones, by date', async () => {
    t = await startTestApp({ CLOSED_ORDERS_LIST_LIMIT: '2', ...ADMIN_ENV });
    const customer = await signUpWithProfile(t.app);
    const admin = await adminLogin(t.app);
    const move = async (id: string, ...statuses: string[]) => {
      for (const status of statuses) {
        const res = await call(t!.app, {
          method: 'PUT',
          url: `/api/admin/updateGiftStatus/${id}`,
          token: admin,
          payload: { status },
        });
        expect(res.status).toBe(200);
      }
    };
    // In progress, and due sooner than every closed order: still answered, or the customer could not see or cancel them.
    await placeOrder(t.app, customer.token, { recipientName: 'New soon', date: isoDateFromNow(3) });
    await move(
      await placeOrder(t.app, customer.token, { recipientName: 'Processed soon', date: isoDateFromNow(4) }),
      'processed',
    );
    await move(
      await placeOrder(t.app, customer.token, { recipientName: 'Finished 10', date: isoDateFromNow(10) }),
      'processed',
      'finished',
    );
    await move(
      await placeOrder(t.app, customer.token, { recipientName: 'Rejected 20', date: isoDateFromNow(20) }),
      'rejected',
    );
    await move(
      await placeOrder(t.app, customer.token, { recipientName: 'Finished 40', date: isoDateFromNow(40) }),
      'processed',
      'finished',
    );
    await move(
      await placeOrder(t.app, customer.token, { recipientName: 'Rejected 30', date: isoDateFromNow(30) }),
      'rejected',
    );
    const orders = await listOrders(t.app, customer.token);
    expect(orders.map((o) => o.recipientName)).toEqual(['New soon', 'Processed soon', 'Rejected 30', 'Finished 40']);
  });
});

describe('every API answer forbids caching', () => {
  it('sets Cache-Control: no-store on successes, refusals, unknown API paths and rate limits, not on the site', async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '1', ...ADMIN_ENV });
    const customer = await signUpWithProfile(t.app);
    const admin = await adminLogin(t.app);
    const cases = [
      { method: 'GET' as const, url: '/api/auth/check', headers: { 'auth-token': customer.token }, status: 200 },
      {
        method: 'GET' as const,
        url: '/api/auth/getUserDetails',
        headers: { 'auth-token': customer.token },
        status: 200,
      },
      { method: 'GET' as const, url: '/api/gifts/getgifts', headers: { 'auth-token': customer.token }, status: 200 },
      { method: 'GET' as const, url: '/api/gifts/getgifts', status: 401 },
      {
        method: 'POST' as const,
        url: '/api/admin/getOrders',
        headers: { 'auth-token': admin },
        payload: { status: 'new' },
        status: 200,
      },
      {
        method: 'POST' as const,
        url: '/api/admin/getOrders',
        headers: { 'auth-token': admin },
        payload: { status: 'lost' },
        status: 400,
      },
      { method: 'GET' as const, url: '/api/no-such-call', status: 404 },
      { method: 'GET' as const, url: '/api', status: 404 },
      // Refused by the router, before any hook runs: an over-long or malformed id in the address.
      {
        method: 'DELETE' as const,
        url: `/api/gifts/deleteGift/${'a'.repeat(300)}`,
        headers: { 'auth-token': customer.token },
        status: 414,
      },
      {
        method: 'DELETE' as const,
        url: '/api/gifts/deleteGift/%zz',
        headers: { 'auth-token': customer.token },
        status: 400,
      },
      // AUTH_RATE_LIMIT is 1 a minute here: the second sign-in is refused.
      {
        method: 'POST' as const,
        url: '/api/auth/loginuser',
        payload: { email: customer.email, password: 'wrong' },
        status: 401,
      },
      {
        method: 'POST' as const,
        url: '/api/auth/loginuser',
        payload: { email: customer.email, password: 'wrong' },
        status: 429,
      },
    ];
    for (const { status, ...request } of cases) {
      const res = await t.app.inject(request);
      expect([request.url, res.statusCode]).toEqual([request.url, status]);
      expect([request.url, res.headers['cache-control']]).toEqual([request.url, 'no-store']);
    }
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['cache-control']).not.toBe('no-store');
  });
});

describe('request ids', () => {
  it('makes its own id when the client names one (TRUST_PROXY off)', async () => {
    t = await startTestApp();
    const chosen = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    expect(chosen.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('keeps the id a trusted proxy names (TRUST_PROXY=true)', async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'from-the-proxy' },
    });
    expect(proxied.headers['x-request-id']).toBe('from-the-proxy');
  });
});

/** Sends `head` at once, then one byte of `trickle` every `everyMs`; resolves with what the server said and when it hung up. */
function slowClient(port: number, head: string, trickle: string, everyMs: number) {
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < trickle.length && !socket.destroyed) socket.write(trickle[sent++]);
      }, everyMs);
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the server kept a slow client for 15 s (it said: ${JSON.stringify(answer.slice(0, 80))})`));
    }, 15_000);
  });
}

describe('slow clients are cut off', () => {
  // One server for the four: each limit is one second or two, and each test's client trips only its own.
  let slow: TestApp;
  let port: number;
  beforeAll(async () => {
    slow = await startTestApp({
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '2000',
      KEEP_ALIVE_TIMEOUT_MS: '1000',
      CONNECTION_TIMEOUT_MS: '1000',
    });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    port = (slow.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => slow.close());

  it('closes a connection whose headers or body arrive too slowly', async () => {
    const slowHeaders = await slowClient(
      port,
      'GET /healthz HTTP/1.1\r\nHost: localhost\r\n',
      'X-Slow: ' + 'a'.repeat(200),
      200,
    );
    expect(slowHeaders.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(slowHeaders.closedAfterMs).toBeLessThan(5_000);

    const body = JSON.stringify({
      type: 'Support',
      Pname: 'Slow',
      Pemail: 'slow@example.com',
      details: 'x'.repeat(100),
    });
    const slowBody = await slowClient(
      port,
      `POST /api/auth/putNote HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      200,
    );
    expect(slowBody.closedAfterMs).toBeLessThan(6_000);
    const { rows } = await slow.app.db.query('select 1 from notes');
    expect(rows).toHaveLength(0);
  });

  it('closes a kept-alive connection that sends no next request within KEEP_ALIVE_TIMEOUT_MS', async () => {
    // One whole request, answered, then silence on a connection the client asked to keep.
    const idle = await slowClient(
      port,
      'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n',
      '',
      200,
    );
    expect(idle.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(idle.answer).toMatch(/keep-alive: timeout=1\r\n/i);
    // Node allows one second beyond keepAliveTimeout.
    expect(idle.closedAfterMs).toBeLessThan(5_000);
  });

  it('closes a connection whose client stops reading its answers', async () => {
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        slow.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
      );

    // Asks for many answers at once (far more than the socket buffers hold) and never reads them, so the
    // server's writes stall with the connection otherwise idle.
    const reader = net.connect(port, '127.0.0.1');
    reader.pause();
    reader.on('error', () => undefined);
    await new Promise<void>((resolve) => reader.on('connect', resolve));
    reader.write('GET /api/docs HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(400));
    try {
      await expect.poll(connections, { timeout: 4_000, interval: 250 }).toBe(1);
      await expect.poll(connections, { timeout: 10_000, interval: 250 }).toBe(0);
    } finally {
      reader.destroy();
    }
  });
});
