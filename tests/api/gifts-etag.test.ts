import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hashToken } from '../../server/lib/secrets';
import { revokeSession } from '../../server/modules/accounts/sessions';
import { orderInput } from '../support/fixtures';
import { ADMIN_ENV, adminLogin } from './admin.helpers';
import { call, signUpWithProfile, startTestApp, type TestApp } from './helpers';
import { placeOrder } from './orders.helpers';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  adminToken = await adminLogin(t.app);
});
afterAll(() => t.close());

/** getgifts, conditional on `etag` when given: status, ETag, cache-control and the body as text. */
async function getgifts(token: string, etag?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/gifts/getgifts',
    headers: { 'auth-token': token, ...(etag ? { 'if-none-match': etag } : {}) },
  });
  return {
    status: res.statusCode,
    etag: res.headers.etag as string | undefined,
    cacheControl: res.headers['cache-control'],
    body: res.body,
  };
}

/** A customer with one order, and the ETag of their current list. */
async function customerWithOrder() {
  const { token } = await signUpWithProfile(t.app);
  const id = await placeOrder(t.app, token);
  const first = await getgifts(token);
  expect(first.status).toBe(200);
  return { token, id, etag: first.etag as string };
}

/** After `write`, the old ETag no longer matches: a full answer with a new ETag, which then matches. */
async function expectNewList(token: string, etag: string, write: () => Promise<void>) {
  await write();
  const after = await getgifts(token, etag);
  expect(after.status).toBe(200);
  expect(after.etag).toBeDefined();
  expect(after.etag).not.toBe(etag);
  expect((await getgifts(token, after.etag)).status).toBe(304);
  return after;
}

describe('GET /api/gifts/getgifts with If-None-Match', () => {
  it('answers 304 with no body and the same ETag while nothing changed, still no-store', async () => {
    const { token, etag } = await customerWithOrder();
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await getgifts(token, etag);
    expect(again).toEqual({ status: 304, etag, cacheControl: 'no-store', body: '' });
    const full = await getgifts(token);
    expect(full.status).toBe(200);
    expect(full.etag).toBe(etag);
    expect(full.cacheControl).toBe('no-store');
  });

  it('answers the full list for a tag that is not the current one, and for one tag of a list that is', async () => {
    const { token, etag } = await customerWithOrder();
    expect((await getgifts(token, 'W/"not-ours"')).status).toBe(200);
    expect((await getgifts(token, `"stale", ${etag}`)).status).toBe(304);
  });

  it('answers 200 with a new ETag after the customer places, edits and deletes an order', async () => {
    const { token, id, etag } = await customerWithOrder();
    const placed = await expectNewList(token, etag, async () => void (await placeOrder(t.app, token)));
    expect(JSON.parse(placed.body)).toHaveLength(2);
    const edited = await expectNewList(token, placed.etag as string, async () => {
      const res = await call(t.app, {
        method: 'PUT',
        url: `/api/gifts/updateGift/${id}`,
        token,
        payload: orderInput({ recipientName: 'Edited Name' }),
      });
      expect(res.status).toBe(200);
    });
    expect(edited.body).toContain('Edited Name');
    const deleted = await expectNewList(token, edited.etag as string, async () => {
      expect((await call(t.app, { method: 'DELETE', url: `/api/gifts/deleteGift/${id}`, token })).status).toBe(200);
    });
    expect(JSON.parse(deleted.body)).toHaveLength(1);
  });

  it("answers 200 with a new ETag after an admin moves one of the customer's orders, alone or in bulk", async () => {
    const { token, id, etag } = await customerWithOrder();
    const moved = await expectNewList(token, etag, async () => {
      const res = await call(t.app, {
        method: 'PUT',
        url: `/api/admin/updateGiftStatus/${id}`,
        token: adminToken,
        payload: { status: 'processed' },
      });
      expect(res.status).toBe(200);
    });
    expect(JSON.parse(moved.body)[0].status).toBe('processed');
    const bulkMoved = await expectNewList(token, moved.etag as string, async () => {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/admin/bulkUpdateStatus',
        token: adminToken,
        payload: { ids: [id], status: 'finished' },
      });
      expect(res.body.results).toEqual([{ _id: id, success: true }]);
    });
    expect(JSON.parse(bulkMoved.body)[0].status).toBe('finished');
  });

  it("leaves a customer's ETag alone when another customer's orders change", async () => {
    const ann = await customerWithOrder();
    const bob = await customerWithOrder();
    await placeOrder(t.app, bob.token);
    expect((await getgifts(ann.token, ann.etag)).status).toBe(304);
  });

  it("never answers 304 for another customer's ETag", async () => {
    const ann = await customerWithOrder();
    const bob = await customerWithOrder();
    expect(ann.etag).not.toBe(bob.etag);
    const res = await getgifts(bob.token, ann.etag);
    expect(res.status).toBe(200);
    expect(res.etag).toBe(bob.etag);
    expect(JSON.parse(res.body)).toHaveLength(1);
  });

  // RFC 9110 13.1.2: "*" matches any current representation, and the list of a live session always exists.
  it('answers 304 to If-None-Match: * (the list exists), with the current ETag; 401 without a session', async () => {
    const { token, etag } = await customerWithOrder();
    const res = await getgifts(token, '*');
    expect(res.status).toBe(304);
    expect(res.body).toBe('');
    expect(res.etag).toBe(etag);
    expect((await getgifts('forged-token', '*')).status).toBe(401);
  });

  it('answers 401 for a missing, unknown or revoked token even with a current ETag', async () => {
    const { token, etag } = await customerWithOrder();
    for (const bad of ['', 'forged-token']) {
      const res = await getgifts(bad, etag);
      expect(res.status).toBe(401);
      expect(res.etag).toBeUndefined();
      expect(JSON.parse(res.body)).toEqual({ success: false, error: 'Please sign in again' });
    }
    await revokeSession(t.app.db, hashToken(token));
    expect((await getgifts(token, etag)).status).toBe(401);
  });

  it('is described in the OpenAPI document: a 304 without a body beside the 200', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const operation = doc.paths['/api/gifts/getgifts'].get;
    expect(operation.description).toMatch(/If-None-Match/);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '304', '401']));
    expect(operation.responses['304'].content).toBeUndefined();
  });
});
