import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isoDateFromNow, orderInput } from '../support/fixtures';
import { ADMIN_ENV, adminLogin } from './admin.helpers';
import { call, signUpWithProfile, startTestApp, type TestApp } from './helpers';
import { listOrders, placeOrder } from './orders.helpers';

/**
 * getgifts serves each order's JSON as stored with the row (gift_orders.api_json, kept by a
 * trigger) and checks the session in the same statement. These tests hold that fast path to the
 * truth: the answer always equals JSON built afresh from the rows, whoever changed them and
 * however, and a session stops working the moment it is revoked.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
});
afterAll(() => t.close());

/** The customer's orders built from the rows right now, independently of api_json. */
async function freshFromRows(email: string): Promise<unknown[]> {
  const { rows } = await t.app.db.query<{ json: string }>(
    `select coalesce(json_agg(json_build_object(
       '_id', o.id::text, 'recipientName', o.recipient_name, 'relationship', o.relationship, 'occasion', o.occasion,
       'gender', o.gender, 'address', o.address, 'phoneNumber', o.phone_number, 'email', o.email,
       'interests', o.interests, 'budget', o.budget, 'defaultOption', o.default_option, 'comments', o.comments,
       'date', o.date::text, 'status', o.status) order by o.date, o.created_at, o.id), '[]')::text as json
     from gift_orders o join users u on u.id = o.user_id where u.email = $1`,
    [email.toLowerCase()],
  );
  return JSON.parse(rows[0].json) as unknown[];
}

async function expectInSync(customer: { token: string; email: string }, count: number) {
  const served = await listOrders(t.app, customer.token);
  expect(served).toHaveLength(count);
  expect(served).toEqual(await freshFromRows(customer.email));
  // The fields come in one fixed order too: _id, the fields a customer sets, then status.
  for (const order of served) expect(Object.keys(order)).toEqual(['_id', ...Object.keys(orderInput()), 'status']);
}

describe('getgifts answers from the stored order JSON', () => {
  it('matches the rows after placing, editing, an admin status move, a direct update and a delete', async () => {
    const ann = await signUpWithProfile(t.app);
    const bob = await signUpWithProfile(t.app);
    await expectInSync(ann, 0);

    const first = await placeOrder(t.app, ann.token, {
      date: isoDateFromNow(20),
      recipientName: 'Zoë "Z" O\'Brien',
      comments: 'Line one\nline two \\ ✓',
    });
    const second = await placeOrder(t.app, ann.token, { date: isoDateFromNow(5) });
    await placeOrder(t.app, bob.token);
    await expectInSync(ann, 2);
    await expectInSync(bob, 1);

    const edited = await call(t.app, {
      method: 'PUT',
      url: `/api/gifts/updateGift/${first}`,
      token: ann.token,
      payload: orderInput({ recipientName: 'Renamed', budget: '75', date: isoDateFromNow(1) }),
    });
    expect(edited.status).toBe(200);
    await expectInSync(ann, 2);
    expect((await listOrders(t.app, ann.token))[0]).toMatchObject({
      _id: first,
      recipientName: 'Renamed',
      budget: '75',
      date: isoDateFromNow(1),
    });

    const admin = await adminLogin(t.app);
    const moved = await call(t.app, {
      method: 'PUT',
      url: `/api/admin/updateGiftStatus/${second}`,
      token: admin,
      payload: { status: 'processed' },
    });
    expect(moved.status).toBe(200);
    await expectInSync(ann, 2);
    expect((await listOrders(t.app, ann.token)).find((o) => o._id === second)?.status).toBe('processed');

    // Any writer at all, not only the API: the trigger keeps the JSON with the row.
    await t.app.db.query("update gift_orders set comments = 'changed in SQL', status = 'finished' where id = $1", [
      second,
    ]);
    await expectInSync(ann, 2);

    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/gifts/deleteGift/${first}`, token: ann.token })).status,
    ).toBe(200);
    await expectInSync(ann, 1);
    await expectInSync(bob, 1);
  });

  it('stops answering the moment the session is revoked (nothing cached)', async () => {
    const cat = await signUpWithProfile(t.app);
    await placeOrder(t.app, cat.token);
    expect(await listOrders(t.app, cat.token)).toHaveLength(1);
    expect((await call(t.app, { method: 'POST', url: '/api/auth/logout', token: cat.token })).status).toBe(200);
    const res = await call(t.app, { method: 'GET', url: '/api/gifts/getgifts', token: cat.token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Please sign in again' });
  });

  it('refuses an expired session and an over-long token like the guard does', async () => {
    const dan = await signUpWithProfile(t.app);
    await t.app.db.query(
      "update sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where email = $1)",
      [dan.email.toLowerCase()],
    );
    for (const token of [dan.token, 'x'.repeat(201)]) {
      const res = await call(t.app, { method: 'GET', url: '/api/gifts/getgifts', token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: 'Please sign in again' });
    }
  });
});
