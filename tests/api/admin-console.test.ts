import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { VERIFICATION_SUBJECT } from '../../server/modules/accounts/emailVerification';
import { isoDateFromNow } from '../support/fixtures';
import { ADMIN_ENV, adminLogin, eventCount, orderStatus, seedCustomer, seedOrder } from './admin.helpers';
import { call, signUp, startTestApp, unfoldMail, waitForMailsTo, type TestApp } from './helpers';

/**
 * The admin console (docs/admin-console.md) on the real server and a fresh database: live counts,
 * search, ranges, sorts and keyset paging, bulk moves, rejection reasons seen by the customer, the
 * customer's emails, the CSV export and the enquiries' pages. Every new call refuses a customer's token
 * and bad input (a clear 400, nothing changed).
 */

let t: TestApp;
let admin: string;
let customerToken: string;

beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  admin = await adminLogin(t.app);
  customerToken = (await signUp(t.app)).token;
}, 60_000);
afterAll(() => t.close());

type Item = Record<string, unknown> & { _id: string };

const post = (url: string, payload: object, token = admin) => call(t.app, { method: 'POST', url, payload, token });
const getOrders = (payload: object, token = admin) => post('/api/admin/getOrders', payload, token);
const counts = async () =>
  (await call(t.app, { method: 'GET', url: '/api/admin/orderCounts', token: admin })).body.counts as Record<
    string,
    number
  >;
const csv = (query: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/orders.csv?${query}`, headers: { 'auth-token': token } });

/** Every order of a view, page after page by cursor (limit per page), with `between` run between pages. */
async function walk(body: Record<string, unknown>, limit: number, between?: (page: number) => Promise<void>) {
  const seen: Item[] = [];
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    const res = await getOrders({ ...body, limit, ...(cursor && { cursor }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    seen.push(...(res.body.data as Item[]));
    cursor = (res.body.nextCursor as string | null) ?? undefined;
    if (!cursor) return seen;
    await between?.(page);
  }
}

/** Customers with orders written straight to the table (names and budgets chosen to search and sort by). */
async function seedCustomerWithOrders(
  name: string,
  orders: Array<{ recipient: string; budget: string; days: number }>,
) {
  const customer = await seedCustomer(t.app);
  await t.app.db.query('update users set name = $2 where id = $1', [customer.userId, name]);
  const ids: string[] = [];
  for (const o of orders) {
    ids.push(
      (
        await seedOrder(t.app, {
          userId: customer.userId,
          recipientName: o.recipient,
          budget: o.budget,
          date: isoDateFromNow(o.days),
        })
      ).id,
    );
  }
  return { ...customer, ids };
}

describe('the list: counts, items, search, range, sort and keyset paging', () => {
  let zed: Awaited<ReturnType<typeof seedCustomerWithOrders>>;
  let quinn: Awaited<ReturnType<typeof seedCustomerWithOrders>>;

  beforeAll(async () => {
    zed = await seedCustomerWithOrders('Zed Quarry', [
      { recipient: 'Ann Lee', budget: '$49.99', days: 5 },
      { recipient: 'Annabel', budget: '300', days: 40 },
      { recipient: 'Bo 100%_off', budget: '7', days: 12 },
    ]);
    quinn = await seedCustomerWithOrders('Quinn Ortiz', [
      { recipient: 'Cara', budget: '120.5', days: 2 },
      { recipient: 'Dev', budget: '15', days: 90 },
    ]);
  }, 60_000);

  it('counts every status live, from the same transaction as the change', async () => {
    const actual = await t.app.db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from gift_orders group by status',
    );
    const expected = {
      new: 0,
      processed: 0,
      finished: 0,
      rejected: 0,
      ...Object.fromEntries(actual.rows.map((r) => [r.status, r.n])),
    };
    expect(await counts()).toEqual(expected);
    const extra = await seedOrder(t.app, { userId: zed.userId, status: 'processed' });
    expect(await counts()).toEqual({ ...expected, processed: expected.processed + 1 });
    await t.app.db.query('delete from gift_orders where id = $1', [extra.id]);
    expect(await counts()).toEqual(expected);
  });

  it('items carry the customer, occasion, status and when it took this status; {status} alone answers the first page', async () => {
    const res = await getOrders({ status: 'new', search: 'zed quarry' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, page: 1, limit: 50, hasMore: false, nextCursor: null });
    const item = (res.body.data as Item[]).find((o) => o._id === zed.ids[0]);
    expect(item).toEqual({
      _id: zed.ids[0],
      recipientName: 'Ann Lee',
      budget: '$49.99',
      date: isoDateFromNow(5),
      occasion: 'Birthday',
      status: 'new',
      customerName: 'Zed Quarry',
      customerEmail: zed.email,
      statusSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      placedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    // A new order has had its status since it was placed.
    expect(item?.statusSince).toBe(item?.placedAt);
    const plain = await getOrders({ status: 'new' });
    expect(plain.body).toMatchObject({ success: true, page: 1, limit: 50 });
  });

  it('items carry the reason, the proposal’s title and price, the shipment and the delivery day, when there are', async () => {
    const jo = await seedCustomerWithOrders('Journey Person', [
      { recipient: 'Jo Rejected', budget: '40', days: 3 },
      { recipient: 'Jo Shipped', budget: '40', days: 4 },
    ]);
    await t.app.db.query(
      `update gift_orders set status = 'rejected', status_reason = 'No courier goes there' where id = $1`,
      [jo.ids[0]],
    );
    await t.app.db.query(
      `update gift_orders set status = 'finished', proposal_title = 'Tea set', proposal_description = 'Blue and white',
         proposal_price_cents = 4599, proposal_state = 'approved', proposed_at = now(), shipped_carrier = 'DHL',
         shipped_tracking_number = 'JD0001', shipped_tracking_url = 'https://dhl.example/t/JD0001',
         shipped_on = '2026-11-20', delivered_on = '2026-11-22'
       where id = $1`,
      [jo.ids[1]],
    );
    const [rejected] = (await getOrders({ status: 'rejected', search: 'journey person' })).body.data as Item[];
    expect(rejected).toMatchObject({ _id: jo.ids[0], statusReason: 'No courier goes there' });
    for (const absent of ['proposal', 'shipment', 'deliveredOn']) expect(rejected).not.toHaveProperty(absent);
    const [finished] = (await getOrders({ status: 'finished', search: 'journey person' })).body.data as Item[];
    expect(finished).toMatchObject({
      _id: jo.ids[1],
      proposal: { title: 'Tea set', price: '45.99', state: 'approved' },
      shipment: {
        carrier: 'DHL',
        trackingNumber: 'JD0001',
        trackingUrl: 'https://dhl.example/t/JD0001',
        shippedOn: '2026-11-20',
      },
      deliveredOn: '2026-11-22',
    });
    expect(finished).not.toHaveProperty('statusReason');
    expect(finished.proposal).not.toHaveProperty('description');
  });

  it('finds a word anywhere in a recipient, a customer name or email (any case), or an order id, and nowhere else', async () => {
    const ids = async (search: string) =>
      ((await getOrders({ status: 'new', search })).body.data as Item[]).map((o) => o._id).sort();
    expect(await ids('ANN')).toEqual([zed.ids[0], zed.ids[1]].sort());
    expect(await ids('ann lee')).toEqual([zed.ids[0]]);
    // Inside a name, across its space, and inside an email.
    expect(await ids('lee')).toEqual([zed.ids[0]]);
    expect(await ids('nn le')).toEqual([zed.ids[0]]);
    expect(await ids('uarry')).toEqual([...zed.ids].sort());
    expect(await ids('d quar')).toEqual([...zed.ids].sort());
    expect(await ids('quinn')).toEqual([...quinn.ids].sort());
    expect(await ids(quinn.email.toUpperCase())).toEqual([...quinn.ids].sort());
    expect(await ids(quinn.email.slice(0, 12))).toEqual(expect.arrayContaining([...quinn.ids]));
    expect(await ids(quinn.email.slice(quinn.email.indexOf('@') - 6))).toEqual([...quinn.ids].sort());
    expect(await ids(zed.ids[2])).toEqual([zed.ids[2]]);
    // LIKE's wildcards are taken literally: "%" finds only a name that holds one.
    expect(await ids('%')).toEqual([]);
    expect(await ids('bo 100%_')).toEqual([zed.ids[2]]);
    expect(await ids('0%_o')).toEqual([zed.ids[2]]);
    expect(await ids('100_%')).toEqual([]);
    // Shorter than three characters (too short for a trigram): from the start of a name or email, as before.
    expect(await ids('an')).toEqual([zed.ids[0], zed.ids[1]].sort());
    expect(await ids('ee')).toEqual([]);
  });

  it('narrows to a delivery-date range, both ends included', async () => {
    const res = await getOrders({ status: 'new', search: 'zed', from: isoDateFromNow(5), to: isoDateFromNow(12) });
    expect((res.body.data as Item[]).map((o) => o.recipientName)).toEqual(['Ann Lee', 'Bo 100%_off']);
  });

  it('sorts by delivery date, budget (as an amount) and placed, both ways', async () => {
    const names = async (sort: string) =>
      ((await getOrders({ status: 'new', search: 'quinn', sort })).body.data as Item[]).map((o) => o.recipientName);
    expect(await names('date')).toEqual(['Cara', 'Dev']);
    expect(await names('-date')).toEqual(['Dev', 'Cara']);
    const zedNames = async (sort: string) =>
      ((await getOrders({ status: 'new', search: 'zed', sort })).body.data as Item[]).map((o) => o.recipientName);
    expect(await zedNames('budget')).toEqual(['Bo 100%_off', 'Ann Lee', 'Annabel']);
    expect(await zedNames('-budget')).toEqual(['Annabel', 'Ann Lee', 'Bo 100%_off']);
    expect(await zedNames('placed')).toEqual(['Ann Lee', 'Annabel', 'Bo 100%_off']);
    expect(await zedNames('-placed')).toEqual(['Bo 100%_off', 'Annabel', 'Ann Lee']);
  });

  it('pages by cursor without skipping or repeating an order while others change status between pages', async () => {
    const customer = await seedCustomer(t.app);
    await t.app.db.query(
      `insert into gift_orders (user_id, recipient_name, relationship, occasion, address, phone_number, email,
         interests, budget, date)
       select $1, 'Pager ' || g, 'Friend', 'Birthday', '1 Road', '5550001111', 'p@example.com', 'Books', (g % 9 + 1)::text,
         current_date + (g % 5)
       from generate_series(1, 60) g`,
      [customer.userId],
    );
    const all = (
      await t.app.db.query<{ id: string }>('select id::text from gift_orders where user_id = $1', [customer.userId])
    ).rows.map((r) => r.id);
    for (const sort of ['date', '-budget', 'placed']) {
      const moved: string[] = [];
      const seen = await walk({ status: 'new', search: 'pager', sort }, 7, async () => {
        // Between pages another admin takes two orders out of the view, on either side of the cursor.
        const { rows } = await t.app.db.query<{ id: string }>(
          `update gift_orders set status = 'processed' where id in (
             select id from gift_orders where user_id = $1 and status = 'new' order by random() limit 2) returning id::text`,
          [customer.userId],
        );
        moved.push(...rows.map((r) => r.id));
      });
      const ids = seen.map((o) => o._id);
      expect(new Set(ids).size, `${sort}: no order twice`).toBe(ids.length);
      const stayed = all.filter((id) => !moved.includes(id));
      expect(
        stayed.filter((id) => !ids.includes(id)),
        `${sort}: every order that stayed is seen`,
      ).toEqual([]);
      expect(moved.length).toBeGreaterThan(0);
      await t.app.db.query(`update gift_orders set status = 'new' where user_id = $1`, [customer.userId]);
    }
  });

  it('pages that never change give every order exactly once, in order', async () => {
    const seen = await walk({ status: 'new', sort: '-budget' }, 4);
    const { rows } = await t.app.db.query<{ id: string }>(
      `select id::text from gift_orders where status = 'new' order by budget_cents desc, id desc`,
    );
    expect(seen.map((o) => o._id)).toEqual(rows.map((r) => r.id));
  });
});

describe('moves with a reason, in bulk, and the customer told', () => {
  it('a rejection keeps its reason in the history, shows it on the customer’s order and emails it', async () => {
    const customer = await seedCustomer(t.app);
    const { id } = await seedOrder(t.app, { userId: customer.userId, recipientName: 'Nora' });
    const reason = 'The address is outside our delivery area';
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/admin/updateGiftStatus/${id}`,
      payload: { status: 'rejected', reason: `  ${reason} ` },
      token: admin,
    });
    expect(res.body).toEqual({ success: true, from: 'new', status: 'rejected' });

    const details = await post('/api/admin/getOrderDetails', { order_id: id });
    const history = (details.body.orderDetails as { statusHistory: Array<Record<string, unknown>> }).statusHistory;
    expect(history.at(-1)).toMatchObject({ fromStatus: 'new', toStatus: 'rejected', reason });

    const gifts = await call(t.app, { method: 'GET', url: '/api/gifts/getgifts', token: customer.token });
    expect((gifts.body as unknown as Item[]).find((o) => o._id === id)).toMatchObject({
      status: 'rejected',
      statusReason: reason,
    });

    const [mail] = await waitForMailsTo(t.dataDir, customer.email);
    const body = unfoldMail(mail);
    expect(mail).toContain('Subject: Your gift order for Nora is rejected');
    expect(body).toContain(`Reason: ${reason}`);
    // An email has no footer: the way forward is two links, the order's card and the contact page.
    expect(body).toContain(
      `What next: edit the order to fix it, and we will look at it again: http://app.test/orders?order=${id}`,
    );
    expect(body).toContain('Or write to us from our contact page: http://app.test/contact');
    expect(body).not.toContain('foot of the page');

    // Proceeding it again clears the reason from the customer's card.
    await call(t.app, {
      method: 'PUT',
      url: `/api/admin/updateGiftStatus/${id}`,
      payload: { status: 'processed' },
      token: admin,
    });
    const again = await call(t.app, { method: 'GET', url: '/api/gifts/getgifts', token: customer.token });
    expect((again.body as unknown as Item[]).find((o) => o._id === id)).not.toHaveProperty('statusReason');
    await waitForMailsTo(t.dataDir, customer.email, 2);
  });

  it('no email when the customer turned order emails off', async () => {
    const customer = await seedCustomer(t.app);
    await call(t.app, {
      method: 'PUT',
      url: '/api/auth/preferences',
      payload: { orderEmails: false },
      token: customer.token,
    });
    const { id } = await seedOrder(t.app, { userId: customer.userId });
    await call(t.app, {
      method: 'PUT',
      url: `/api/admin/updateGiftStatus/${id}`,
      payload: { status: 'processed' },
      token: admin,
    });
    const queued = await t.app.db.query('select 1 from mail_queue where to_address = $1 and subject <> $2', [
      customer.email,
      VERIFICATION_SUBJECT,
    ]);
    expect(queued.rows).toEqual([]);
  });

  it('bulk on a stale view: orders that left the view the admin saw are refused, unchanged and not emailed', async () => {
    const customer = await seedCustomer(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await seedOrder(t.app, { userId: customer.userId })).id);
    const mails = async () =>
      (
        await t.app.db.query('select 1 from mail_queue where to_address = $1 and subject <> $2', [
          customer.email,
          VERIFICATION_SUBJECT,
        ])
      ).rows.length;

    // Admins A and B both load New; A proceeds the ten orders, then B rejects them from the same screen.
    const proceeded = await post('/api/admin/bulkUpdateStatus', { ids, status: 'processed', from: 'new' });
    expect(proceeded.body.results).toEqual(ids.map((_id) => ({ _id, success: true })));
    const events = await eventCount(t.app);
    expect(await mails()).toBe(10);

    const stale = await post('/api/admin/bulkUpdateStatus', {
      ids,
      status: 'rejected',
      from: 'new',
      reason: 'Out of stock',
    });
    expect(stale).toEqual({
      status: 200,
      body: {
        success: true,
        results: ids.map((_id) => ({
          _id,
          success: false,
          error: 'Someone else changed this order meanwhile: it is now processed. Reload it and try again.',
        })),
      },
    });
    for (const id of ids) expect(await orderStatus(t.app, id)).toBe('processed');
    expect(await eventCount(t.app)).toBe(events);
    expect(await mails()).toBe(10);
  });

  it('bulk: each order follows the workflow on its own, and the answer says what happened to each', async () => {
    const customer = await seedCustomer(t.app);
    const fresh = [];
    for (let i = 0; i < 3; i++)
      fresh.push((await seedOrder(t.app, { userId: customer.userId, recipientName: `Bulk ${i}` })).id);
    const finished = (await seedOrder(t.app, { userId: customer.userId, status: 'finished' })).id;
    const unknown = '00000000-0000-4000-8000-00000000dead';
    const before = await counts();

    const res = await post('/api/admin/bulkUpdateStatus', {
      ids: [...fresh, finished, unknown, 'not-an-id', fresh[0]],
      status: 'processed',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      results: [
        ...fresh.map((_id) => ({ _id, success: true })),
        { _id: finished, success: false, error: 'A finished order cannot change status' },
        { _id: unknown, success: false, error: 'Order not found' },
        { _id: 'not-an-id', success: false, error: 'Order not found' },
      ],
    });
    for (const id of fresh) expect(await orderStatus(t.app, id)).toBe('processed');
    expect(await orderStatus(t.app, finished)).toBe('finished');
    expect(await counts()).toMatchObject({ new: before.new - 3, processed: before.processed + 3 });
    await waitForMailsTo(t.dataDir, customer.email, 3);

    const rejected = await post('/api/admin/bulkUpdateStatus', {
      ids: fresh.slice(0, 2),
      status: 'rejected',
      reason: 'Out of stock',
    });
    expect((rejected.body.results as Array<{ success: boolean }>).every((r) => r.success)).toBe(true);
    const reasons = await t.app.db.query<{ status_reason: string }>(
      'select status_reason from gift_orders where id = any($1::uuid[])',
      [fresh.slice(0, 2)],
    );
    expect(reasons.rows.map((r) => r.status_reason)).toEqual(['Out of stock', 'Out of stock']);
  });
});

describe('bad input on every new field: a clear 400 and nothing changed', () => {
  it.each([
    ['a search that is not text', { status: 'new', search: 5 }, 'search must be a string'],
    ['a search too long', { status: 'new', search: 'x'.repeat(255) }, 'search must be at most 254 characters'],
    ['from that is not a date', { status: 'new', from: '2026-02-30' }, 'from must be a real date written YYYY-MM-DD'],
    ['to of the wrong type', { status: 'new', to: 20261201 }, 'to must be a date written YYYY-MM-DD'],
    ['from after to', { status: 'new', from: '2026-12-02', to: '2026-12-01' }, 'from must be on or before to'],
    [
      'an unknown sort',
      { status: 'new', sort: 'price' },
      'sort must be one of date, -date, budget, -budget, placed, -placed',
    ],
    [
      'a cursor that is not ours',
      { status: 'new', cursor: 'garbage' },
      'cursor is not valid for this list: ask for the first page again',
    ],
    ['a cursor and a page', { status: 'new', cursor: 'abc', page: 2 }, 'Send either cursor or page, not both'],
    ['an unknown key', { status: 'new', q: 'ann' }, undefined],
  ])('getOrders: %s', async (_what, body, error) => {
    const res = await getOrders(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    if (error) expect(res.body.error).toContain(error);
  });

  it('getOrders: a cursor written for another sort', async () => {
    const first = await getOrders({ status: 'new', limit: 1 });
    const res = await getOrders({ status: 'new', sort: 'budget', cursor: first.body.nextCursor });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('cursor is not valid');
  });

  it.each([
    ['ids that are not a list', { ids: 'abc', status: 'processed' }, 'ids must be a list of order ids'],
    ['no ids', { ids: [], status: 'processed' }, 'ids must name at least one order'],
    [
      'over 100 ids',
      { ids: Array.from({ length: 101 }, () => 'x'), status: 'processed' },
      'ids may name at most 100 orders',
    ],
    ['an id that is not text', { ids: [42], status: 'processed' }, 'Each id must be a string'],
    ['an unknown status', { ids: ['x'], status: 'lost' }, 'Status must be one of new, processed, finished, rejected'],
    [
      'a reason too long',
      { ids: ['x'], status: 'rejected', reason: 'r'.repeat(501) },
      'reason must be at most 500 characters',
    ],
    ['a reason that is not text', { ids: ['x'], status: 'rejected', reason: true }, 'reason must be a string'],
    [
      'a view that is not a status',
      { ids: ['x'], status: 'processed', from: 'old' },
      'from must be one of new, processed, finished, rejected',
    ],
    ['an unknown key', { ids: ['x'], status: 'rejected', why: 'x' }, undefined],
  ])('bulkUpdateStatus: %s', async (_what, body, error) => {
    const { id } = await seedOrder(t.app);
    const payload = {
      ...body,
      ids: Array.isArray(body.ids) && body.ids.length === 1 && body.ids[0] === 'x' ? [id] : body.ids,
    };
    const events = await eventCount(t.app);
    const res = await post('/api/admin/bulkUpdateStatus', payload);
    expect(res.status).toBe(400);
    if (error) expect(res.body.error).toContain(error);
    expect(await orderStatus(t.app, id)).toBe('new');
    expect(await eventCount(t.app)).toBe(events);
  });

  it('updateGiftStatus: a reason too long is refused and the order stays', async () => {
    const { id } = await seedOrder(t.app);
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/admin/updateGiftStatus/${id}`,
      payload: { status: 'rejected', reason: 'r'.repeat(501) },
      token: admin,
    });
    expect(res).toEqual({
      status: 400,
      body: { success: false, error: expect.stringContaining('reason must be at most 500 characters') },
    });
    expect(await orderStatus(t.app, id)).toBe('new');
  });

  it.each([
    ['an unknown status', 'status=lost'],
    ['a bad date', 'status=new&from=tomorrow'],
    ['an unknown sort', 'status=new&sort=size'],
    ['an unknown parameter', 'status=new&page=2'],
  ])('orders.csv: %s', async (_what, query) => {
    const res = await csv(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('getNotes: a cursor that is not ours', async () => {
    const res = await post('/api/admin/getNotes', { type: 'Support', cursor: 'bm90LWEtY3Vyc29y' });
    expect(res).toEqual({
      status: 400,
      body: { success: false, error: 'cursor is not valid: ask for the first page again' },
    });
  });
});

describe('a customer’s token, or none, opens none of the new calls', () => {
  const calls = [
    { method: 'GET', url: '/api/admin/orderCounts' },
    { method: 'GET', url: '/api/admin/noteCounts' },
    { method: 'GET', url: '/api/admin/orders.csv?status=new' },
    { method: 'POST', url: '/api/admin/bulkUpdateStatus', payload: { ids: ['x'], status: 'processed' } },
    { method: 'POST', url: '/api/admin/getOrders', payload: { status: 'new', search: 'a', sort: '-budget' } },
    { method: 'POST', url: '/api/admin/getNotes', payload: { type: 'Support', cursor: 'abc' } },
  ] as const;
  it.each(calls)('$method $url', async (request) => {
    for (const token of [customerToken, undefined]) {
      const res = await call(t.app, { ...request, token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: 'Please sign in as an admin again' });
    }
  });
});

describe('GET /api/admin/orders.csv', () => {
  it('streams every order of the view, search and range (not only a page), with a header row and safe cells', async () => {
    const customer = await seedCustomer(t.app);
    await t.app.db.query('update users set name = $2 where id = $1', [customer.userId, 'Csv Person']);
    await t.app.db.query(
      `insert into gift_orders (user_id, recipient_name, relationship, occasion, address, phone_number, email,
         interests, budget, date, comments)
       select $1, 'Csv ' || g, 'Friend', 'Birthday', '1 Road, "Upper" Flat', '5550001111', 'c@example.com', 'Books', '10',
         current_date + g % 30, case when g = 1 then '=HYPERLINK("http://evil")' else 'line one' || chr(10) || 'line two' end
       from generate_series(1, 1203) g`,
      [customer.userId],
    );
    const res = await csv('status=new&search=csv%20person');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="giftwise-orders-new-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const records = res.body.split('\r\n').filter((line, i, all) => line !== '' || i < all.length - 1);
    expect(records[0]).toBe(
      'Order id,Status,Status since,Rejection reason,Recipient,Relationship,Occasion,Delivery date,Budget,Customer name,Customer email,Gender,Address,Phone,Recipient email,Interests,Default option,Comments,Placed,Proposal,Proposal price,Carrier,Tracking number,Tracking address,Delivered',
    );
    // 1,203 orders, a header, and nothing else (the comments' line breaks stay inside quoted cells).
    expect(res.body.match(/^[0-9a-f]{8}-[0-9a-f]{4}-/gm)).toHaveLength(1203);
    expect(res.body).toContain('"1 Road, ""Upper"" Flat"');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.body).toContain('"line one\nline two"');

    // Without a status: every view in turn.
    const everything = await csv('search=csv%20person');
    expect(everything.headers['content-disposition']).toContain('giftwise-orders-all-');
    expect(everything.body.match(/^[0-9a-f]{8}-[0-9a-f]{4}-/gm)).toHaveLength(1203);
    await t.app.db.query(
      `update gift_orders set status = 'finished' where id in (select id from gift_orders where user_id = $1 limit 3)`,
      [customer.userId],
    );
    const lines = (await csv('search=csv%20person')).body.split('\r\n').filter((l) => /^[0-9a-f]{8}-/.test(l));
    expect(lines).toHaveLength(1203);
    expect(lines.slice(-3).every((l) => l.split(',')[1] === 'finished')).toBe(true);
    await t.app.db.query(`update gift_orders set status = 'new' where user_id = $1`, [customer.userId]);

    const ranged = await csv(`status=new&search=csv&from=${isoDateFromNow(0)}&to=${isoDateFromNow(0)}`);
    const expected = (
      await t.app.db.query<{ n: number }>(
        `select count(*)::int as n from gift_orders where user_id = $1 and date = current_date`,
        [customer.userId],
      )
    ).rows[0].n;
    expect(ranged.body.match(/^[0-9a-f]{8}-[0-9a-f]{4}-/gm)).toHaveLength(expected);
  });
});

describe('the CSV’s amounts and the journey’s columns', () => {
  it('writes the budget and the proposal’s price as plain numbers, the phone with its country code, and the proposal, shipment and delivery day', async () => {
    const customer = await seedCustomer(t.app);
    await t.app.db.query('update users set name = $2 where id = $1', [customer.userId, 'Sheet Adder']);
    const order = await seedOrder(t.app, { userId: customer.userId, status: 'finished' });
    await t.app.db.query(
      `update gift_orders set budget = '$49.99', proposal_title = 'Tea set', proposal_description = 'Blue',
         proposal_price_cents = 5250, proposal_state = 'approved', proposed_at = now(), shipped_carrier = '@Post',
         shipped_tracking_number = 'JD0001', shipped_tracking_url = 'https://post.example/t/JD0001',
         shipped_on = '2026-11-20', delivered_on = '2026-11-22', country_code = '+44'
       where id = $1`,
      [order.id],
    );
    const plain = await seedOrder(t.app, { userId: customer.userId, status: 'finished' });
    await t.app.db.query(`update gift_orders set budget = '75' where id = $1`, [plain.id]);
    const res = await csv('status=finished&search=sheet%20adder');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = res.body.trimEnd().split('\r\n');
    const columns = header.split(',');
    const cellsOf = (id: string) => {
      const row = rows.find((r) => r.startsWith(id));
      expect(row).toBeDefined();
      // A record's cells (RFC 4180): quoted ones may hold commas and doubled quotes.
      const cells = [...`${row},`.matchAll(/("(?:[^"]|"")*"|[^,]*),/g)].map(([, c]) =>
        c.startsWith('"') ? c.slice(1, -1).replaceAll('""', '"') : c,
      );
      return Object.fromEntries(cells.map((cell, i) => [columns[i], cell]));
    };
    expect(cellsOf(order.id)).toMatchObject({
      Budget: '49.99',
      Proposal: 'Tea set',
      'Proposal price': '52.50',
      // A cell a spreadsheet would run as a formula is still made text.
      Carrier: "'@Post",
      'Tracking number': 'JD0001',
      'Tracking address': 'https://post.example/t/JD0001',
      Delivered: '2026-11-22',
      // With its country code, in E.164, so that it can be dialled from anywhere; made text like any cell with a "+".
      Phone: "'+445559876543",
    });
    expect(cellsOf(plain.id)).toMatchObject({
      Budget: '75.00',
      // An order placed before the code was kept: the number as given.
      Phone: '5559876543',
      Proposal: '',
      'Proposal price': '',
      Carrier: '',
      'Tracking number': '',
      'Tracking address': '',
      Delivered: '',
    });
  });
});

describe('enquiries: arrival time, newest first, pages by cursor, counts per type', () => {
  it('answers createdAt, pages of 50 newest first with no repeat or gap, and counts each type', async () => {
    await t.app.db.query(
      `insert into notes (type, name, email, details, created_at)
       select 'Hiring', 'N' || g, 'n@example.com', 'hello', now() - g * interval '1 second' - (g % 3) * interval '0 seconds'
       from generate_series(1, 120) g`,
    );
    const seen: Array<{ _id: string; createdAt: string }> = [];
    let cursor: string | null = null;
    do {
      const res = await post('/api/admin/getNotes', cursor ? { type: 'Hiring', cursor } : { type: 'Hiring' });
      expect(res.status).toBe(200);
      const data = res.body.data as Array<{ _id: string; createdAt: string }>;
      expect(data.length).toBeLessThanOrEqual(50);
      seen.push(...data);
      cursor = res.body.nextCursor as string | null;
    } while (cursor);
    expect(seen).toHaveLength(120);
    expect(new Set(seen.map((n) => n._id)).size).toBe(120);
    const times = seen.map((n) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(times[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const counted = await call(t.app, { method: 'GET', url: '/api/admin/noteCounts', token: admin });
    expect(counted.body).toEqual({
      success: true,
      counts: { Hiring: 120, 'Brand Partner': 0, Support: 0, 'Contact Us': 0 },
    });
  });
});
