import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CALLING_CODE_MESSAGE } from '#contract/phoneNumber';

import { createSession } from '../../server/modules/accounts/sessions';
import { isoDateFromNow, orderInput } from '../support/fixtures';
import { ADMIN_ENV, adminLogin } from './admin.helpers';
import { call, COMPLETE_PROFILE, signUp, signUpWithProfile, startTestApp, type TestApp } from './helpers';
import { listOrders, placeOrder } from './orders.helpers';

let t: TestApp;
let ann: { token: string; email: string };
let bob: { token: string; email: string };
beforeAll(async () => {
  // With the admin, whose View Order answers the phone's country code.
  t = await startTestApp(ADMIN_ENV);
  [ann, bob] = await Promise.all([signUpWithProfile(t.app), signUpWithProfile(t.app)]);
});
afterAll(() => t.close());

/** Every stored order and status event: a refused request must leave this exactly as it was. */
const snapshot = async () => ({
  orders: (await t.app.db.query('select * from gift_orders order by id')).rows,
  events: (await t.app.db.query('select * from order_status_events order by id')).rows,
});

const setStatus = (id: string, status: string) =>
  t.app.db.query('update gift_orders set status = $2 where id = $1', [id, status]);
const setDate = (id: string, date: string) =>
  t.app.db.query('update gift_orders set date = $2 where id = $1', [id, date]);

const add = (token: string | undefined, payload: unknown, headers?: Record<string, string>) =>
  call(t.app, {
    method: 'POST',
    url: '/api/gifts/addgift',
    token,
    payload: payload as Record<string, unknown>,
    headers,
  });
const update = (token: string | undefined, id: string, payload: unknown, headers?: Record<string, string>) =>
  call(t.app, {
    method: 'PUT',
    url: `/api/gifts/updateGift/${id}`,
    token,
    payload: payload as Record<string, unknown>,
    headers,
  });
const remove = (token: string | undefined, id: string) =>
  call(t.app, { method: 'DELETE', url: `/api/gifts/deleteGift/${id}`, token });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('authentication', () => {
  it('refuses every gifts call without a live customer token, before reading the body', async () => {
    const id = randomUUID();
    for (const token of [undefined, 'forged-token']) {
      const calls = [
        call(t.app, { method: 'GET', url: '/api/gifts/getgifts', token }),
        add(token, orderInput()),
        add(token, '{"broken', { 'content-type': 'application/json' }),
        update(token, id, orderInput()),
        remove(token, id),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, error: 'Please sign in again' });
      }
    }
  });

  it('refuses an admin token on the customer calls', async () => {
    const admin = await t.app.db.query<{ id: string }>(
      "insert into admins (email, password_hash) values ('gifts-admin@example.com', 'x') returning id",
    );
    const adminToken = await createSession(t.app.db, 'admin', admin.rows[0].id);
    const res = await call(t.app, { method: 'GET', url: '/api/gifts/getgifts', token: adminToken });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/gifts/addgift', () => {
  it('places an order in status new, with its creation as the first status event', async () => {
    const res = await add(ann.token, orderInput({ recipientName: '  Maya  ' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, _id: expect.stringMatching(UUID) });
    const id = res.body._id as string;
    const order = (await listOrders(t.app, ann.token)).find((o) => o._id === id);
    expect(order).toEqual({ ...orderInput({ recipientName: 'Maya' }), _id: id, status: 'new' });
    const events = (
      await t.app.db.query('select from_status, to_status, admin_id from order_status_events where order_id = $1', [id])
    ).rows;
    expect(events).toEqual([{ from_status: null, to_status: 'new', admin_id: null }]);
  });

  it('fills the optional fields with their defaults (gender empty, defaultOption None, no comments)', async () => {
    const { gender: _g, defaultOption: _d, comments: _c, ...required } = orderInput();
    const id = await placeOrder(t.app, ann.token, {});
    expect(id).toMatch(UUID);
    const res = await add(ann.token, required);
    expect(res.status).toBe(201);
    const order = (await listOrders(t.app, ann.token)).find((o) => o._id === res.body._id);
    expect(order).toMatchObject({ gender: '', defaultOption: 'None', comments: '' });
  });

  it('accepts every defaultOption and gender the order form offers, and a budget written with $ and cents', async () => {
    for (const defaultOption of ['None', 'Flowers', 'Chocolate', 'Cake', 'Giftcard']) {
      expect((await add(ann.token, orderInput({ defaultOption }))).status).toBe(201);
    }
    for (const gender of ['Male', 'Female', 'Other', '']) {
      expect((await add(ann.token, orderInput({ gender }))).status).toBe(201);
    }
    for (const budget of ['$49.99', '0.5', '1000000']) {
      expect((await add(ann.token, orderInput({ budget }))).status).toBe(201);
    }
  });

  it('allows one day of slack for time zones: yesterday (UTC) is accepted, the day before is not', async () => {
    expect((await add(ann.token, orderInput({ date: isoDateFromNow(0) }))).status).toBe(201);
    expect((await add(ann.token, orderInput({ date: isoDateFromNow(-1) }))).status).toBe(201);
    const before = await snapshot();
    const res = await add(ann.token, orderInput({ date: isoDateFromNow(-2) }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'The date cannot be in the past' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to order while the profile is incomplete, names every missing field, and stores nothing', async () => {
    const newcomer = await signUp(t.app);
    const before = await snapshot();
    const res = await add(newcomer.token, orderInput());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      error: 'Please Update Your Profile Before Ordering',
      missing: [
        'address',
        'phno',
        'cardHolderName',
        'cardNumber',
        'cardExpirationMonth',
        'cardExpirationYear',
        'billingZipCode',
      ],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('names only the fields a partly filled profile still lacks', async () => {
    const customer = await signUp(t.app);
    const { cardNumber: _n, cvv: _c, ...withoutCard } = COMPLETE_PROFILE;
    const partial = { ...withoutCard, phno: '', billingZipCode: '  ' };
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/auth/updateUser', token: customer.token, payload: partial }))
        .status,
    ).toBe(200);
    const res = await add(customer.token, orderInput());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      error: 'Please Update Your Profile Before Ordering',
      missing: ['phno', 'cardNumber', 'billingZipCode'],
    });
  });

  it("refuses a body that sets the order's status", async () => {
    const before = await snapshot();
    for (const status of ['processed', 'finished', 'new']) {
      const res = await add(ann.token, orderInput({ status }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: "Customers cannot set an order's status" });
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [
      'a missing recipient name',
      { recipientName: undefined },
      'recipientName: Invalid input: expected string, received undefined',
    ],
    ['a blank relationship', { relationship: '   ' }, 'Relationship is required'],
    ['a blank occasion', { occasion: '' }, 'Occasion is required'],
    ['a blank address', { address: '' }, 'Address is required'],
    ['a blank interests', { interests: '' }, 'Interests is required'],
    ['a missing date', { date: undefined }, 'date: Invalid input: expected string, received undefined'],
    ['a 9-digit phone', { phoneNumber: '555123456' }, 'Phone number must be exactly 10 digits'],
    ['an 11-digit phone', { phoneNumber: '55512345678' }, 'Phone number must be exactly 10 digits'],
    ['a phone with letters', { phoneNumber: '555123456a' }, 'Phone number must be exactly 10 digits'],
    ['an invalid email', { email: 'maya-at-example' }, 'Enter a valid email address'],
    ['a date that does not exist', { date: '2031-02-30' }, 'Date must be a real date written YYYY-MM-DD'],
    ['a date in another format', { date: '03/15/2031' }, 'Date must be a real date written YYYY-MM-DD'],
    ['a zero budget', { budget: '0' }, 'Budget must be more than zero'],
    ['a negative budget', { budget: '-5' }, 'Budget must be an amount in dollars, like 50 or 49.99'],
    ['a budget in words', { budget: 'fifty' }, 'Budget must be an amount in dollars, like 50 or 49.99'],
    [
      'an unknown defaultOption',
      { defaultOption: 'Wine' },
      'defaultOption: Invalid option: expected one of "None"|"Flowers"|"Chocolate"|"Cake"|"Giftcard"',
    ],
    ['an unknown gender', { gender: 'male' }, expect.stringMatching(/^gender: Invalid/)],
    [
      'an overlong form-only countryCode',
      { countryCode: '+1'.repeat(6) },
      'Country code must be at most 10 characters',
    ],
    ["a country code that is no country's", { countryCode: '+999' }, CALLING_CODE_MESSAGE],
    ['a country code in words', { countryCode: 'UK' }, CALLING_CODE_MESSAGE],
    ['a number for the country code', { countryCode: 44 }, 'Country code must be a string or null'],
    ['an unknown field', { user_id: randomUUID() }, 'Unrecognized key: "user_id"'],
    ['a number for the budget', { budget: 50 }, 'budget: Invalid input: expected string, received number'],
    [
      'a number for the phone',
      { phoneNumber: 5559876543 },
      'phoneNumber: Invalid input: expected string, received number',
    ],
    [
      'an object for the name',
      { recipientName: { $ne: '' } },
      'recipientName: Invalid input: expected string, received object',
    ],
    [
      'an array for the occasion',
      { occasion: ['Birthday'] },
      'occasion: Invalid input: expected string, received array',
    ],
    ['a null date', { date: null }, 'date: Invalid input: expected string, received null'],
    ['a very long recipient name', { recipientName: 'x'.repeat(101) }, 'Recipient name must be at most 100 characters'],
    ['very long comments', { comments: 'x'.repeat(1001) }, 'Comments must be at most 1000 characters'],
  ])('refuses %s with 400, a clear message, and stores nothing', async (_case, overrides, error) => {
    const before = await snapshot();
    const res = await add(ann.token, orderInput(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses malformed JSON, non-object bodies and an empty body with 400', async () => {
    const before = await snapshot();
    const headers = { 'content-type': 'application/json' };
    for (const payload of ['{"recipientName":', '[1,2]', '"order"', 'null', '42']) {
      const res = await add(ann.token, payload, headers);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toMatch(/JSON/);
    }
    expect((await add(ann.token, undefined)).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body over 100 kB with 413 and a prototype-pollution body with 400', async () => {
    const before = await snapshot();
    const big = await add(ann.token, orderInput({ comments: 'x'.repeat(120 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ success: false, error: 'Request body is too large' });
    const proto = await add(
      ann.token,
      JSON.stringify(orderInput()).replace('{', '{"__proto__":{"status":"finished"},'),
      {
        'content-type': 'application/json',
      },
    );
    expect(proto.status).toBe(400);
    expect(proto.body.success).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/gifts/getgifts', () => {
  it("answers only the caller's orders, as an array sorted by date and then by creation", async () => {
    const carol = await signUpWithProfile(t.app);
    const dave = await signUpWithProfile(t.app);
    expect(await listOrders(t.app, carol.token)).toEqual([]);
    const later = await placeOrder(t.app, carol.token, { recipientName: 'Later', date: isoDateFromNow(30) });
    const sameDayFirst = await placeOrder(t.app, carol.token, { recipientName: 'First', date: isoDateFromNow(5) });
    const sameDaySecond = await placeOrder(t.app, carol.token, { recipientName: 'Second', date: isoDateFromNow(5) });
    const soonest = await placeOrder(t.app, carol.token, { recipientName: 'Soonest', date: isoDateFromNow(1) });
    await placeOrder(t.app, dave.token, { recipientName: 'Not yours', date: isoDateFromNow(2) });

    const orders = await listOrders(t.app, carol.token);
    expect(orders.map((o) => o._id)).toEqual([soonest, sameDayFirst, sameDaySecond, later]);
    expect(orders.every((o) => o.status === 'new')).toBe(true);
    expect(Object.keys(orders[0]).sort()).toEqual(
      [
        '_id',
        'address',
        'budget',
        'comments',
        'date',
        'defaultOption',
        'email',
        'gender',
        'interests',
        'occasion',
        'phoneNumber',
        'recipientName',
        'relationship',
        'status',
      ].sort(),
    );
    expect((await listOrders(t.app, dave.token)).map((o) => o.recipientName)).toEqual(['Not yours']);
  });

  it('answers a JSON array with a JSON content type, an empty array when there are no orders', async () => {
    const erin = await signUpWithProfile(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/gifts/getgifts',
      headers: { 'auth-token': erin.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe('[]');
  });
});

describe('PUT /api/gifts/updateGift/:id', () => {
  it('replaces the whole order, keeps its status, and ignores an _id in the body', async () => {
    const id = await placeOrder(t.app, ann.token);
    const changed = orderInput({
      recipientName: 'Maya Lee',
      occasion: 'Anniversary',
      gender: '',
      budget: '$75.50',
      defaultOption: 'Cake',
      comments: '',
      date: isoDateFromNow(20),
    });
    const res = await update(ann.token, id, { ...changed, _id: randomUUID() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const order = (await listOrders(t.app, ann.token)).find((o) => o._id === id);
    expect(order).toEqual({ ...changed, _id: id, status: 'new' });
  });

  it('refuses a body that changes the status, and changes nothing', async () => {
    const id = await placeOrder(t.app, ann.token);
    const before = await snapshot();
    const res = await update(ann.token, id, {
      ...orderInput({ recipientName: 'Changed' }),
      _id: id,
      status: 'finished',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: "Customers cannot change an order's status" });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses invalid fields like addgift does, and changes nothing', async () => {
    const id = await placeOrder(t.app, ann.token);
    const before = await snapshot();
    for (const [overrides, error] of [
      [{ phoneNumber: '123' }, 'Phone number must be exactly 10 digits'],
      [{ budget: 12 }, 'budget: Invalid input: expected string, received number'],
      [{ user_id: randomUUID() }, 'Unrecognized key: "user_id"'],
    ] as const) {
      const res = await update(ann.token, id, orderInput(overrides));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error });
    }
    expect((await update(ann.token, id, '{"oops', { 'content-type': 'application/json' })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps a date that has since passed, but refuses moving the order to a past date', async () => {
    const id = await placeOrder(t.app, ann.token);
    const past = isoDateFromNow(-10);
    await setDate(id, past);
    const keep = await update(ann.token, id, orderInput({ date: past, comments: 'Same day, new note' }));
    expect(keep.status).toBe(200);

    const before = await snapshot();
    const moved = await update(ann.token, id, orderInput({ date: isoDateFromNow(-5) }));
    expect(moved.status).toBe(400);
    expect(moved.body).toEqual({ success: false, error: 'The date cannot be in the past' });
    expect(await snapshot()).toEqual(before);
  });

  it.each(['processed', 'finished'])('refuses to edit a %s order with 409, and changes nothing', async (status) => {
    const id = await placeOrder(t.app, ann.token);
    await setStatus(id, status);
    const before = await snapshot();
    const res = await update(ann.token, id, orderInput({ recipientName: 'Too late' }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, error: `This order is ${status} and can no longer be changed` });
    expect(await snapshot()).toEqual(before);
  });

  it('lets the customer edit a rejected order (it is not locked)', async () => {
    const id = await placeOrder(t.app, ann.token);
    await setStatus(id, 'rejected');
    const res = await update(ann.token, id, orderInput({ comments: 'Try again please' }));
    expect(res.status).toBe(200);
    expect((await listOrders(t.app, ann.token)).find((o) => o._id === id)).toMatchObject({
      comments: 'Try again please',
      status: 'rejected',
    });
  });
});

describe("the country code of the order's phone number", () => {
  const orderOf = async (id: string) => (await listOrders(t.app, ann.token)).find((o) => o._id === id)!;
  const staffSee = async (id: string) => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/admin/getOrderDetails',
      token: await adminLogin(t.app),
      payload: { order_id: id },
    });
    return res.body.orderDetails as Record<string, unknown>;
  };

  it('is kept as the customer wrote it (as +44), answered by getgifts and View Order, and accepted back', async () => {
    const id = await placeOrder(t.app, ann.token, { countryCode: ' 44 ' });
    const answered = await orderOf(id);
    expect(answered.countryCode).toBe('+44');
    expect(await staffSee(id)).toMatchObject({ phoneNumber: '5559876543', countryCode: '+44' });
    // What getgifts answered, sent back whole: nothing changes.
    expect((await update(ann.token, id, answered)).status).toBe(200);
    expect(await orderOf(id)).toEqual(answered);
  });

  it('changes with an edit, stays when an edit leaves it out, and is cleared by a blank or null', async () => {
    const id = await placeOrder(t.app, ann.token, { countryCode: '+1' });
    await update(ann.token, id, orderInput({ countryCode: '+353' }));
    expect((await orderOf(id)).countryCode).toBe('+353');
    await update(ann.token, id, orderInput({ comments: 'No code sent' }));
    expect(await orderOf(id)).toMatchObject({ countryCode: '+353', comments: 'No code sent' });
    for (const blank of ['', null]) {
      await update(ann.token, id, orderInput({ countryCode: '+44' }));
      expect((await update(ann.token, id, orderInput({ countryCode: blank }))).status).toBe(200);
      expect(await orderOf(id)).not.toHaveProperty('countryCode');
    }
  });

  it("refuses a code that is no country's on an edit with 400 naming the field, and changes nothing", async () => {
    const id = await placeOrder(t.app, ann.token, { countryCode: '+44' });
    const before = await snapshot();
    for (const countryCode of ['+999', '+0', '4 4', '++44']) {
      const res = await update(ann.token, id, { ...(await orderOf(id)), countryCode });
      expect(res.status, countryCode).toBe(400);
      expect(res.body).toEqual({ success: false, error: CALLING_CODE_MESSAGE });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is absent from orders placed without one (and before it was kept), which still show and edit', async () => {
    const id = await placeOrder(t.app, ann.token);
    // As an order placed before migration 21 is: no code, its JSON written by the trigger without one.
    await t.app.db.query('update gift_orders set country_code = null where id = $1', [id]);
    const answered = await orderOf(id);
    expect(answered).not.toHaveProperty('countryCode');
    expect(await staffSee(id)).not.toHaveProperty('countryCode');
    expect((await update(ann.token, id, { ...answered, comments: 'Edited' })).status).toBe(200);
    expect(await orderOf(id)).toEqual({ ...answered, comments: 'Edited' });
  });
});

describe('DELETE /api/gifts/deleteGift/:id', () => {
  it('deletes the order and its history; a second delete answers 404', async () => {
    const id = await placeOrder(t.app, ann.token);
    const res = await remove(ann.token, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await listOrders(t.app, ann.token)).some((o) => o._id === id)).toBe(false);
    expect((await t.app.db.query('select 1 from order_status_events where order_id = $1', [id])).rowCount).toBe(0);
    const again = await remove(ann.token, id);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ success: false, error: 'Order not found' });
  });

  it.each(['processed', 'finished'])('refuses to delete a %s order with 409, and keeps it', async (status) => {
    const id = await placeOrder(t.app, ann.token);
    await setStatus(id, status);
    const before = await snapshot();
    const res = await remove(ann.token, id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, error: `This order is ${status} and can no longer be deleted` });
    expect(await snapshot()).toEqual(before);
  });

  it('lets the customer delete a rejected order', async () => {
    const id = await placeOrder(t.app, ann.token);
    await setStatus(id, 'rejected');
    expect((await remove(ann.token, id)).status).toBe(200);
  });
});

describe("one customer and another's orders", () => {
  it("answers 404 for another customer's order exactly as for a missing one, and changes nothing", async () => {
    const annsOrder = await placeOrder(t.app, ann.token, { recipientName: 'Ann only' });
    const missing = randomUUID();
    expect((await listOrders(t.app, bob.token)).some((o) => o._id === annsOrder)).toBe(false);

    const before = await snapshot();
    const attempts = await Promise.all([
      update(bob.token, annsOrder, orderInput({ recipientName: 'Hijacked' })),
      update(bob.token, missing, orderInput({ recipientName: 'Hijacked' })),
      remove(bob.token, annsOrder),
      remove(bob.token, missing),
    ]);
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Order not found' });
    }
    expect(await snapshot()).toEqual(before);
    expect((await listOrders(t.app, ann.token)).find((o) => o._id === annsOrder)?.recipientName).toBe('Ann only');
  });

  it("answers 404 even when the other customer's order is locked (no status leaks)", async () => {
    const annsOrder = await placeOrder(t.app, ann.token);
    await setStatus(annsOrder, 'processed');
    expect((await update(bob.token, annsOrder, orderInput())).status).toBe(404);
    expect((await remove(bob.token, annsOrder)).status).toBe(404);
  });

  it('answers 404 for ids that are not UUIDs, including SQL-looking ones', async () => {
    for (const id of ['123', 'not-a-uuid', "x' or '1'='1", `${randomUUID()}x`]) {
      const encoded = encodeURIComponent(id);
      const put = await update(ann.token, encoded, orderInput());
      const del = await remove(ann.token, encoded);
      for (const res of [put, del]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, error: 'Order not found' });
      }
    }
  });
});

describe('GET /api/docs', () => {
  it('documents the four gifts calls with their bodies and answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const paths = res.json().paths as Record<
      string,
      Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>
    >;
    expect(Object.keys(paths['/api/gifts/getgifts'].get.responses)).toEqual(['200', '304', '401']);
    expect(paths['/api/gifts/addgift'].post.requestBody).toBeTypeOf('object');
    expect(Object.keys(paths['/api/gifts/addgift'].post.responses)).toContain('201');
    expect(paths['/api/gifts/updateGift/{id}'].put.requestBody).toBeTypeOf('object');
    expect(Object.keys(paths['/api/gifts/updateGift/{id}'].put.responses)).toContain('409');
    expect(Object.keys(paths['/api/gifts/deleteGift/{id}'].delete.responses)).toEqual([
      '200',
      '401',
      '404',
      '409',
      '429',
    ]);
    // Writes are rate-limited per customer, and a new order may pass the cap of orders in progress.
    expect(Object.keys(paths['/api/gifts/addgift'].post.responses)).toEqual(expect.arrayContaining(['409', '429']));
  });
});
