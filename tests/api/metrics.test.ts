import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { occasionInput } from '../support/fixtures';
import { call, PASSWORD, signUpWithProfile, startTestApp, until, type TestApp } from './helpers';

/**
 * GET /metrics (Prometheus text format) answers only on METRICS_PORT, never on the public port. One port per
 * project (api, api-postgres), so the two runs of this file may run at once.
 */
const METRICS_PORT = inject('postgresUrl') ? 4711 : 4710;
const metricsUrl = `http://127.0.0.1:${METRICS_PORT}/metrics`;

/** The value of the one sample `series{labels}` in a scrape, or undefined. */
function sample(scrape: string, series: string, labels = ''): number | undefined {
  const line = scrape.split('\n').find((l) => l.startsWith(`${series}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

async function scrape(): Promise<string> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return res.text();
}

describe('/metrics without METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is not served at all: 404 like any unknown path, and nothing listens for it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    await expect(fetch(metricsUrl)).rejects.toThrow();
  });
});

describe('/metrics on METRICS_PORT', () => {
  let t: TestApp;
  let customer: { token: string; email: string };
  let orderId: string;

  beforeAll(async () => {
    t = await startTestApp({ METRICS_PORT: String(METRICS_PORT) });
    customer = await signUpWithProfile(t.app);
    const added = await call(t.app, {
      method: 'POST',
      url: '/api/gifts/addgift',
      token: customer.token,
      payload: {
        recipientName: 'Metrics Friend',
        relationship: 'Friend',
        occasion: 'Birthday',
        address: '1 Metric Way',
        phoneNumber: '5550001111',
        email: 'friend@example.com',
        interests: 'Books',
        budget: '30',
        date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(added.status).toBe(201);
    orderId = added.body._id as string;
    for (let i = 0; i < 3; i += 1)
      await call(t.app, { method: 'GET', url: '/api/gifts/getgifts', token: customer.token });
    await call(t.app, {
      method: 'DELETE',
      url: `/api/gifts/deleteGift/${orderId}?from=metrics-test`,
      token: customer.token,
    });
    await call(t.app, {
      method: 'POST',
      url: '/api/auth/loginuser',
      payload: { email: customer.email, password: 'wrong one' },
    });
    await t.app.inject({ method: 'GET', url: '/api/no/such/call/12345' });
  });
  afterAll(() => t.close());

  it('is still not served on the public port', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('counts requests and their duration per route pattern, method and status', async () => {
    const text = await scrape();
    const series = 'giftwise_http_request_duration_seconds_count';
    expect(sample(text, series, 'method="GET",route="/api/gifts/getgifts",status_code="200"')).toBe(3);
    expect(sample(text, series, 'method="POST",route="/api/gifts/addgift",status_code="201"')).toBe(1);
    expect(sample(text, series, 'method="DELETE",route="/api/gifts/deleteGift/:id",status_code="200"')).toBe(1);
    expect(sample(text, series, 'method="POST",route="/api/auth/loginuser",status_code="401"')).toBe(1);
    // Paths that match no route are one series, whatever the path (here /api/no/such/call/12345 and the
    // probe of /metrics on the public port above): no label per address.
    expect(sample(text, series, 'method="GET",route="(no route)",status_code="404"')).toBe(2);
    expect(text).toContain('giftwise_http_request_duration_seconds_bucket{le="0.05",method="GET"');
    expect(
      sample(
        text,
        'giftwise_http_request_duration_seconds_sum',
        'method="GET",route="/api/gifts/getgifts",status_code="200"',
      ),
    ).toBeGreaterThan(0);
    // Route patterns only: no order id, no query string, no raw address.
    expect(text).not.toContain(orderId);
    expect(text).not.toContain('metrics-test');
    expect(text).not.toContain('12345');
  });

  it('reports the database connections in use, idle and waiting (PostgreSQL), and that the database answers', async () => {
    const text = await scrape();
    expect(sample(text, 'giftwise_database_up')).toBe(1);
    if (!t.databaseUrl) {
      // PGlite runs each statement to the end on the server's own thread: at a scrape it is never in use.
      expect(text).not.toContain('giftwise_db_pool_connections{');
      return;
    }
    expect(sample(text, 'giftwise_db_pool_max_connections')).toBe(10);
    const inUse = sample(text, 'giftwise_db_pool_connections', 'state="in_use"')!;
    const idle = sample(text, 'giftwise_db_pool_connections', 'state="idle"')!;
    expect(inUse).toBeGreaterThanOrEqual(0);
    // The connections opened for the requests above stay in the pool, idle.
    expect(idle).toBeGreaterThanOrEqual(1);
    expect(inUse + idle).toBeLessThanOrEqual(10);
    expect(sample(text, 'giftwise_db_pool_waiting_requests')).toBe(0);
  });

  it('reports the mail queue by status and the age of the oldest pending email, read at scrape time', async () => {
    // Sign-up queued a verification email: counted as pending until the worker delivers it, so wait for that.
    await until(async () => {
      const { rows } = await t.app.db.query<{ n: number }>(
        `select count(*)::int as n from mail_queue where status = 'pending'`,
      );
      return rows[0].n === 0;
    }, 'the sign-up email delivered');
    // Two emails the worker will not touch yet (due in an hour), one queued 10 minutes ago, and one failed.
    await t.app.db.exec(`
      insert into mail_queue (to_address, subject, body, status, created_at, next_attempt_at) values
        ('a@example.com', 'old', 'x', 'pending', now() - interval '10 minutes', now() + interval '1 hour'),
        ('b@example.com', 'new', 'x', 'pending', now(), now() + interval '1 hour'),
        ('c@example.com', 'gave up', 'x', 'failed', now() - interval '1 day', now());
    `);
    const text = await scrape();
    expect(sample(text, 'giftwise_mail_queue_emails', 'status="pending"')).toBe(2);
    expect(sample(text, 'giftwise_mail_queue_emails', 'status="failed"')).toBe(1);
    const age = sample(text, 'giftwise_mail_queue_oldest_pending_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(700);
  });

  it("reports the reminder run's last success and how far behind it is", async () => {
    const text = await scrape();
    // The first run starts with the app; it has succeeded (nothing was due).
    const last = sample(text, 'giftwise_reminder_last_success_timestamp_seconds')!;
    expect(Math.abs(last - Date.now() / 1000)).toBeLessThan(60);
    expect(sample(text, 'giftwise_reminder_lag_seconds')).toBe(0);

    // An occasion whose check came 15 minutes ago and has not been done: the run is 15 minutes behind.
    const added = await call(t.app, {
      method: 'POST',
      url: '/api/occasions',
      token: customer.token,
      payload: occasionInput(),
    });
    expect(added.status).toBe(201);
    await t.app.db.query(`update occasions set next_check_at = now() - interval '15 minutes' where id = $1`, [
      added.body._id,
    ]);
    const lag = sample(await scrape(), 'giftwise_reminder_lag_seconds')!;
    expect(lag).toBeGreaterThanOrEqual(900);
    expect(lag).toBeLessThan(1000);
  });

  it("includes the process defaults, and never a token, a password or the database's address", async () => {
    const text = await scrape();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).not.toContain(customer.token);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(customer.email);
    if (t.databaseUrl) expect(text).not.toContain(new URL(t.databaseUrl).host);
  });

  it('answers nothing else on its port', async () => {
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/api/gifts/getgifts`)).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(405);
  });
});
