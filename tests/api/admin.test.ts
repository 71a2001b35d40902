import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bootstrapAdmin, createAdmin, listAdmins, removeAdmin } from '../../server/modules/admin/admins';
import { applyStatusChange } from '../../server/modules/orderStatus/statusChange';
import { isoDateFromNow } from '../support/fixtures';
import { totpCode } from '../support/totp';
import {
  ADMIN_ENV,
  adminLogin,
  eventCount,
  openAppOn,
  ORDER_FIELDS,
  orderStatus,
  seedCustomer,
  seedOrder,
  TEST_ADMIN,
} from './admin.helpers';
import { call, migratedDataDir, PASSWORD, signUp, startTestApp, uniqueEmail, type TestApp } from './helpers';

let t: TestApp;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  adminToken = await adminLogin(t.app);
  customerToken = (await signUp(t.app)).token;
});
afterAll(() => t.close());

const SIGN_IN_AS_ADMIN = { success: false, error: 'Please sign in as an admin again' };
const SIGN_IN_AGAIN = { success: false, error: 'Please sign in again' };
const STATUSES = ['new', 'processed', 'finished', 'rejected'] as const;
/** The order workflow (docs/workflow.md), written out: Proceed, Finish and Reject. Every other move is refused. */
const ALLOWED = new Set([
  'new>processed',
  'rejected>processed',
  'processed>finished',
  'new>rejected',
  'processed>rejected',
]);

const getOrders = (status: unknown, token = adminToken) =>
  call(t.app, { method: 'POST', url: '/api/admin/getOrders', payload: { status }, token });
const getDetails = (order_id: unknown, token = adminToken) =>
  call(t.app, { method: 'POST', url: '/api/admin/getOrderDetails', payload: { order_id }, token });
const move = (id: string, status: unknown, token = adminToken, from?: string) =>
  call(t.app, {
    method: 'PUT',
    url: `/api/admin/updateGiftStatus/${id}`,
    payload: from ? { status, from } : { status },
    token,
  });

describe('POST /api/admin/login', () => {
  it('answers a token for the right email, password and code, in any letter case of the email', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/admin/login',
      payload: {
        email: TEST_ADMIN.email.toUpperCase(),
        password: TEST_ADMIN.password,
        code: totpCode(TEST_ADMIN.totpSecret),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.authtoken).toMatch(/^[\w-]{40,}$/);
    const sessions = await t.app.db.query<{ kind: string; user_id: string | null }>(
      `select s.kind, s.user_id from sessions s join admins a on a.id = s.admin_id where a.email = $1`,
      [TEST_ADMIN.email],
    );
    expect(sessions.rows.length).toBeGreaterThan(0);
    expect(sessions.rows.every((s) => s.kind === 'admin' && s.user_id === null)).toBe(true);
  });

  it('refuses a wrong password, an unknown email and a customer’s own credentials with the same 401', async () => {
    const customer = await signUp(t.app);
    for (const payload of [
      { email: TEST_ADMIN.email, password: 'not-the-password' },
      { email: 'nobody@example.com', password: TEST_ADMIN.password },
      { email: customer.email, password: PASSWORD },
    ]) {
      const res = await call(t.app, { method: 'POST', url: '/api/admin/login', payload });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: 'Email or password is incorrect' });
    }
  });

  it.each([
    ['no password', { email: TEST_ADMIN.email }, 'Password must be a string'],
    ['an empty password', { email: TEST_ADMIN.email, password: '' }, 'Password is required'],
    [
      'an extra field',
      { email: TEST_ADMIN.email, password: TEST_ADMIN.password, role: 'owner' },
      'Unrecognized key: "role"',
    ],
    ['a malformed email', { email: 'boss', password: 'x' }, 'Enter a valid email address'],
  ])('refuses %s with 400', async (_case, payload, error) => {
    const res = await call(t.app, { method: 'POST', url: '/api/admin/login', payload });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error });
  });
});

describe('GET /api/admin/check and POST /api/admin/logout', () => {
  it('accepts a live admin token and names the admin', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/admin/check', token: adminToken });
    expect(res).toEqual({ status: 200, body: { success: true, email: TEST_ADMIN.email } });
  });

  it('refuses no token, a forged token and an over-long header with 401', async () => {
    for (const token of [undefined, 'forged-token', 'x'.repeat(500)]) {
      const res = await call(t.app, { method: 'GET', url: '/api/admin/check', token });
      expect(res).toEqual({ status: 401, body: SIGN_IN_AS_ADMIN });
    }
  });

  it('logout revokes only that session', async () => {
    const other = await adminLogin(t.app);
    const token = await adminLogin(t.app);
    expect((await call(t.app, { method: 'POST', url: '/api/admin/logout', token })).status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/admin/check', token })).status).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/api/admin/logout', token })).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/api/admin/check', token: other })).status).toBe(200);
  });
});

describe('tokens of one kind never open the other kind’s doors', () => {
  const adminCalls = () => [
    { method: 'POST' as const, url: '/api/admin/logout' },
    { method: 'GET' as const, url: '/api/admin/check' },
    { method: 'POST' as const, url: '/api/admin/getOrders', payload: { status: 'new' } },
    {
      method: 'POST' as const,
      url: '/api/admin/getOrderDetails',
      payload: { order_id: '00000000-0000-4000-8000-000000000000' },
    },
    {
      method: 'PUT' as const,
      url: '/api/admin/updateGiftStatus/00000000-0000-4000-8000-000000000000',
      payload: { status: 'processed' },
    },
    { method: 'POST' as const, url: '/api/admin/getNotes', payload: { type: 'Support' } },
  ];
  const customerCalls = [
    { method: 'GET' as const, url: '/api/auth/check' },
    { method: 'GET' as const, url: '/api/auth/isProfileFilled' },
    { method: 'GET' as const, url: '/api/auth/getUserDetails' },
    {
      method: 'PUT' as const,
      url: '/api/auth/updateUser',
      payload: {
        name: 'X',
        address: '',
        phno: '',
        cardHolderName: '',
        cardExpirationMonth: null,
        cardExpirationYear: null,
        billingZipCode: '',
      },
    },
    { method: 'POST' as const, url: '/api/auth/logout' },
  ];
  const giftCalls = (orderId: string) => [
    { method: 'GET' as const, url: '/api/gifts/getgifts' },
    { method: 'POST' as const, url: '/api/gifts/addgift', payload: ORDER_FIELDS },
    {
      method: 'PUT' as const,
      url: `/api/gifts/updateGift/${orderId}`,
      payload: { ...ORDER_FIELDS, recipientName: 'Hijacked' },
    },
    { method: 'DELETE' as const, url: `/api/gifts/deleteGift/${orderId}` },
  ];

  it('a customer token gets 401 on every admin call, and no token gets 401 too', async () => {
    for (const request of adminCalls()) {
      expect(await call(t.app, { ...request, token: customerToken }), request.url).toEqual({
        status: 401,
        body: SIGN_IN_AS_ADMIN,
      });
      expect(await call(t.app, request), request.url).toEqual({ status: 401, body: SIGN_IN_AS_ADMIN });
    }
    // The customer token still works where it belongs.
    expect((await call(t.app, { method: 'GET', url: '/api/auth/check', token: customerToken })).status).toBe(200);
  });

  it('a customer token is refused before the body is even read', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/admin/getOrders',
      payload: { status: 'bogus' },
      token: customerToken,
    });
    expect(res).toEqual({ status: 401, body: SIGN_IN_AS_ADMIN });
  });

  it('an admin token gets 401 on every customer call', async () => {
    for (const request of customerCalls) {
      expect(await call(t.app, { ...request, token: adminToken }), request.url).toEqual({
        status: 401,
        body: SIGN_IN_AGAIN,
      });
    }
    expect((await call(t.app, { method: 'GET', url: '/api/admin/check', token: adminToken })).status).toBe(200);
  });

  it('an admin token (or none) gets 401 on every /api/gifts call, and the customer’s order is untouched', async () => {
    const order = await seedOrder(t.app);
    const before = await t.app.db.query('select * from gift_orders where id = $1', [order.id]);
    const { rows: count } = await t.app.db.query<{ n: number }>('select count(*)::int as n from gift_orders');
    for (const request of giftCalls(order.id)) {
      expect(await call(t.app, { ...request, token: adminToken }), `${request.method} ${request.url}`).toEqual({
        status: 401,
        body: SIGN_IN_AGAIN,
      });
      expect(await call(t.app, request), `${request.method} ${request.url} without a token`).toEqual({
        status: 401,
        body: SIGN_IN_AGAIN,
      });
    }
    expect((await t.app.db.query('select * from gift_orders where id = $1', [order.id])).rows).toEqual(before.rows);
    expect((await t.app.db.query<{ n: number }>('select count(*)::int as n from gift_orders')).rows).toEqual(count);
    // A customer token opens them.
    expect((await call(t.app, { method: 'GET', url: '/api/gifts/getgifts', token: customerToken })).status).toBe(200);
  });

  it('a customer token cannot move an order: nothing changes', async () => {
    const order = await seedOrder(t.app);
    const res = await move(order.id, 'processed', customerToken);
    expect(res.status).toBe(401);
    expect(await orderStatus(t.app, order.id)).toBe('new');
    expect(await eventCount(t.app, order.id)).toBe(0);
  });
});

describe('POST /api/admin/getOrders', () => {
  it('lists the orders of one status, soonest delivery date first, with the spec fields {_id, recipientName, budget, date}', async () => {
    const tag = `Sort-${Date.now()}`;
    const late = await seedOrder(t.app, { recipientName: `${tag} late`, date: isoDateFromNow(40), budget: '120' });
    const soon = await seedOrder(t.app, { recipientName: `${tag} soon`, date: isoDateFromNow(3), budget: '$30.50' });
    const mid = await seedOrder(t.app, { recipientName: `${tag} mid`, date: isoDateFromNow(12) });
    const other = await seedOrder(t.app, { recipientName: `${tag} processed`, status: 'processed' });

    const res = await getOrders('new');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const data = res.body.data as Array<Record<string, string>>;
    const mine = data.filter((o) => o.recipientName.startsWith(tag));
    // The console's own fields (customer, occasion, status, statusSince) come beside them: tests/api/admin-console.test.ts.
    expect(mine).toEqual([
      expect.objectContaining({
        _id: soon.id,
        recipientName: `${tag} soon`,
        budget: '$30.50',
        date: isoDateFromNow(3),
      }),
      expect.objectContaining({ _id: mid.id, recipientName: `${tag} mid`, budget: '75', date: isoDateFromNow(12) }),
      expect.objectContaining({ _id: late.id, recipientName: `${tag} late`, budget: '120', date: isoDateFromNow(40) }),
    ]);
    const dates = data.map((o) => o.date);
    expect(dates).toEqual([...dates].sort());

    const processed = (await getOrders('processed')).body.data as Array<{ _id: string }>;
    expect(processed.map((o) => o._id)).toContain(other.id);
    expect(processed.map((o) => o._id)).not.toContain(soon.id);
  });

  it('answers an empty list for a status with no orders', async () => {
    const fresh = await startTestApp(ADMIN_ENV);
    try {
      const token = await adminLogin(fresh.app);
      for (const status of STATUSES) {
        const res = await call(fresh.app, { method: 'POST', url: '/api/admin/getOrders', payload: { status }, token });
        expect(res).toEqual({
          status: 200,
          body: { success: true, data: [], page: 1, limit: 50, hasMore: false, nextCursor: null },
        });
      }
    } finally {
      await fresh.close();
    }
  });

  it.each([
    ['an unknown status', { status: 'shipped' }, 'Status must be one of new, processed, finished, rejected'],
    ['a capitalised status', { status: 'New' }, 'Status must be one of new, processed, finished, rejected'],
    ['no status', {}, 'Status must be one of new, processed, finished, rejected'],
    ['an extra field', { status: 'new', q: 'ann' }, 'Unrecognized key: "q"'],
  ])('refuses %s with 400', async (_case, payload, error) => {
    const res = await call(t.app, { method: 'POST', url: '/api/admin/getOrders', payload, token: adminToken });
    expect(res).toEqual({ status: 400, body: { success: false, error } });
  });

  it('refuses a missing or malformed body with 400', async () => {
    const none = await call(t.app, { method: 'POST', url: '/api/admin/getOrders', token: adminToken });
    expect(none.status).toBe(400);
    const broken = await call(t.app, {
      method: 'POST',
      url: '/api/admin/getOrders',
      token: adminToken,
      payload: '{"status":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken).toEqual({ status: 400, body: { success: false, error: 'Request body is not valid JSON' } });
  });
});

describe('POST /api/admin/getOrderDetails', () => {
  it('answers every order field with its status and history, and the customer with the card masked', async () => {
    const customer = await seedCustomer(t.app);
    const order = await seedOrder(t.app, { userId: customer.userId });
    const res = await getDetails(order.id);
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body).toEqual({
      success: true,
      orderDetails: {
        _id: order.id,
        ...ORDER_FIELDS,
        status: 'new',
        statusHistory: [
          { fromStatus: null, toStatus: 'new', changedAt: expect.any(String), adminEmail: null, reason: null },
        ],
      },
      userDetails: {
        name: 'Test Customer',
        email: customer.email,
        date: today,
        address: '12 Rose Street, Springfield',
        phno: '5551234567',
        cardHolderName: 'Test Customer',
        cardNumber: '•••• 4242',
        cvv: null,
        cardExpirationMonth: 12,
        cardExpirationYear: new Date().getFullYear() + 2,
        billingZipCode: '12345',
      },
      earlierOrders: [],
      timeline: [
        {
          kind: 'placed',
          at: expect.any(String),
          day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          words: 'Placed',
          by: 'the customer',
        },
      ],
      notes: [],
    });
    // The timeline's placing step is the history's first entry, to the millisecond.
    const history = (res.body.orderDetails as { statusHistory: Array<{ changedAt: string }> }).statusHistory;
    expect((res.body.timeline as Array<{ at: string }>)[0].at).toBe(history[0].changedAt);
    expect(JSON.stringify(res.body)).not.toContain('4242424242424242');
  });

  it('shows an empty card number when the customer saved no card', async () => {
    const customer = await signUp(t.app);
    const { rows } = await t.app.db.query<{ id: string }>('select id from users where email = $1', [customer.email]);
    const order = await seedOrder(t.app, { userId: rows[0].id });
    const res = await getDetails(order.id);
    const user = res.body.userDetails as Record<string, unknown>;
    expect(user.cardNumber).toBe('');
    expect(user.cvv).toBeNull();
    expect(user.cardExpirationMonth).toBeNull();
  });

  it('answers 404 for an unknown id and for an id that is not a UUID', async () => {
    for (const id of ['6f1c2b9e-3a44-4c1e-9d1b-2a7f5e9c0d11', 'abc', "1' or '1'='1", '0']) {
      expect(await getDetails(id)).toEqual({ status: 404, body: { success: false, error: 'Order not found' } });
    }
  });

  it.each([
    ['an empty id', { order_id: '' }, 'order_id is required'],
    ['a number', { order_id: 42 }, 'order_id must be a string'],
    ['no id', {}, 'order_id must be a string'],
    ['a huge id', { order_id: 'x'.repeat(1000) }, 'order_id is too long'],
  ])('refuses %s with 400', async (_case, payload, error) => {
    const res = await call(t.app, { method: 'POST', url: '/api/admin/getOrderDetails', payload, token: adminToken });
    expect(res).toEqual({ status: 400, body: { success: false, error } });
  });
});

describe('PUT /api/admin/updateGiftStatus/:id — the workflow', () => {
  const pairs = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));

  it.each(pairs.filter(([from, to]) => ALLOWED.has(`${from}>${to}`)))(
    'moves %s → %s, and records the change with its time and admin',
    async (from, to) => {
      const order = await seedOrder(t.app, { status: from });
      const before = Date.now();
      const res = await move(order.id, to);
      expect(res).toEqual({ status: 200, body: { success: true, from, status: to } });
      expect(await orderStatus(t.app, order.id)).toBe(to);
      const { rows } = await t.app.db.query<{
        from_status: string;
        to_status: string;
        email: string;
        changed_at: Date;
      }>(
        `select e.from_status, e.to_status, a.email, e.changed_at
         from order_status_events e join admins a on a.id = e.admin_id where e.order_id = $1`,
        [order.id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ from_status: from, to_status: to, email: TEST_ADMIN.email });
      expect(new Date(rows[0].changed_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    },
  );

  it.each(pairs.filter(([from, to]) => !ALLOWED.has(`${from}>${to}`)))(
    'refuses %s → %s with 409, and changes nothing',
    async (from, to) => {
      const order = await seedOrder(t.app, { status: from });
      const res = await move(order.id, to);
      expect(res.status).toBe(409);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toMatch(new RegExp(`${from}`));
      expect(await orderStatus(t.app, order.id)).toBe(from);
      expect(await eventCount(t.app, order.id)).toBe(0);
    },
  );

  it('explains refusals in words', async () => {
    const finished = await seedOrder(t.app, { status: 'finished' });
    expect((await move(finished.id, 'new')).body.error).toBe('A finished order cannot change status');
    const fresh = await seedOrder(t.app);
    expect((await move(fresh.id, 'finished')).body.error).toBe(
      'A new order cannot be moved to finished; from new it can only go to processed or rejected',
    );
    expect((await move(fresh.id, 'new')).body.error).toBe('This order is already new');
  });

  it('keeps the whole history, oldest first, with each admin, and shows it in the details', async () => {
    const second = { email: uniqueEmail('second-admin'), password: 'second-admin-pw' };
    await createAdmin(t.app.db, second.email, second.password);
    const secondToken = await adminLogin(t.app, second.email, second.password);
    const order = await seedOrder(t.app);
    expect((await move(order.id, 'processed')).status).toBe(200);
    expect((await move(order.id, 'rejected', secondToken)).status).toBe(200);
    expect((await move(order.id, 'processed')).status).toBe(200);
    expect((await move(order.id, 'finished', secondToken)).status).toBe(200);

    const details = (await getDetails(order.id)).body.orderDetails as {
      status: string;
      statusHistory: Array<Record<string, unknown>>;
    };
    expect(details.status).toBe('finished');
    expect(details.statusHistory.map(({ changedAt: _, ...rest }) => rest)).toEqual([
      { fromStatus: null, toStatus: 'new', adminEmail: null, reason: null },
      { fromStatus: 'new', toStatus: 'processed', adminEmail: TEST_ADMIN.email, reason: null },
      { fromStatus: 'processed', toStatus: 'rejected', adminEmail: second.email, reason: null },
      { fromStatus: 'rejected', toStatus: 'processed', adminEmail: TEST_ADMIN.email, reason: null },
      { fromStatus: 'processed', toStatus: 'finished', adminEmail: second.email, reason: null },
    ]);
    const times = details.statusHistory.map((e) => Date.parse(e.changedAt as string));
    expect(times.every((time) => Number.isFinite(time))).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('uses a recorded creation event instead of inventing one', async () => {
    const order = await seedOrder(t.app);
    await t.app.db.query(
      `insert into order_status_events (order_id, from_status, to_status, actor) values ($1, null, 'new', 'customer')`,
      [order.id],
    );
    const history = ((await getDetails(order.id)).body.orderDetails as { statusHistory: unknown[] }).statusHistory;
    expect(history).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous moves from the same status win', async () => {
    const second = { email: uniqueEmail('racer'), password: 'racer-password' };
    await createAdmin(t.app.db, second.email, second.password);
    const secondToken = await adminLogin(t.app, second.email, second.password);

    // Both admins press Proceed: the second finds nothing left to move.
    const same = await seedOrder(t.app);
    const both = await Promise.all([move(same.id, 'processed'), move(same.id, 'processed', secondToken)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await orderStatus(t.app, same.id)).toBe('processed');
    expect(await eventCount(t.app, same.id)).toBe(1);

    // Both saw "new" (the SPA sends it as `from`); one proceeds, the other rejects: one of them wins.
    const split = await seedOrder(t.app);
    const [proceed, reject] = await Promise.all([
      move(split.id, 'processed', adminToken, 'new'),
      move(split.id, 'rejected', secondToken, 'new'),
    ]);
    expect([proceed.status, reject.status].sort()).toEqual([200, 409]);
    const loser = proceed.status === 409 ? proceed : reject;
    expect(loser.body.error).toMatch(
      /^Someone else changed this order meanwhile: it is now (processed|rejected)\. Reload it and try again\.$/,
    );
    expect(await orderStatus(t.app, split.id)).toBe(proceed.status === 200 ? 'processed' : 'rejected');
    expect(await eventCount(t.app, split.id)).toBe(1);
  });

  it('refuses a move whose `from` is no longer the order’s status, and accepts one that still is', async () => {
    const order = await seedOrder(t.app, { status: 'processed' });
    expect(await move(order.id, 'rejected', adminToken, 'new')).toEqual({
      status: 409,
      body: {
        success: false,
        error: 'Someone else changed this order meanwhile: it is now processed. Reload it and try again.',
      },
    });
    expect(await eventCount(t.app, order.id)).toBe(0);
    expect((await move(order.id, 'rejected', adminToken, 'processed')).status).toBe(200);
    expect(await orderStatus(t.app, order.id)).toBe('rejected');
  });

  it('only updates an order still in the status the move started from (the loser of a race writes nothing)', async () => {
    const order = await seedOrder(t.app, { status: 'processed' });
    const { rows } = await t.app.db.query<{ id: string }>('select id from admins where email = $1', [TEST_ADMIN.email]);
    // A second admin read "new" a moment ago; the order has moved on since.
    const won = await t.app.db.transaction((tx) =>
      applyStatusChange(tx, order.id, 'new', { to: 'rejected' }, rows[0].id),
    );
    expect(won).toBe(false);
    expect(await orderStatus(t.app, order.id)).toBe('processed');
    expect(await eventCount(t.app, order.id)).toBe(0);
  });

  it('answers 404 for an unknown or non-UUID id', async () => {
    for (const id of ['6f1c2b9e-3a44-4c1e-9d1b-2a7f5e9c0d11', 'not-an-id', '%27%3B%20drop%20table%20gift_orders']) {
      expect(await move(id, 'processed')).toEqual({ status: 404, body: { success: false, error: 'Order not found' } });
    }
  });

  it.each([
    ['an unknown status', { status: 'shipped' }, 'Status must be one of new, processed, finished, rejected'],
    ['no status', {}, 'Status must be one of new, processed, finished, rejected'],
    ['an extra field', { status: 'processed', colour: 'x' }, 'Unrecognized key: "colour"'],
    [
      'a delivery note with a move other than Finish',
      { status: 'processed', note: 'x' },
      'note goes only with a Finish (status finished)',
    ],
    ['a status as a number', { status: 1 }, 'Status must be one of new, processed, finished, rejected'],
    [
      'an unknown from',
      { status: 'processed', from: 'draft' },
      'from must be one of new, processed, finished, rejected',
    ],
  ])('refuses %s with 400 and changes nothing', async (_case, payload, error) => {
    const order = await seedOrder(t.app);
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/admin/updateGiftStatus/${order.id}`,
      payload,
      token: adminToken,
    });
    expect(res).toEqual({ status: 400, body: { success: false, error } });
    expect(await orderStatus(t.app, order.id)).toBe('new');
    expect(await eventCount(t.app, order.id)).toBe(0);
  });

  it('refuses an over-long id with 414', async () => {
    const res = await move('x'.repeat(300), 'processed');
    expect(res).toEqual({ status: 414, body: { success: false, error: 'A value in the address is too long' } });
  });
});

describe('removing an admin (npm run admin -- remove)', () => {
  it('ends its sessions and keeps its status changes in the history without it; an unknown email is a 404', async () => {
    const leaving = { email: uniqueEmail('Leaving'), password: 'leaving admin pw 3' };
    await createAdmin(t.app.db, leaving.email, leaving.password);
    const token = await adminLogin(t.app, leaving.email.toLowerCase(), leaving.password);
    const { id } = await seedOrder(t.app);
    const move = await call(t.app, {
      method: 'PUT',
      url: `/api/admin/updateGiftStatus/${id}`,
      token,
      payload: { status: 'processed' },
    });
    expect(move.status).toBe(200);

    expect(await removeAdmin(t.app.db, leaving.email.toUpperCase())).toEqual({
      email: leaving.email.toLowerCase(),
      historyEntries: 1,
    });
    expect((await listAdmins(t.app.db)).map((a) => a.email)).not.toContain(leaving.email.toLowerCase());
    expect((await call(t.app, { method: 'GET', url: '/api/admin/check', token })).status).toBe(401);
    const details = (await getDetails(id)).body.orderDetails as {
      statusHistory: Array<{ toStatus: string; adminEmail: string | null }>;
    };
    expect(details.statusHistory.map((e) => [e.toStatus, e.adminEmail])).toEqual([
      ['new', null],
      ['processed', null],
    ]);
    await expect(removeAdmin(t.app.db, leaving.email)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('POST /api/admin/getNotes', () => {
  it('lists the enquiries of one type, newest first, as {_id, type, name, email, details, createdAt}', async () => {
    const tag = `note-${Date.now()}`;
    const send = (type: string, details: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/auth/putNote',
        payload: { type, Pname: 'Ann', Pemail: 'ann@example.com', details },
      });
    expect((await send('Brand Partner', `${tag} first`)).status).toBe(201);
    expect((await send('Brand Partner', `${tag} second`)).status).toBe(201);
    expect((await send('Support', `${tag} support`)).status).toBe(201);

    const res = await call(t.app, {
      method: 'POST',
      url: '/api/admin/getNotes',
      payload: { type: 'Brand Partner' },
      token: adminToken,
    });
    expect(res.status).toBe(200);
    const data = res.body.data as Array<Record<string, string>>;
    expect(data.filter((n) => n.details.startsWith(tag))).toEqual([
      {
        _id: expect.any(String),
        type: 'Brand Partner',
        name: 'Ann',
        email: 'ann@example.com',
        details: `${tag} second`,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
      {
        _id: expect.any(String),
        type: 'Brand Partner',
        name: 'Ann',
        email: 'ann@example.com',
        details: `${tag} first`,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect(data.every((n) => n.type === 'Brand Partner')).toBe(true);
  });

  it.each([['Brand Partners'], ['support'], [''], [3]])('refuses the type %j with 400', async (type) => {
    const res = await call(t.app, { method: 'POST', url: '/api/admin/getNotes', payload: { type }, token: adminToken });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});

describe('the first admin', () => {
  const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-admin-boot-'));
  /** A DATA_DIR whose database has the schema and nothing else (no admin), as a server's first start leaves it. */
  const newDatabaseDir = () => migratedDataDir('giftwise-admin-boot-');
  const admins = async (app: { db: TestApp['app']['db'] }) =>
    (await app.db.query<{ email: string }>('select email from admins order by created_at, email')).rows.map(
      (r) => r.email,
    );
  const login = (app: TestApp['app'], email: string, password: string) =>
    call(app, { method: 'POST', url: '/api/admin/login', payload: { email, password } });

  it('with no admin and no ADMIN_* settings: creates admin@localhost, logs its password once and saves it with mode 600', async () => {
    const dir = newDatabaseDir();
    try {
      // An old file with a looser mode must still end up readable only by its owner.
      fs.writeFileSync(path.join(dir, 'initial-admin-password'), 'stale\n', { mode: 0o644 });
      const first = await openAppOn(dir);
      const file = path.join(dir, 'initial-admin-password');
      const password = fs.readFileSync(file, 'utf8').trim();
      expect(password).toMatch(/^[\w-]{24}$/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(first.log.filter((line) => line.includes(password))).toHaveLength(1);
      expect(first.log.find((line) => line.includes(password))).toContain('admin@localhost');
      expect(await admins(first.app)).toEqual(['admin@localhost']);
      expect((await login(first.app, 'admin@localhost', password)).status).toBe(200);
      await first.app.close();

      // A restart finds the admin and does nothing: no new password, nothing logged.
      const second = await openAppOn(dir);
      expect(await admins(second.app)).toEqual(['admin@localhost']);
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(password);
      expect(second.log.some((line) => line.includes(password) || line.includes('created'))).toBe(false);
      await second.app.close();

      // ADMIN_EMAIL + ADMIN_PASSWORD later: that admin is added beside the existing one.
      const third = await openAppOn(dir, { ADMIN_EMAIL: 'Ops@Example.com', ADMIN_PASSWORD: 'ops-password-1' });
      expect(await admins(third.app)).toEqual(['admin@localhost', 'ops@example.com']);
      expect((await login(third.app, 'ops@example.com', 'ops-password-1')).status).toBe(200);
      await third.app.close();

      // An existing configured admin is left as it is: a changed ADMIN_PASSWORD does not reset it.
      const fourth = await openAppOn(dir, { ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'another-password' });
      expect(await admins(fourth.app)).toEqual(['admin@localhost', 'ops@example.com']);
      expect((await login(fourth.app, 'ops@example.com', 'ops-password-1')).status).toBe(200);
      expect((await login(fourth.app, 'ops@example.com', 'another-password')).status).toBe(401);
      await fourth.app.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with ADMIN_EMAIL + ADMIN_PASSWORD on a new database: creates only that admin, writes no password file; sign-in is rate limited', async () => {
    const dir = newDatabaseDir();
    try {
      const { app, log } = await openAppOn(dir, {
        ADMIN_EMAIL: 'chief@example.com',
        ADMIN_PASSWORD: 'chief-password',
        AUTH_RATE_LIMIT: '3',
      });
      try {
        expect(await admins(app)).toEqual(['chief@example.com']);
        expect(fs.existsSync(path.join(dir, 'initial-admin-password'))).toBe(false);
        expect(log.some((line) => line.includes('chief-password'))).toBe(false);

        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await login(app, 'chief@example.com', 'wrong-password')).status);
        expect(statuses).toEqual([401, 401, 401, 429]);
        const limited = await login(app, 'chief@example.com', 'chief-password');
        expect(limited.status).toBe(429);
        expect(limited.body.error).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);

        // Two servers starting at once on an empty admins table create one admin between them.
        await app.db.query('delete from admins');
        const results = await Promise.all([
          bootstrapAdmin(app.db, { dataDir: dir }, app.log),
          bootstrapAdmin(app.db, { dataDir: dir }, app.log),
        ]);
        expect(results.filter((r) => r.kind === 'generated')).toHaveLength(1);
        expect(await admins(app)).toEqual(['admin@localhost']);
      } finally {
        await app.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [{ ADMIN_EMAIL: 'half@example.com' }, 'ADMIN_EMAIL and ADMIN_PASSWORD go together'],
    [{ ADMIN_PASSWORD: 'only-a-password' }, 'ADMIN_EMAIL and ADMIN_PASSWORD go together'],
    [{ ADMIN_EMAIL: 'short@example.com', ADMIN_PASSWORD: 'short' }, 'Password must be at least 8 characters'],
    [{ ADMIN_EMAIL: 'not an email', ADMIN_PASSWORD: 'long-enough-pw' }, 'Enter a valid email address'],
    [
      { ADMIN_EMAIL: 'weak@example.com', ADMIN_PASSWORD: 'password123' },
      'ADMIN_EMAIL / ADMIN_PASSWORD: Password is too common',
    ],
    [
      { ADMIN_EMAIL: 'weak@example.com', ADMIN_PASSWORD: 'weak@example.com' },
      'Password must not be your email address',
    ],
  ])('refuses to start with %j', async (env, message) => {
    const dir = tempDir();
    try {
      await expect(openAppOn(dir, env)).rejects.toThrow(message);
      // Nothing was opened, so nothing holds the directory.
      expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
