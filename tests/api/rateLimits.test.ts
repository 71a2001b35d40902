import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { openAppOn } from './admin.helpers';
import { migratedDataDir, startTestApp, type TestApp } from './helpers';

/**
 * Rate limits are counted in the database (table rate_limit_hits), so every server on one database shares one
 * count: the answers stay those of @fastify/rate-limit (429, its headers, our message), and the count outlives
 * the process that made it. tests/faults/rate-limits.test.ts runs two server processes on one PostgreSQL.
 */
const WRONG_SIGN_IN = { email: 'limits@example.com', password: 'not the password' };
const signIn = (app: FastifyInstance, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/loginuser', payload: WRONG_SIGN_IN, remoteAddress });

describe('a rate limit', () => {
  // One server for these tests; each uses client addresses of its own.
  let t: TestApp;
  beforeAll(async () => {
    // The per-account sign-in throttle (sign-in-throttle.test.ts) is kept out of the way of the per-address limit.
    t = await startTestApp({ AUTH_RATE_LIMIT: '3', SIGN_IN_FREE_FAILURES: '100' });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('answers as before: the limit and what is left on each allowed request, then 429 with Retry-After and the wait in words', async () => {
    for (const remaining of ['2', '1', '0']) {
      const res = await signIn(t.app);
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      expect(res.headers['x-ratelimit-remaining']).toBe(remaining);
      const reset = Number(res.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
      expect(res.headers['retry-after']).toBeUndefined();
    }
    const refused = await signIn(t.app);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-reset']).toBe(String(wait));
    expect(refused.json()).toEqual({
      success: false,
      error: `Too many attempts. Please wait ${wait} seconds and try again.`,
    });
  });

  it('counts each call and each client address apart', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(t.app, '203.0.113.9')).statusCode).toBe(401);
    expect((await signIn(t.app, '203.0.113.9')).statusCode).toBe(429);
    // Another call from the same address, and the same call from another address, have budgets of their own.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/createUser',
      payload: { name: 'R', email: 'bad', password: 'x' },
      remoteAddress: '203.0.113.9',
    });
    expect(signUp.statusCode).toBe(400);
    expect((await signIn(t.app, '203.0.113.10')).statusCode).toBe(401);
  });

  it('keeps no client address in the database, and deletes windows that have ended', async () => {
    // A window that ended an hour ago, left by some earlier server.
    await t.app.db.query(
      `insert into rate_limit_hits (key, window_ends_at, hits) values ('ended', now() - interval '1 hour', 3)`,
    );
    // This server last deleted ended windows with its first counted request; a minute on, it does again.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await signIn(t.app, '198.51.100.7')).statusCode).toBe(401);
    const { rows } = await t.app.db.query<{ key: string; hits: number }>('select key, hits from rate_limit_hits');
    expect(rows.map((r) => r.key)).not.toContain('ended');
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets requests through, with a warning in the log, while the database cannot count; then counts again', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    await t.app.db.query('alter table rate_limit_hits rename to rate_limit_hits_away');
    try {
      for (let i = 0; i < 4; i++) expect((await signIn(t.app, '192.0.2.44')).statusCode).toBe(401);
    } finally {
      await t.app.db.query('alter table rate_limit_hits_away rename to rate_limit_hits');
    }
    const warnings = warn.mock.calls.map((args) => JSON.stringify(args));
    expect(warnings).toHaveLength(4);
    expect(warnings[0]).toContain('rate limit not counted');
    expect(warnings.filter((w) => w.includes('192.0.2.44'))).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await signIn(t.app, '192.0.2.44')).statusCode).toBe(401);
    expect((await signIn(t.app, '192.0.2.44')).statusCode).toBe(429);
  });
});

describe('the count', () => {
  it('is kept in the database: a server restarted on it refuses what the last one allowed', async () => {
    const dir = migratedDataDir('giftwise-limits-');
    try {
      const first = await openAppOn(dir, { AUTH_RATE_LIMIT: '3' });
      try {
        for (let i = 0; i < 3; i++) expect((await signIn(first.app)).statusCode).toBe(401);
      } finally {
        await first.app.close();
      }
      const second = await openAppOn(dir, { AUTH_RATE_LIMIT: '3' });
      try {
        expect((await signIn(second.app)).statusCode).toBe(429);
      } finally {
        await second.app.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
