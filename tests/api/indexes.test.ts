import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { OrderFilters } from '#contract/admin';

import type { Queryable } from '../../server/db/db';
import { listCursor, listOrders, orderListStatement, SEARCH_GATHER_MAX } from '../../server/modules/admin/orderList';
import { statusHistoryQuery } from '../../server/modules/admin/orderMoves';
import { enquiriesPageQuery } from '../../server/modules/enquiries/enquiries';
import { ORDERS_JSON_SQL } from '../../server/modules/orders/orders';
import { CLAIM_SQL } from '../../server/modules/reminders/reminderSweep';
import { batchSql, PURGES } from '../../server/modules/retention/purge';
import { startTestApp, type TestApp } from './helpers';

/**
 * Each list query is served by an index that holds its filter and its whole order (tiebreaker
 * included), so the database reads rows already in order and never sorts them. Checked with EXPLAIN
 * on the queries the services really run, on PGlite and (api-postgres project) on PostgreSQL 15.
 */

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Subplan Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

let t: TestApp;
let bigCustomer: string;
let someOrder: string;

beforeAll(async () => {
  t = await startTestApp();
  const db = t.app.db;
  // 100 customers with 40 orders each in every status, one customer with 2,000, enquiries and history.
  await db.exec(`
    insert into users (name, email, password_hash)
      select 'Index ' || i, 'index' || i || '@example.com', 'x' from generate_series(1, 101) i;
    insert into gift_orders (user_id, recipient_name, relationship, occasion, address, phone_number, email,
        interests, budget, date, status)
      select u.id, 'R' || g, 'Friend', 'Birthday', '1 Road', '5550001111', 'r@example.com', 'Books', '10',
        current_date + (g * 7 % 365), (array['new', 'processed', 'finished', 'rejected'])[1 + g % 4]
      from users u cross join generate_series(1, 40) g where u.email <> 'index101@example.com';
    insert into gift_orders (user_id, recipient_name, relationship, occasion, address, phone_number, email,
        interests, budget, date)
      select u.id, 'Big ' || g, 'Friend', 'Birthday', '1 Road', '5550001111', 'r@example.com', 'Books', '10',
        current_date + (g * 13 % 700)
      from users u cross join generate_series(1, 2000) g where u.email = 'index101@example.com';
    insert into order_status_events (order_id, from_status, to_status, actor)
      select id, null, 'new', 'customer' from gift_orders;
    insert into notes (type, name, email, details)
      select (array['Hiring', 'Brand Partner', 'Support', 'Contact Us'])[1 + g % 4], 'N' || g, 'n@example.com', 'hello'
      from generate_series(1, 2000) g;
    insert into people (user_id, name, relationship)
      select u.id, 'O' || g, 'Friend'
      from users u cross join generate_series(1, 200) g where u.email <> 'index101@example.com';
    -- Without the row triggers (the feed's version bump of the owner's users row, 20,000 times, was a third of this
    -- file's time on PGlite): the plans depend on the rows and indexes, not on the version column.
    set session_replication_role = replica;
    insert into occasions (user_id, person_id, occasion, date, next_check_at)
      select p.user_id, p.id, 'Birthday', date '1990-01-01' + substr(p.name, 2)::int % 365,
        now() + substr(p.name, 2)::int * interval '1 minute'
      from people p;
    set session_replication_role = origin;
    analyze;
  `);
  bigCustomer = (await db.query<{ id: string }>(`select id from users where email = 'index101@example.com'`)).rows[0]
    .id;
  someOrder = (await db.query<{ id: string }>('select id from gift_orders where user_id = $1 limit 1', [bigCustomer]))
    .rows[0].id;
}, 120_000);
afterAll(() => t.close());

/** The query with its parameters written in as literals (the values here are plain ids, words and numbers). */
function inline(sql: string, params: ReadonlyArray<unknown>): string {
  return sql.replace(/\$(\d+)/g, (_m, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null) return 'null';
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

/** The admin list's statement for these filters (first page of 50 unless `page` says otherwise). */
function listSql(filters: Partial<OrderFilters>, page: { cursor?: string; offset?: number } = {}) {
  const { sql, params } = orderListStatement({ status: 'new', sort: 'date', ...filters }, { limit: 50, ...page });
  return inline(sql, params);
}

/**
 * The plan's nodes. `forced`: scans that read the whole table or gather rows out of order are
 * priced out, so the planner shows whether an index can deliver the rows in order on its own.
 */
async function planOf(
  sql: string,
  params: ReadonlyArray<unknown>,
  forced: boolean,
  { analyze = false } = {},
): Promise<PlanNode[]> {
  const plan = await t.app.db.transaction(async (tx: Queryable) => {
    if (forced) {
      await tx.query('set local enable_seqscan = off');
      await tx.query('set local enable_bitmapscan = off');
    }
    const { rows } = await tx.query<Record<string, unknown>>(
      `explain (${analyze ? 'analyze, ' : ''}format json) ${inline(sql, params)}`,
    );
    const value = Object.values(rows[0])[0];
    return (typeof value === 'string' ? JSON.parse(value) : value) as Array<{ Plan: PlanNode }>;
  });
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    node.Plans?.forEach(walk);
  };
  walk(plan[0].Plan);
  return nodes;
}

/** `boundedSort`: a sort is allowed right above a Limit (it orders at most that many rows, never the table's). */
function expectIndexOrder(nodes: PlanNode[], index: string, { boundedSort = false } = {}) {
  const shape = nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` (${n['Index Name']})` : ''}`).join(' → ');
  expect(
    nodes.some(
      (n) => (n['Node Type'] === 'Index Scan' || n['Node Type'] === 'Index Only Scan') && n['Index Name'] === index,
    ),
    shape,
  ).toBe(true);
  const sorts = nodes.filter((n) => /Sort/.test(n['Node Type']));
  const unbounded = boundedSort ? sorts.filter((n) => n.Plans?.[0]?.['Node Type'] !== 'Limit') : sorts;
  expect(unbounded, shape).toEqual([]);
  expect(
    nodes.filter((n) => n['Node Type'] === 'Seq Scan'),
    shape,
  ).toEqual([]);
}

describe('every list reads its index in order and never sorts', () => {
  it('admin getOrders: the first page of every status, as the planner chooses it unaided', async () => {
    for (const status of ['new', 'processed', 'finished', 'rejected'] as const) {
      expectIndexOrder(await planOf(listSql({ status }), [], false), 'gift_orders_status_order_idx');
    }
  });

  it('admin getOrders: every sort, both ways, and a delivery-date range read their own index in order', async () => {
    const cases = [
      ['date', 'gift_orders_status_order_idx'],
      ['-date', 'gift_orders_status_order_idx'],
      ['budget', 'gift_orders_status_budget_idx'],
      ['-budget', 'gift_orders_status_budget_idx'],
      ['placed', 'gift_orders_status_placed_idx'],
      ['-placed', 'gift_orders_status_placed_idx'],
    ] as const;
    for (const [sort, index] of cases) expectIndexOrder(await planOf(listSql({ sort }), [], true), index);
    const from = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    expectIndexOrder(await planOf(listSql({ from, to }), [], false), 'gift_orders_status_order_idx');
  });

  it('admin getOrders: deep pages, by cursor and by page number, can be read from the index in order too', async () => {
    // Far down a list whose rows lie scattered on disk, the planner may rather gather them in bulk
    // (bitmap) and sort; pricing those scans out shows the index alone can serve the page in order.
    const deep = (
      await t.app.db.query<{ key: string[] }>(
        `select array[date::text, created_at::text, id::text] as key from gift_orders where status = 'new'
          order by date, created_at, id offset 2000 limit 1`,
      )
    ).rows[0].key;
    const cursor = listCursor('date', deep);
    expectIndexOrder(await planOf(listSql({}, { cursor }), [], true), 'gift_orders_status_order_idx');
    for (const [status, offset] of [
      ['new', 500],
      ['new', 2900],
      ['processed', 950],
    ] as const) {
      expectIndexOrder(await planOf(listSql({ status }, { offset }), [], true), 'gift_orders_status_order_idx');
    }
  });

  it('admin getOrders: a search of one or two characters reads the prefix indexes of recipients, customers’ names and emails', async () => {
    const nodes = await planOf(listSql({ search: 'zq' }), [], true);
    const shape = nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` (${n['Index Name']})` : ''}`).join(' → ');
    // Under the C collation (PGlite) the unique lower(email) index serves a prefix too; under another
    // collation only the text_pattern_ops one can.
    for (const indexes of [
      ['gift_orders_status_recipient_idx'],
      ['users_name_prefix_idx'],
      ['users_email_prefix_idx', 'users_email_key'],
    ]) {
      expect(
        nodes.some((n) => indexes.includes(n['Index Name'] ?? '')),
        `${indexes.join(' or ')} in ${shape}`,
      ).toBe(true);
    }
    expect(
      nodes.filter((n) => n['Node Type'] === 'Seq Scan'),
      shape,
    ).toEqual([]);
    const byId = await planOf(listSql({ search: someOrder }), [], true);
    expect(byId.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
  });

  it('admin getOrders: a search most orders match walks the view’s index in order and stops at the page; a narrower one reads only its page again', async () => {
    // "index" is in every customer's name and email, "in" starts them: all 3,000 new orders match. Gathering them
    // stops past SEARCH_GATHER_MAX and answers the marker row; the walk reads the view's index in order, testing each
    // order, and stops at the page (51 rows, as the planner chooses it unaided), whatever the view holds.
    const shapeOf = (nodes: PlanNode[]) =>
      nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` (${n['Index Name']})` : ''}`).join(' → ');
    for (const search of ['index', 'in']) {
      const gather = orderListStatement({ status: 'new', sort: 'date', search }, { limit: 50 });
      expect((await t.app.db.query(gather.sql, gather.params)).rows).toEqual([{ item: null, key: null }]);
      const gathered = await planOf(gather.sql, gather.params, false, { analyze: true });
      expect(gathered.find((n) => n['Subplan Name'] === 'CTE matches')?.['Actual Rows']).toBe(SEARCH_GATHER_MAX + 1);

      for (const [sort, index] of [
        ['date', 'gift_orders_status_order_idx'],
        ['-budget', 'gift_orders_status_budget_idx'],
      ] as const) {
        const walk = orderListStatement({ status: 'new', sort, search }, { limit: 50 }, 'walk');
        const nodes = await planOf(walk.sql, walk.params, false, { analyze: true });
        const shape = `${search} ${sort}: ${shapeOf(nodes)}`;
        const scan = nodes.find((n) => n['Node Type'] === 'Index Scan' && n['Index Name'] === index);
        expect(scan, shape).toBeDefined();
        expect((scan?.['Actual Rows'] ?? 0) + (scan?.['Rows Removed by Filter'] ?? 0), shape).toBeLessThanOrEqual(51);
        expect(
          nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'gift_orders'),
          shape,
        ).toEqual([]);
        for (const sorted of nodes.filter((n) => /Sort/.test(n['Node Type'])))
          expect(sorted['Actual Rows'], shape).toBeLessThanOrEqual(51);
      }
    }
    // A narrower search gathers its matches with their sort keys and reads only the page's orders again: "big 2" is
    // in 112 recipients' names (Big 2, Big 20–29, Big 200–299, Big 2000).
    const narrow = orderListStatement({ status: 'new', sort: 'date', search: 'big 2' }, { limit: 50 });
    const narrowPlan = await planOf(narrow.sql, narrow.params, false, { analyze: true });
    const narrowShape = shapeOf(narrowPlan);
    expect(narrowPlan.find((n) => n['Subplan Name'] === 'CTE matches')?.['Actual Rows'], narrowShape).toBe(112);
    const reread = narrowPlan.filter((n) => n['Index Name'] === 'gift_orders_pkey');
    expect(reread.length, narrowShape).toBeGreaterThan(0);
    for (const n of reread)
      expect((n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1), narrowShape).toBeLessThanOrEqual(51);
    const { rows: big } = await t.app.db.query<{ id: string }>(
      `select id::text from gift_orders where status = 'new' and recipient_name like 'Big 2%'
        order by date, created_at, id limit 50`,
    );
    const narrowPage = await listOrders(t.app.db, { status: 'new', sort: 'date', search: 'big 2' }, { limit: 50 });
    expect(narrowPage.orders.map((o) => o._id)).toEqual(big.map((r) => r.id));

    // And the pages are the view's first orders in order, the next one by cursor.
    const { rows } = await t.app.db.query<{ id: string }>(
      `select id::text from gift_orders where status = 'new' order by budget_cents desc, id desc limit 100`,
    );
    const first = await listOrders(t.app.db, { status: 'new', sort: '-budget', search: 'index' }, { limit: 50 });
    expect(first.orders.map((o) => o._id)).toEqual(rows.slice(0, 50).map((r) => r.id));
    const next = await listOrders(
      t.app.db,
      { status: 'new', sort: '-budget', search: 'index' },
      { limit: 50, cursor: first.nextCursor ?? undefined },
    );
    expect(next.orders.map((o) => o._id)).toEqual(rows.slice(50).map((r) => r.id));
  });

  it('customer getgifts (2,000 orders of one customer and 40 of another)', async () => {
    // For a customer holding a large share of the table the planner may rather gather the rows in
    // bulk (bitmap) and sort them, so the check prices those scans out: what matters is that an
    // index holding the filter and the whole order exists and can serve the query without a sort.
    // Orders in progress are read from the customer's index range; the latest CLOSED_ORDERS_LIST_LIMIT
    // finished or rejected ones backwards from it, then put back in date order: a sort of at most that many rows.
    const small = (
      await t.app.db.query<{ user_id: string }>('select user_id from gift_orders where user_id <> $1 limit 1', [
        bigCustomer,
      ])
    ).rows[0].user_id;
    for (const userId of [bigCustomer, small]) {
      expectIndexOrder(await planOf(ORDERS_JSON_SQL, [userId, 500], true), 'gift_orders_user_order_idx', {
        boundedSort: true,
      });
    }
  });

  it('admin getNotes and an order’s status history', async () => {
    const firstPage = enquiriesPageQuery('Support', null, 51).compile();
    expectIndexOrder(await planOf(firstPage.sql, firstPage.parameters, true), 'notes_type_order_idx');
    const older = (
      await t.app.db.query<{ created_at: string; id: string }>(
        `select created_at::text, id::text from notes where type = 'Support' order by created_at desc, id desc offset 200 limit 1`,
      )
    ).rows[0];
    const laterPage = enquiriesPageQuery('Support', [older.created_at, older.id], 51).compile();
    expectIndexOrder(await planOf(laterPage.sql, laterPage.parameters, true), 'notes_type_order_idx');
    const history = statusHistoryQuery(someOrder).compile();
    expectIndexOrder(await planOf(history.sql, history.parameters, true), 'order_status_events_order_changed_idx');
  });

  it('the reminder run reads only the occasions due, from their index (20,000 stored, none due)', async () => {
    // Priced as for a large users table: the planner may hash-join the 101 users of this test in one scan.
    const nodes = await planOf(CLAIM_SQL, [new Date().toISOString()], true);
    expectIndexOrder(nodes, 'occasions_next_check_idx');
    expect(nodes.some((n) => n['Index Name'] === 'users_pkey')).toBe(true);
  });
});

describe('the admin search at volume: a word anywhere, from the trigram indexes', () => {
  it('reads recipients, customers’ names and emails from their trigram indexes, as the planner chooses it unaided', async () => {
    // Enough customers and orders, with names varied enough (a hash in each) that an index narrows them better than
    // reading the tables: 3,000 customers ("Mia 81dc9bdb…", 81dc9bdb…@trgm.example.com) with 2 orders each, for
    // "Ola 81dc9bdb…", beside the 6,000 orders above.
    await t.app.db.exec(`
      insert into users (name, email, password_hash)
        select 'Mia ' || md5(i::text), md5(i::text) || '@trgm.example.com', 'x' from generate_series(1, 3000) i;
      insert into gift_orders (user_id, recipient_name, relationship, occasion, address, phone_number, email,
          interests, budget, date)
        select u.id, 'Ola ' || substr(u.email, 1, 32), 'Friend', 'Birthday', '1 Road', '5550001111',
          'r@example.com', 'Books', '10', current_date + g
        from users u cross join generate_series(1, 2) g where u.email like '%@trgm.example.com';
      analyze;
    `);
    const hash = (await t.app.db.query<{ h: string }>(`select md5('1234') as h`)).rows[0].h;
    // A word inside a recipient's name, a customer's name or an email: each branch reads its trigram index.
    for (const search of [`a ${hash.slice(0, 8)}`, hash.slice(4, 14), `${hash.slice(-6)}@trgm`]) {
      const nodes = await planOf(listSql({ search }), [], false);
      const shape = nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` (${n['Index Name']})` : ''}`).join(' → ');
      for (const index of ['gift_orders_recipient_trgm_idx', 'users_name_trgm_idx', 'users_email_trgm_idx']) {
        expect(
          nodes.some((n) => n['Index Name'] === index),
          `${search}: ${index} in ${shape}`,
        ).toBe(true);
      }
      expect(
        nodes.filter((n) => n['Node Type'] === 'Seq Scan'),
        `${search}: ${shape}`,
      ).toEqual([]);
    }
    // And the answer is the orders it names: both of that customer's (by name and email) and for that recipient.
    const { sql, params } = orderListStatement(
      { status: 'new', sort: 'date', search: hash.slice(4, 14) },
      { limit: 50 },
    );
    const { rows } = await t.app.db.query<{ item: string }>(sql, params);
    expect(rows.map((r) => (JSON.parse(r.item) as { customerName: string }).customerName)).toEqual([
      `Mia ${hash}`,
      `Mia ${hash}`,
    ]);
  });
});

describe('the purge of what is past its retention', () => {
  it('finds each kind of row through its own index, never by reading the whole table', async () => {
    const expected: Record<string, string[]> = {
      sessions: ['sessions_expires_idx', 'sessions_revoked_idx'],
      passwordResets: ['password_resets_expires_idx'],
      verificationLinks: ['email_verifications_expires_idx'],
      unsubscribeLinks: ['unsubscribe_links_expires_idx'],
      emails: ['mail_queue_sent_idx', 'mail_queue_failed_idx'],
      signInFailures: ['sign_in_failures_last_failure_idx'],
      recipientMailCounts: ['recipient_mail_counts_last_sent_idx'],
      deviceCredentials: ['device_credentials_expires_idx'],
    };
    for (const [kind, { table, key, conditions }] of Object.entries(PURGES)) {
      expect(conditions).toHaveLength(expected[kind].length);
      for (const [i, condition] of conditions.entries()) {
        const nodes = await planOf(batchSql(table, key, condition), [7], true);
        const shape = nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` (${n['Index Name']})` : ''}`);
        expect(shape, condition).toContain(`Index Scan (${expected[kind][i]})`);
        expect(
          shape.filter((n) => n.startsWith('Seq Scan')),
          condition,
        ).toEqual([]);
      }
    }
  });
});
