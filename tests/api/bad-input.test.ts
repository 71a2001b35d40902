import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orderInput } from '../support/fixtures';
import { ADMIN_ENV, adminLogin, eventCount, orderStatus, seedOrder } from './admin.helpers';
import { call, signUpWithProfile, startTestApp, uniqueEmail, type TestApp } from './helpers';

/**
 * Values PostgreSQL cannot take, sent where a client may put them: forged keyset cursors holding
 * impossible dates, times and offsets, and text holding NUL characters. Each is a clear 400 that
 * changes nothing (never a database error answered as 500), and the CSV export refuses before its first byte.
 */

let t: TestApp;
let admin: string;
let customer: string;

beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  admin = await adminLogin(t.app);
  customer = (await signUpWithProfile(t.app)).token;
}, 60_000);
afterAll(() => t.close());

const UUID = '00000000-0000-4000-8000-000000000000';
/** A cursor as the server writes them (base64url of JSON: the list, then the last row's key). */
const forge = (...parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

const post = (url: string, payload: object, token = admin) => call(t.app, { method: 'POST', url, payload, token });

const BAD_TIMES = [
  ['a month 13 and day 45', '2027-13-45 10:00:00+00'],
  ['a time of 99:99:99', '2027-01-01 99:99:99+00'],
  ['an offset of +99:99', '2027-01-01 10:00:00+99:99'],
  ['the year 0000', '0000-01-01 10:00:00+00'],
  ['30 February', '2027-02-30 10:00:00.123456+00'],
  ['a second of 60', '2027-01-01 10:00:60Z'],
];

describe('a forged cursor PostgreSQL could not read is a 400', () => {
  it.each(BAD_TIMES)('getOrders by placing time: %s', async (_what, time) => {
    const res = await post('/api/admin/getOrders', {
      status: 'new',
      sort: 'placed',
      cursor: forge('placed', time, UUID),
    });
    expect(res).toEqual({
      status: 400,
      body: { success: false, error: 'cursor is not valid for this list: ask for the first page again' },
    });
  });

  it.each([
    ['a month 13 and day 45', '2027-13-45'],
    ['the year 0000', '0000-01-01'],
    ['29 February of a common year', '2027-02-29'],
  ])('getOrders by delivery date: %s', async (_what, date) => {
    const res = await post('/api/admin/getOrders', {
      status: 'new',
      cursor: forge('date', date, '2027-01-01 10:00:00+00', UUID),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('cursor is not valid for this list: ask for the first page again');
  });

  it.each(BAD_TIMES)('getNotes: %s', async (_what, time) => {
    const res = await post('/api/admin/getNotes', { type: 'Support', cursor: forge('Support', time, UUID) });
    expect(res).toEqual({
      status: 400,
      body: { success: false, error: 'cursor is not valid: ask for the first page again' },
    });
  });

  it('still reads a cursor the server wrote, at the edges of the calendar', async () => {
    for (const time of ['2028-02-29 23:59:59.999999+00', '1970-01-01 00:00:00+15:59', '9999-12-31 23:59:59-15:59']) {
      const res = await post('/api/admin/getNotes', { type: 'Support', cursor: forge('Support', time, UUID) });
      expect(res.status, time).toBe(200);
    }
  });
});

describe('text holding a NUL character is a 400 wherever a client sends it', () => {
  it('getOrders: a search', async () => {
    const res = await post('/api/admin/getOrders', { status: 'new', search: 'ann\u0000' });
    expect(res).toEqual({ status: 400, body: { success: false, error: 'search must not contain NUL characters' } });
  });

  it.each([
    ['a search', 'search=%00', 'search must not contain NUL characters'],
    ['a search within a view', 'status=new&search=a%00b', 'search must not contain NUL characters'],
    ['a date', 'from=2027-13-45', 'from must be a real date written YYYY-MM-DD'],
  ])('orders.csv: %s is refused before the first byte', async (_what, query, error) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?${query}`,
      headers: { 'auth-token': admin },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ success: false, error });
  });

  it('admin sign-in: an email', async () => {
    const res = await post('/api/admin/login', { email: 'boss\u0000@example.com', password: 'whatever pw' }, '');
    expect(res).toEqual({ status: 400, body: { success: false, error: 'Email must not contain NUL characters' } });
  });

  it('a rejection reason, one order or many: refused, nothing moved', async () => {
    const { id } = await seedOrder(t.app);
    const events = await eventCount(t.app);
    const single = await call(t.app, {
      method: 'PUT',
      url: `/api/admin/updateGiftStatus/${id}`,
      payload: { status: 'rejected', reason: 'out\u0000of stock' },
      token: admin,
    });
    const bulk = await post('/api/admin/bulkUpdateStatus', { ids: [id], status: 'rejected', reason: '\u0000' });
    for (const res of [single, bulk])
      expect(res).toEqual({ status: 400, body: { success: false, error: 'reason must not contain NUL characters' } });
    expect(await orderStatus(t.app, id)).toBe('new');
    expect(await eventCount(t.app)).toBe(events);
  });

  it.each([
    ['an order', 'POST', '/api/gifts/addgift', orderInput({ occasion: 'Birth\u0000day' }), 'Occasion'],
    [
      'an occasion',
      'POST',
      '/api/occasions',
      { recipientName: 'Ann\u0000', relationship: 'Friend', occasion: 'Birthday', date: '2027-05-01' },
      'Recipient name',
    ],
    [
      'an enquiry',
      'POST',
      '/api/auth/putNote',
      { type: 'Support', Pname: 'A', Pemail: 'a@b.co', details: '\u0000' },
      'Details',
    ],
  ] as const)('customer text: %s', async (_what, method, url, payload, label) => {
    const res = await call(t.app, { method, url, payload, token: customer });
    expect(res).toEqual({ status: 400, body: { success: false, error: `${label} must not contain NUL characters` } });
  });

  it('sign-up: a name', async () => {
    const res = await post(
      '/api/auth/createUser',
      { name: 'A\u0000', email: uniqueEmail(), password: 'long enough pw' },
      '',
    );
    expect(res).toEqual({ status: 400, body: { success: false, error: 'Name must not contain NUL characters' } });
  });

  it.each([
    ['a calendar feed', 'GET', '/api/calendar/%00.ics', 'file'],
    ['an unsubscribe link', 'POST', '/api/reminders/unsubscribe/a%00b', 'token'],
  ] as const)('a token in the path: %s', async (_what, method, url, label) => {
    const res = await call(t.app, { method, url });
    expect(res).toEqual({ status: 400, body: { success: false, error: `${label} must not contain NUL characters` } });
  });
});

describe('the CSV export runs its first query before its first byte', () => {
  it('answers an error as JSON, not a 200 whose body breaks after the header', async () => {
    await t.app.db.query('alter table gift_orders rename to gift_orders_away');
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/orders.csv?status=new',
        headers: { 'auth-token': admin },
      });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json()).toEqual({ success: false, error: expect.any(String) });
    } finally {
      await t.app.db.query('alter table gift_orders_away rename to gift_orders');
    }
  });
});
