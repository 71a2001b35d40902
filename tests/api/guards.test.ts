import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ADMIN_ENV, adminLogin } from './admin.helpers';
import { signUp, startTestApp, type TestApp } from './helpers';

/**
 * Every call that needs a session checks it first, before its body is read or validated: without
 * a live session of its kind the answer is 401 whatever the body says, so a caller learns nothing
 * about a call it may not make. The guarded calls are the ones the OpenAPI document marks with a
 * token (the openapi tests hold that list to the routes).
 */
let t: TestApp;
let tokens: { customer: string; admin: string };
let guarded: Array<{ method: InjectOptions['method']; url: string; kind: 'customer' | 'admin' }>;

beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  tokens = { customer: (await signUp(t.app)).token, admin: await adminLogin(t.app) };
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
    paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
  };
  guarded = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.security)
      .map(([method, op]) => ({
        method: method.toUpperCase() as InjectOptions['method'],
        url: path.replace('{id}', randomUUID()),
        kind: 'adminToken' in (op.security?.[0] ?? {}) ? ('admin' as const) : ('customer' as const),
      })),
  );
});
afterAll(() => t.close());

const BAD_BODIES: Array<[string, string]> = [
  ['malformed JSON', '{"recipientName": '],
  ['JSON of the wrong shape', '{"unexpected": true, "status": "finished", "email": 5}'],
];

describe('session guards run before the body is read', () => {
  it('covers the customer and admin calls', () => {
    expect(guarded.filter((r) => r.kind === 'customer').length).toBeGreaterThanOrEqual(8);
    expect(guarded.filter((r) => r.kind === 'admin').length).toBeGreaterThanOrEqual(5);
  });

  it.each(BAD_BODIES)('answers 401 to %s without a token, on every guarded call', async (_what, payload) => {
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method,
        url: route.url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json(), `${route.method} ${route.url}`).toMatchObject({ success: false });
    }
  });

  it("answers 401 to a malformed body sent with the other kind's token", async () => {
    for (const route of guarded) {
      const other = route.kind === 'admin' ? tokens.customer : tokens.admin;
      const res = await t.app.inject({
        method: route.method,
        url: route.url,
        payload: BAD_BODIES[0][1],
        headers: { 'content-type': 'application/json', 'auth-token': other },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
