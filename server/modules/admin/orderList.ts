import type { AdminOrderListItem, OrderCounts, OrderFilters, OrderSort } from '#contract/admin';
import { ORDER_STATUSES, type OrderStatus } from '#contract/orderStatus';
import { ERASED_CUSTOMER } from '#contract/privacy';

import type { Queryable } from '../../db/db';
import { decodeCursor, encodeCursor, type KeyType } from '../../db/keysetCursor';
import { isUuid } from '../../db/pgChecks';

/**
 * The admin's order list (docs/admin-console.md): one status, optionally narrowed by a search and a
 * delivery-date range, in one of six orders, read a page at a time by keyset. Every variant is one
 * statement built from the filters present, so each reads the index made for its order
 * (migrations 2 and 6) and stops after a page.
 */

/** The columns each sort orders by, ending in the id so the order is total. */
const SORT_KEYS: Record<'date' | 'budget' | 'placed', ReadonlyArray<{ column: string; type: KeyType }>> = {
  date: [
    { column: 'o.date', type: 'date' },
    { column: 'o.created_at', type: 'timestamptz' },
    { column: 'o.id', type: 'uuid' },
  ],
  budget: [
    { column: 'o.budget_cents', type: 'bigint' },
    { column: 'o.id', type: 'uuid' },
  ],
  placed: [
    { column: 'o.created_at', type: 'timestamptz' },
    { column: 'o.id', type: 'uuid' },
  ],
};

/** Every column some sort orders by (without the table's alias): what a search's matches carry. */
const SORTED_COLUMNS = [...new Set(Object.values(SORT_KEYS).flatMap((keys) => keys.map((k) => k.column.slice(2))))];

const keysOf = (sort: OrderSort) => SORT_KEYS[sort.replace('-', '') as keyof typeof SORT_KEYS];
const isDescending = (sort: OrderSort) => sort.startsWith('-');

const BAD_CURSOR = 'cursor is not valid for this list: ask for the first page again';

/** The next page's cursor after a row whose sort key (as the database wrote it) is `key`. */
export const listCursor = (sort: OrderSort, key: readonly string[]) => encodeCursor(sort, key);

/**
 * The fewest characters a trigram index can find anywhere in a text. A shorter search matches from the start of
 * the name or email instead (migration 6's prefix indexes): one or two letters anywhere would match nearly every
 * order, and no index could narrow them.
 */
export const SEARCH_ANYWHERE_MIN = 3;

/**
 * The search as a LIKE pattern on lower(x), its own wildcards taken literally: `%chen%` (anywhere, read from the
 * trigram indexes of migration admin_search) from three characters, `an%` (from the start) below.
 */
export function searchPattern(search: string): string {
  const literal = search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return [...search].length >= SEARCH_ANYWHERE_MIN ? `%${literal}%` : `${literal}%`;
}

const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoDate = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
/** Cents as a plain amount in dollars ("49.99"), as getgifts writes the proposal's price: a number a spreadsheet adds up. */
const dollars = (cents: string) => `to_char(${cents} / 100.0, 'FM999999999990.00')`;

/**
 * getOrders' item (contract adminOrderListItem). An erased customer's kept order has no customer: ERASED_CUSTOMER
 * (a constant without quotes), no email. The reason
 * and the journey's parts (proposal, shipment, delivery day) are left out while there are none.
 */
const LIST_ITEM = `json_strip_nulls(json_build_object(
        '_id', o.id::text, 'recipientName', o.recipient_name, 'budget', o.budget,
        'date', ${isoDate('o.date')}, 'occasion', o.occasion, 'status', o.status,
        'customerName', coalesce(u.name, '${ERASED_CUSTOMER}'), 'customerEmail', coalesce(u.email, ''), 'statusSince', ${isoTime('o.status_since')},
        'placedAt', ${isoTime('o.created_at')}, 'statusReason', o.status_reason,
        'proposal', case when o.proposal_state is not null then json_build_object(
          'title', o.proposal_title, 'price', ${dollars('o.proposal_price_cents')}, 'state', o.proposal_state) end,
        'shipment', case when o.shipped_on is not null then json_build_object(
          'carrier', o.shipped_carrier, 'trackingNumber', o.shipped_tracking_number,
          'trackingUrl', o.shipped_tracking_url, 'shippedOn', ${isoDate('o.shipped_on')}) end,
        'deliveredOn', ${isoDate('o.delivered_on')}))::text`;

/**
 * The CSV export's header row, and each row's cells in the same order. Amounts are plain numbers in dollars (no
 * "$"), so a spreadsheet adds them up; a budget whose text is not an amount (older rows: budget_cents 0) is blank.
 * The phone carries its country code when the order kept one, in E.164 ("+445559876543"), so it can be dialled
 * from anywhere; orders placed before the code was kept have the number alone.
 */
export const CSV_HEADER = [
  'Order id',
  'Status',
  'Status since',
  'Rejection reason',
  'Recipient',
  'Relationship',
  'Occasion',
  'Delivery date',
  'Budget',
  'Customer name',
  'Customer email',
  'Gender',
  'Address',
  'Phone',
  'Recipient email',
  'Interests',
  'Default option',
  'Comments',
  'Placed',
  'Proposal',
  'Proposal price',
  'Carrier',
  'Tracking number',
  'Tracking address',
  'Delivered',
];
const CSV_CELLS = `json_build_array(
        o.id::text, o.status, ${isoTime('o.status_since')}, coalesce(o.status_reason, ''), o.recipient_name,
        o.relationship, o.occasion, ${isoDate('o.date')}, coalesce(${dollars('nullif(o.budget_cents, 0)')}, ''),
        coalesce(u.name, '${ERASED_CUSTOMER}'), coalesce(u.email, ''), o.gender, o.address, coalesce(o.country_code, '') || o.phone_number,
        o.email, o.interests,
        o.default_option, o.comments, ${isoTime('o.created_at')}, coalesce(o.proposal_title, ''),
        coalesce(${dollars('o.proposal_price_cents')}, ''), coalesce(o.shipped_carrier, ''),
        coalesce(o.shipped_tracking_number, ''), coalesce(o.shipped_tracking_url, ''),
        coalesce(${isoDate('o.delivered_on')}, ''))::text`;

interface Statement {
  sql: string;
  params: unknown[];
}

export interface ListPage {
  limit: number;
  /** What each row carries: the list item (getOrders) or the CSV export's cells. */
  shape?: 'item' | 'csv';
  cursor?: string;
  /** The old page numbers (getOrders' `page`): an offset. */
  offset?: number;
}

/**
 * The most matches a search gathers and sorts. Past it, the search is broad (a word most names share, one or two
 * letters): its matches are then found by walking the view in its own order and testing each order until a page is
 * full. Either way a page reads about sqrt(page × view) rows at most: at most this many gathered, or, when more
 * match, a walk that meets a match at least every view ÷ this many orders on average (decision 0040).
 */
export const SEARCH_GATHER_MAX = 1000;

/** How a search's page is read: its matches gathered from the name and email indexes, or the view walked in order. */
export type SearchPlan = 'gather' | 'walk';

/**
 * The orders of a view that match the filters, as JSON items in list order, with each row's sort key
 * for the next cursor. Without a search: the view's index read in order, stopping after a page.
 *
 * A search `gather`s by default: four small sets read from their own indexes (recipients, customers by name,
 * customers by email: trigram indexes for a word anywhere, prefix indexes for one or two characters; an order id),
 * at most SEARCH_GATHER_MAX + 1 of them, then ordered. When there are more than that, the statement answers a single
 * row whose item is null instead of a page: the search is broad, and its `walk` statement reads the view in order,
 * testing each order (its recipient, its customer among the customers matching, its id), and stops at the page.
 */
export function orderListStatement(filters: OrderFilters, page: ListPage, plan: SearchPlan = 'gather'): Statement {
  const params: unknown[] = [filters.status];
  const param = (value: unknown, type?: string) => {
    params.push(value);
    return `$${params.length}${type ? `::${type}` : ''}`;
  };
  const keys = keysOf(filters.sort);
  const direction = isDescending(filters.sort) ? 'desc' : 'asc';
  const pattern = filters.search ? param(searchPattern(filters.search)) : null;
  const id = filters.search && isUuid(filters.search) ? param(filters.search, 'uuid') : null;
  // The range and the cursor narrow the view's rows, or the matches gathered (which carry every sort's columns).
  const narrowing: string[] = [];
  if (filters.from) narrowing.push(`o.date >= ${param(filters.from, 'date')}`);
  if (filters.to) narrowing.push(`o.date <= ${param(filters.to, 'date')}`);
  if (page.cursor) {
    const types = keys.map((k) => k.type);
    const after = decodeCursor(page.cursor, filters.sort, types, BAD_CURSOR).map((value, i) => param(value, types[i]));
    narrowing.push(
      `(${keys.map((k) => k.column).join(', ')}) ${direction === 'asc' ? '>' : '<'} (${after.join(', ')})`,
    );
  }
  const orderBy = keys.map((k) => `${k.column} ${direction}`).join(', ');
  const limit = param(page.limit + 1);
  const offset = page.offset ? ` offset ${param(page.offset)}` : '';
  const columns = `${page.shape === 'csv' ? CSV_CELLS : LIST_ITEM} as item,
        json_build_array(${keys.map((k) => `${k.column}::text`).join(', ')})::text as key`;
  const conditions = (list: string[]) => list.join('\n               and ');

  if (!pattern) {
    const sql = `select ${columns}
      from gift_orders o left join users u on u.id = o.user_id
     where ${conditions(['o.status = $1', ...narrowing])}
     order by ${orderBy}
     limit ${limit}${offset}`;
    return { sql, params };
  }
  // A search picks the page's orders first, then looks up the customers of those rows only, and puts that page
  // (at most limit + 1 rows) back in order.
  const pageOf = (orders: string) => `select ${columns}
      from (${orders}) o
      left join users u on u.id = o.user_id
     order by ${orderBy}`;

  if (plan === 'walk') {
    const matching = `(lower(o.recipient_name) like ${pattern}
          or o.user_id in (select u.id from users u where lower(u.name) like ${pattern} or lower(u.email) like ${pattern})${
            id ? `\n          or o.id = ${id}` : ''
          })`;
    const orders = `select o.* from gift_orders o
             where ${conditions(['o.status = $1', matching, ...narrowing])}
             order by ${orderBy}
             limit ${limit}${offset}`;
    return { sql: pageOf(orders), params };
  }
  // Each match carries the columns of every sort, read with it: the page is picked from the matches, and only its
  // orders are read again. An order can match twice (its recipient and its customer): distinct.
  const carried = (alias: string) => SORTED_COLUMNS.map((column) => `${alias}.${column}`).join(', ');
  const matches = `select ${carried('r')} from gift_orders r where r.status = $1 and lower(r.recipient_name) like ${pattern}
        union all
        select ${carried('c')} from users u join gift_orders c on c.user_id = u.id and c.status = $1
         where lower(u.name) like ${pattern}
        union all
        select ${carried('c')} from users u join gift_orders c on c.user_id = u.id and c.status = $1
         where lower(u.email) like ${pattern}${
           id
             ? `\n        union all\n        select ${carried('i')} from gift_orders i where i.id = ${id} and i.status = $1`
             : ''
         }`;
  const picked = `select distinct ${keys.map((k) => k.column).join(', ')} from matches o
             where ${conditions([`(select count(*) from matches) <= ${SEARCH_GATHER_MAX}`, ...narrowing])}
             order by ${orderBy}
             limit ${limit}${offset}`;
  // Materialized: the matches are read once, for the count and for the page.
  const sql = `with matches as materialized (
        select * from (${matches}) m limit ${SEARCH_GATHER_MAX + 1})
    select * from (${pageOf(`select o.* from gift_orders o where o.id in (select p.id from (${picked}) p)`)}) page
    union all
    select null, null where (select count(*) from matches) > ${SEARCH_GATHER_MAX}`;
  return { sql, params };
}

interface Row {
  item: string;
  key: string;
}

/** One page's rows (and the one after it, if any), gathered, or walked when the search turns out broad. */
async function pageRows(db: Queryable, filters: OrderFilters, page: ListPage): Promise<Row[]> {
  const gathered = orderListStatement(filters, page);
  const { rows } = await db.query<{ item: string | null; key: string | null }>(gathered.sql, gathered.params);
  if (rows.every((r): r is Row => r.item !== null)) return rows;
  const walk = orderListStatement(filters, page, 'walk');
  return (await db.query<Row>(walk.sql, walk.params)).rows;
}

export interface OrderListPage {
  orders: AdminOrderListItem[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** One page of the admin's order list, and the cursor of the page after it (null at the end). */
export async function listOrders(db: Queryable, filters: OrderFilters, page: ListPage): Promise<OrderListPage> {
  const rows = await pageRows(db, filters, page);
  const shown = rows.slice(0, page.limit);
  const hasMore = rows.length > page.limit;
  const last = shown.at(-1);
  return {
    orders: shown.map((r) => JSON.parse(r.item) as AdminOrderListItem),
    hasMore,
    nextCursor: hasMore && last ? listCursor(filters.sort, JSON.parse(last.key) as string[]) : null,
  };
}

/**
 * Every order of a view, search and range as CSV lines (header first), read a thousand rows at a time by
 * keyset, so memory holds one batch however many orders there are; with no status, every view in turn.
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) is prefixed with an
 * apostrophe (OWASP: CSV injection). The header goes out with the first batch, only once its query has run.
 */
async function* ordersCsvLines(
  db: Queryable,
  query: Omit<OrderFilters, 'status'> & { status?: OrderStatus },
  batch: number,
): AsyncGenerator<string> {
  let header = csvLine(CSV_HEADER);
  for (const status of query.status ? [query.status] : ORDER_STATUSES) {
    const filters = { ...query, status };
    let cursor: string | undefined;
    do {
      const rows = await pageRows(db, filters, { limit: batch, cursor, shape: 'csv' });
      const shown = rows.slice(0, batch);
      const lines = header + shown.map((r) => csvLine(JSON.parse(r.item) as string[])).join('');
      header = '';
      if (lines) yield lines;
      const last = shown.at(-1);
      cursor = rows.length > batch && last ? listCursor(filters.sort, JSON.parse(last.key) as string[]) : undefined;
    } while (cursor);
  }
}

/**
 * The CSV export, opened: its first query has already run when this resolves, so a query that cannot run
 * is an error answer (JSON, with its status) rather than a 200 whose body breaks after the header.
 */
export async function openOrdersCsv(
  db: Queryable,
  query: Omit<OrderFilters, 'status'> & { status?: OrderStatus },
  batch = 1000,
): Promise<AsyncGenerator<string>> {
  const lines = ordersCsvLines(db, query, batch);
  const first = await lines.next();
  return (async function* () {
    if (!first.done) yield first.value;
    yield* lines;
  })();
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV record (RFC 4180: quoted when needed, quotes doubled, CRLF). */
export function csvLine(cells: readonly string[]): string {
  return `${cells
    .map((cell) => {
      const safe = FORMULA_START.test(cell) ? `'${cell}` : cell;
      return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
    })
    .join(',')}\r\n`;
}

/** GET /api/admin/orderCounts: the counters kept by the database's triggers (migration 6). */
export async function orderCounts(db: Queryable): Promise<OrderCounts> {
  const { rows } = await db.query<{ status: OrderStatus; n: string }>(
    'select status, n::text from order_status_counts',
  );
  const counts: OrderCounts = { new: 0, processed: 0, finished: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
