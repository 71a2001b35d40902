import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { api, type RouteName } from '#contract/api';
import { maybeSecondFactorWanted } from '#contract/secondFactor';

import { startTestApp, type TestApp } from './helpers';

/**
 * The route table (contract/routes.ts, contract/api.ts) is the API: the server serves under /api exactly the calls
 * it lists, each behind the token it names. A route registered beside the table, or an entry the server does not
 * serve, fails here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NAMES = Object.keys(api) as RouteName[];

/** "METHOD /path" of every route the app serves, read from Fastify's route tree (HEAD is Fastify's own, beside GET). */
function servedRoutes(): string[] {
  const served: string[] = [];
  const parents: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const path = (parents[depth - 1] ?? '') + match[2];
    parents[depth] = path;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') served.push(`${method} ${path}`);
  }
  return served;
}

describe('the route table', () => {
  it('lists every route the server serves under /api, and the server serves every route it lists', () => {
    const served = servedRoutes().filter((route) => route.split(' ')[1].startsWith('/api/'));
    const listed = NAMES.map((name) => `${api[name].method} ${api[name].path}`);
    expect(served.sort()).toEqual(listed.sort());
  });

  it.each(NAMES.filter((name) => api[name].auth !== 'none'))(
    '%s refuses a request without a token with 401, before reading anything else',
    async (name) => {
      const { method, path } = api[name];
      const res = await t.app.inject({ method, url: path.replace(/:\w+/g, 'x') });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        error: api[name].auth === 'admin' ? 'Please sign in as an admin again' : 'Please sign in again',
      });
    },
  );

  it.each(NAMES.filter((name) => api[name].auth === 'none'))('%s needs no token', async (name) => {
    const { method, path } = api[name];
    const res = await t.app.inject({ method, url: path.replace(/:\w+/g, 'x') });
    expect(res.statusCode).not.toBe(401);
  });

  it('documents the fresh-code refusal (403 with secondFactor) on every call it gates, and gates only admin calls', () => {
    const gated = NAMES.filter((name) => api[name].freshCode);
    expect(gated.filter((name) => api[name].auth !== 'admin')).toEqual([]);
    expect(
      gated.filter((name) => (api[name].answers as Record<number, unknown>)[403] !== maybeSecondFactorWanted),
    ).toEqual([]);
  });
});
