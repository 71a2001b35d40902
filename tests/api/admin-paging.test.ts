import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ADMIN_ENV, adminLogin, seedCustomer } from './admin.helpers';
import { call, startTestApp, type TestApp } from './helpers';

/** POST /api/admin/getOrders pages: {status, page?, limit?} → {success, data, page, limit, hasMore}. */

let t: TestApp;
let token: string;
/** Every 'new' order as the list must show it: soonest date, then oldest placed, then id. */
let expected: string[];

interface Row {
  id: string;
  date: string;
  created: string;
}

/**
 * Seeds `count` orders of one status for a customer in one statement. Dates repeat (every 4th order
 * shares a day) and so do creation times (three values), so only the id tiebreaker separates many.
 */
async function seedOrders(userId: string, status: string, count: number): Promise<Row[]> {
  const { rows } = await t.app.db.query<Row>(
    `insert into gift_orders (user_id, recipient_name, relationship, occasion, address, phone_number, email,
       interests, budget, date, status, created_at)
     select $1, 'Paging ' || g, 'Friend', 'Birthday', '1 Page Road', '5550001111', 'page@example.com',
       'Books', (g * 5)::text, current_date + 10 + (g % 4), $2, now() - (g % 3) * interval '1 minute'
     from generate_series(1, $3::int) g
     returning id::text as id, date::text as date,
       to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as created`,
    [userId, status, count],
  );
  return rows;
}

// PostgreSQL orders uuids by their bytes, which for lowercase hex text is plain string order.
const byListOrder = (a: Row, b: Row) =>
  a.date.localeCompare(b.date) || a.created.localeCompare(b.created) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  token = await adminLogin(t.app);
  const customer = await seedCustomer(t.app);
  const rows = await seedOrders(customer.userId, 'new', 120);
  expected = [...rows].sort(byListOrder).map((r) => r.id);
  await seedOrders(customer.userId, 'rejected', 50);
  await seedOrders(customer.userId, 'processed', 3);
});
afterAll(() => t.close());

const getOrders = (payload: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: '/api/admin/getOrders', payload, token });

type Page = {
  success: boolean;
  data: Array<{ _id: string; recipientName: string; budget: string; date: string }>;
  page: number;
  limit: number;
  hasMore: boolean;
};
async function page(payload: Record<string, unknown>): Promise<Page> {
  const res = await getOrders(payload);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Page;
}

describe('POST /api/admin/getOrders pages', () => {
  it('without page or limit answers the first page of 50 and says more follow', async () => {
    const first = await page({ status: 'new' });
    expect(first).toMatchObject({ success: true, page: 1, limit: 50, hasMore: true });
    expect(first.data.map((o) => o._id)).toEqual(expected.slice(0, 50));
    expect(Object.keys(first.data[0])).toEqual(expect.arrayContaining(['_id', 'budget', 'date', 'recipientName']));
  });

  it('120 orders come as 50 + 50 + 20, in one order, none repeated or skipped; page 4 is empty', async () => {
    const pages = [
      await page({ status: 'new', page: 1 }),
      await page({ status: 'new', page: 2 }),
      await page({ status: 'new', page: 3 }),
    ];
    expect(pages.map((p) => p.data.length)).toEqual([50, 50, 20]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    expect(pages.map((p) => [p.page, p.limit])).toEqual([
      [1, 50],
      [2, 50],
      [3, 50],
    ]);
    const ids = pages.flatMap((p) => p.data.map((o) => o._id));
    expect(new Set(ids).size).toBe(120);
    expect(ids).toEqual(expected);
    const dates = pages.flatMap((p) => p.data.map((o) => o.date));
    expect(dates).toEqual([...dates].sort());

    expect(await page({ status: 'new', page: 4 })).toEqual({
      success: true,
      data: [],
      page: 4,
      limit: 50,
      hasMore: false,
      nextCursor: null,
    });
  });

  it('every page size walks the same order (ties on date and creation time are broken by id)', async () => {
    for (const limit of [1, 7, 33, 100]) {
      const ids: string[] = [];
      for (let n = 1; ; n++) {
        const p = await page({ status: 'new', page: n, limit });
        expect(p.data.length).toBeLessThanOrEqual(limit);
        ids.push(...p.data.map((o) => o._id));
        if (!p.hasMore) break;
        expect(p.data).toHaveLength(limit);
      }
      expect(ids, `limit ${limit}`).toEqual(expected);
    }
  });

  it('asking for the same page again answers the same orders', async () => {
    const again = await Promise.all([1, 2, 3].map(() => page({ status: 'new', page: 2, limit: 25 })));
    expect(again[1]).toEqual(again[0]);
    expect(again[2]).toEqual(again[0]);
    expect(again[0].data.map((o) => o._id)).toEqual(expected.slice(25, 50));
  });

  it('at the boundaries: exactly one full page has no more; limit 100 leaves 20; only that status is listed', async () => {
    const rejected = await page({ status: 'rejected' });
    expect(rejected.data).toHaveLength(50);
    expect(rejected.hasMore).toBe(false);
    expect(await page({ status: 'rejected', page: 2 })).toMatchObject({ data: [], hasMore: false });
    const fortyNine = await page({ status: 'rejected', limit: 49 });
    expect([fortyNine.data.length, fortyNine.hasMore]).toEqual([49, true]);
    expect((await page({ status: 'rejected', page: 2, limit: 49 })).data).toHaveLength(1);

    const big = [await page({ status: 'new', limit: 100 }), await page({ status: 'new', page: 2, limit: 100 })];
    expect(big.map((p) => [p.data.length, p.hasMore])).toEqual([
      [100, true],
      [20, false],
    ]);

    expect(await page({ status: 'processed' })).toMatchObject({ page: 1, limit: 50, hasMore: false });
    expect((await page({ status: 'processed' })).data).toHaveLength(3);
    expect(await page({ status: 'finished' })).toEqual({
      success: true,
      data: [],
      page: 1,
      limit: 50,
      hasMore: false,
      nextCursor: null,
    });
  });

  it.each([
    ['page 0', { page: 0 }, 'page must be 1 or more'],
    ['a negative page', { page: -1 }, 'page must be 1 or more'],
    ['a fractional page', { page: 1.5 }, 'page must be a whole number'],
    ['a page as text', { page: '2' }, 'page must be a whole number'],
    ['a null page', { page: null }, 'page must be a whole number'],
    ['a page beyond any list', { page: 1_000_001 }, 'page must be at most 1000000'],
    ['limit 0', { limit: 0 }, 'limit must be between 1 and 100'],
    ['limit 101', { limit: 101 }, 'limit must be between 1 and 100'],
    ['a fractional limit', { limit: 2.5 }, 'limit must be a whole number'],
    ['a limit as text', { limit: '10' }, 'limit must be a whole number'],
    ['a huge limit', { limit: 1e12 }, 'limit must be between 1 and 100'],
  ])('refuses %s with 400', async (_case, extra, error) => {
    const res = await getOrders({ status: 'new', ...extra });
    expect(res).toEqual({ status: 400, body: { success: false, error } });
  });
});
