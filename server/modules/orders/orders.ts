import { sql } from 'kysely';

import type { DefaultOption } from '#contract/giftOptions';
import { earliestDelivery, tooSoonMessage, type LeadDays } from '#contract/leadTimes';
import { MESSAGES } from '#contract/messages';
import type { OrderFormBody, OrderUpdate } from '#contract/orderForm';
import { missingForOrdering } from '#contract/orderingProfile';
import { STATUS_NOT_CUSTOMERS } from '#contract/orders';
import { CUSTOMER_LOCKED_STATUSES, OPEN_STATUSES, ORDER_STATUSES, type OrderStatus } from '#contract/orderStatus';

import type { Db, Queryable } from '../../db/db';
import { isUuid } from '../../db/pgChecks';
import { insertWhere, lockCustomer, qb, rowsOf, run } from '../../db/queryBuilder';
import { recipientColumns, type OrderFields } from '../../db/recipientColumns';
import { HttpError, notFound } from '../../lib/errors';
import { getOrderingAccount } from '../accounts/accounts';
import { withLiveSession } from '../accounts/sessions';
import { withdrawingOpenProposal } from '../journey/proposals';
import type { CustomerMailSettings } from '../mail/mailQueue';
import { localDate } from '../occasions/calendarDays';
import { resolveOrderLink, type LinkColumns, type OrderLink } from './orderLinks';
import { queueOrderReceivedEmail } from './orderReceivedEmail';

/** The order fields as the zod schema hands them over (trimmed, defaults applied). */
export type { OrderFields };
export type { OrderLink };
/** The country calling code of the order's phone number, as the order schema hands it over ("+44", or null). */
type PhoneCode = Pick<OrderFormBody, 'countryCode'>;

const LOCKED = [...CUSTOMER_LOCKED_STATUSES];
const OPEN = [...OPEN_STATUSES];
const DAY_MS = 86_400_000;

/** Same answer for a missing id, a malformed id and another customer's id: nothing leaks. */
const orderNotFound = () => notFound('Order');

const lockedMessage = (status: OrderStatus, what: 'changed' | 'deleted') =>
  `This order is ${status} and can no longer be ${what}`;

/**
 * The earliest date a new order may carry, as YYYY-MM-DD: yesterday in UTC. The browser sends
 * its own local date; anywhere on Earth that is at most one day behind UTC, so this slack never
 * refuses a customer's "today" while still refusing dates really in the past.
 */
export function earliestOrderDate(now: Date = new Date()): string {
  return new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
}

/** True when a YYYY-MM-DD date is too far in the past for a new order. */
export function isPastOrderDate(date: string, now: Date = new Date()): boolean {
  // Both are zero-padded YYYY-MM-DD, so string order is date order.
  return date < earliestOrderDate(now);
}

const conflictError = () => new HttpError(409, 'This order changed meanwhile. Please try again');

const pastDateError = () => new HttpError(400, 'The date cannot be in the past');

/**
 * The earliest delivery date of an order for `option` by a customer in `timeZone` (contract/leadTimes.ts), or null
 * when the option has no lead time: then only the rule for past dates applies.
 */
function earliestFor(option: DefaultOption, leadDays: LeadDays, timeZone: string, now: Date): string | null {
  return leadDays[option] === 0 ? null : earliestDelivery(localDate(now, timeZone), option, leadDays);
}

/** The lead times and the customer's today in their time zone: what the order form needs for its earliest date. */
export async function leadTimesOf(
  db: Queryable,
  userId: string,
  leadDays: LeadDays,
  now: Date = new Date(),
): Promise<{ today: string; leadDays: LeadDays }> {
  const [user] = await rowsOf(db, qb.selectFrom('users').select('time_zone').where('id', '=', userId));
  return { today: localDate(now, user?.time_zone ?? 'UTC'), leadDays };
}

/** The 400 for a date before the option's earliest delivery date, or null when the date is not too soon. */
function tooSoonError(
  order: Pick<OrderFields, 'date' | 'defaultOption'>,
  leadDays: LeadDays,
  timeZone: string,
  now: Date,
) {
  const earliest = earliestFor(order.defaultOption, leadDays, timeZone, now);
  return earliest !== null && order.date < earliest
    ? new HttpError(400, tooSoonMessage(order.defaultOption, leadDays, earliest))
    : null;
}

/** A set of statuses as an SQL list of literals (they are the contract's own fixed words). */
const sqlList = (statuses: Iterable<OrderStatus>) => [...statuses].map((s) => `'${s}'`).join(', ');
const CLOSED_SQL = sqlList(ORDER_STATUSES.filter((s) => !OPEN_STATUSES.has(s)));

/**
 * A customer's orders as the JSON text of the array, by delivery date and then in the order they were
 * placed: every order in progress (bounded by the cap on placing them) and, of the finished and rejected
 * ones, only the latest $2 by delivery date. One read's cost stays bounded however long a customer's
 * history grows, and no order the customer may still cancel ever drops out of the list.
 * One pass over the customer's index range in the answer's order, so nothing is sorted: the closed
 * orders kept are those after the key of the ($2+1)-th latest one (all of them when there are fewer).
 * Each order's JSON is kept with the row in gift_orders.api_json, written by a trigger whenever the row
 * is (migration 3), so a read only joins them: no JSON is built per request.
 */
function ordersJsonSql(customer: string): string {
  return `select '[' || coalesce(string_agg(api_json, ',' order by date, created_at, id), '') || ']' as json
     from gift_orders
    where user_id = ${customer}
      and (status in (${sqlList(OPEN_STATUSES)})
           or coalesce((date, created_at, id) > (
                select c.date, c.created_at, c.id from gift_orders c
                 where c.user_id = ${customer} and c.status in (${CLOSED_SQL})
                 order by c.date desc, c.created_at desc, c.id desc offset $2 limit 1), true))`;
}

/** One customer's orders ($1 = user id, $2 = the most finished or rejected ones to answer): the statement getgifts runs inside its session check. */
export const ORDERS_JSON_SQL = ordersJsonSql('$1');

/**
 * The session check (recording its use), the customer's orders version and, unless the version is one of $3
 * (comma-separated, '*' for any, or null) that the caller already holds, the orders' JSON.
 */
const SESSION_ORDERS_SQL = `${withLiveSession('customer')}
select u.orders_version::text as version,
       case when $3::text = '*' or u.orders_version::text = any(string_to_array($3::text, ',')) then null
            else (${ordersJsonSql('s.subject_id')}) end as json
  from live_session s join users u on u.id = s.subject_id`;

/** A live session's orders: their version, and their JSON unless the caller holds that version already. */
export interface SessionOrders {
  version: string;
  /** Null when the version is one the caller named: the list it holds is the current one. */
  json: string | null;
}

/**
 * The orders of the customer whose live session token hashes to `tokenHash` (at most `closedLimit`
 * finished or rejected ones), checking the session in the same statement (one round trip: the hot
 * path of the orders screen). `knownVersions` (comma-separated, or '*' for any) are the orders versions the caller holds.
 * Null when there is no such live session: the caller answers 401 exactly as the session guard would.
 */
export async function listOrdersJsonBySession(
  db: Queryable,
  tokenHash: string,
  closedLimit: number,
  knownVersions: string | null = null,
): Promise<SessionOrders | null> {
  const { rows } = await db.query<SessionOrders>(SESSION_ORDERS_SQL, [tokenHash, closedLimit, knownVersions], {
    prepare: 'list_orders_by_session',
  });
  return rows[0] ?? null;
}

export const tooManyOpenOrders = (max: number) =>
  new HttpError(
    409,
    `You already have ${max} orders in progress, the most we take at once. ` +
      'Please wait until some are delivered, or cancel one, before placing another.',
  );

/**
 * Inserts the order in status 'new' with the first entry of its status history, unless the customer already has
 * `maxOpen` orders in progress: then nothing, and no row. One statement: the count and the insert see one state.
 */
function placeOrderIfUnder(userId: string, order: OrderFields & PhoneCode, link: LinkColumns, maxOpen: number) {
  const row = {
    user_id: userId,
    ...recipientColumns(order),
    country_code: order.countryCode ?? null,
    status: 'new' as const,
    occasion_id: link.occasion_id ?? null,
    person_id: link.person_id ?? null,
  };
  return qb
    .with('placed', () =>
      insertWhere('gift_orders', row, (eb) =>
        eb(
          eb
            .selectFrom('gift_orders')
            .select(eb.fn.countAll().as('n'))
            .where('user_id', '=', userId)
            .where('status', 'in', OPEN),
          '<',
          maxOpen,
        ),
      ).returning('id'),
    )
    .insertInto('order_status_events')
    .columns(['order_id', 'from_status', 'to_status', 'actor'])
    .expression((eb) =>
      eb
        .selectFrom('placed')
        .select([
          'id',
          sql.lit(null).as('from_status'),
          sql.lit('new').as('to_status'),
          sql.lit('customer').as('actor'),
        ]),
    )
    .returning(sql<string>`order_id::text`.as('id'));
}

/**
 * Places an order for a customer whose profile is complete and who has fewer than `maxOpen` orders in
 * progress. It starts in status 'new', and the creation is the first entry of its status history.
 * The customer's row is locked first, so two orders placed at once are counted one after the other:
 * the count runs as a later statement, which (read committed) sees the first order once it committed.
 */
export async function addOrder(
  db: Db,
  userId: string,
  order: OrderFields & PhoneCode & OrderLink,
  {
    maxOpen,
    leadDays,
    mail,
    now = new Date(),
  }: { maxOpen: number; leadDays: LeadDays; mail: CustomerMailSettings; now?: Date },
): Promise<string> {
  const { profile, timeZone } = await getOrderingAccount(db, userId);
  const missing = missingForOrdering(profile);
  if (missing.length > 0) throw new HttpError(403, MESSAGES.updateProfileFirst, { missing });
  if (isPastOrderDate(order.date, now)) throw pastDateError();
  const tooSoon = tooSoonError(order, leadDays, timeZone, now);
  if (tooSoon) throw tooSoon;
  const placed = await db.transaction(async (tx) => {
    // Lock order (docs/decisions/0012): the customer's users row, then the person and the occasion (key-share
    // locks), then the new order's rows.
    // The lock's statement also reads what the "order received" email needs: no extra round trip.
    const [customer] = await rowsOf(tx, lockCustomer(userId).select(['name', 'order_emails']));
    const link = await resolveOrderLink(tx, userId, order, { lock: true });
    const [placing] = await rowsOf(tx, placeOrderIfUnder(userId, order, link, maxOpen));
    if (!placing) return null;
    if (customer?.order_emails)
      await queueOrderReceivedEmail(tx, { id: userId, name: customer.name }, { ...order, id: placing.id }, mail);
    return placing.id;
  });
  if (placed === null) throw tooManyOpenOrders(maxOpen);
  return placed;
}

/**
 * Why a conditional write matched no row: unknown to this customer (404), locked (409), or
 * `otherwise` (the write's remaining condition). Only the owner's row is ever looked at.
 */
async function explainRefusal(
  db: Queryable,
  userId: string,
  orderId: string,
  what: 'changed' | 'deleted',
  otherwise: (stored: StoredOrder) => HttpError,
): Promise<never> {
  const [row] = await rowsOf(
    db,
    qb
      .selectFrom('gift_orders as g')
      .innerJoin('users as u', 'u.id', 'g.user_id')
      .select(['g.status', sql<string>`g.date::text`.as('date'), 'g.default_option', 'u.time_zone'])
      .where('g.id', '=', orderId)
      .where('g.user_id', '=', userId),
  );
  if (!row) throw orderNotFound();
  if (CUSTOMER_LOCKED_STATUSES.has(row.status)) throw new HttpError(409, lockedMessage(row.status, what));
  throw otherwise(row);
}

/** What explainRefusal reads of the order and its customer. */
interface StoredOrder {
  status: OrderStatus;
  date: string;
  default_option: DefaultOption;
  time_zone: string;
}

/**
 * Replaces every field of the customer's own order. The status is never written: a status sent
 * back with the order must be the current one, and it and the lock are checked in the same
 * statement as the write, so an admin moving the order at the same moment cannot slip in between.
 * A date may stay as it was even once it has passed; a changed date must not be in the past.
 * A date before the option's earliest delivery date (lead times) may stay only with its option: an order placed
 * before the rule keeps its date, but moving the date, or choosing an option that needs longer, must leave the
 * provider its lead time. The customer's today is read in the same statement (their time zone).
 */
export async function updateOrder(
  db: Queryable,
  userId: string,
  orderId: string,
  order: OrderFields & PhoneCode & Pick<OrderUpdate, 'status'> & OrderLink,
  { leadDays, now = new Date() }: { leadDays: LeadDays; now?: Date },
): Promise<void> {
  const days = leadDays[order.defaultOption];
  if (!isUuid(orderId)) throw orderNotFound();
  const link = await resolveOrderLink(db, userId, order);
  // The edit withdraws an open proposal, in the same statement (journey/proposals.ts).
  const edited = await rowsOf(
    db,
    withdrawingOpenProposal(
      qb
        .updateTable('gift_orders')
        .set({ ...recipientColumns(order), ...link, updated_at: sql`now()` })
        // Left out, the code stays as it was: a client that does not know the field keeps it.
        .$if(order.countryCode !== undefined, (q) => q.set({ country_code: order.countryCode }))
        // Another person without a date of theirs: the order's date, if it was of someone else, is unlinked.
        .$if(link.person_id !== undefined && link.occasion_id === undefined, (q) =>
          q.set({
            occasion_id: sql<string | null>`case when occasion_id in
            (select o.id from occasions o where o.person_id = ${link.person_id ?? null}) then occasion_id end`,
          }),
        )
        .where('id', '=', orderId)
        .where('user_id', '=', userId)
        .where('status', 'not in', LOCKED)
        .$if(order.status !== undefined, (q) => q.where('status', '=', order.status!))
        // A date already past may stay as it is, not be moved to.
        .$if(isPastOrderDate(order.date, now), (q) => q.where('date', '=', order.date))
        // A date within the option's lead time may stay as it is, with its option.
        .$if(days > 0, (q) =>
          q.where((eb) =>
            eb.or([
              sql<boolean>`${order.date}::date >= (${now.toISOString()}::timestamptz at time zone
                (select u.time_zone from users u where u.id = ${userId}))::date + ${days}::int`,
              eb.and([eb('date', '=', order.date), eb('default_option', '=', order.defaultOption)]),
            ]),
          ),
        ),
    ),
  );
  // Found and unlocked, so the status sent is not the current one, a changed date is past, or it is too soon.
  if (edited.length === 0) {
    await explainRefusal(db, userId, orderId, 'changed', (stored) => {
      if (order.status !== undefined && order.status !== stored.status) return new HttpError(400, STATUS_NOT_CUSTOMERS);
      if (isPastOrderDate(order.date, now) && order.date !== stored.date) return pastDateError();
      // Found again, a moment later: the statement's own reasons are the ones left (or, at worst, a concurrent edit).
      return tooSoonError(order, leadDays, stored.time_zone, now) ?? conflictError();
    });
  }
}

/** Deletes the customer's own order unless the provider has started on it (same-statement check). */
export async function deleteOrder(db: Queryable, userId: string, orderId: string): Promise<void> {
  if (!isUuid(orderId)) throw orderNotFound();
  const { rowCount } = await run(
    db,
    qb
      .deleteFrom('gift_orders')
      .where('id', '=', orderId)
      .where('user_id', '=', userId)
      .where('status', 'not in', LOCKED),
  );
  if (rowCount === 0) {
    // Matched no row, yet the order exists unlocked: its status moved between the two statements.
    await explainRefusal(db, userId, orderId, 'deleted', conflictError);
  }
}
