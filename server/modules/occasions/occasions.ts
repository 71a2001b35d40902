import { sql, type ExpressionBuilder } from 'kysely';

import { COVERING_ORDER_DAYS, type Occasion, type OccasionFields, type UpcomingOccurrence } from '#contract/occasions';

import type { Db, Queryable } from '../../db/db';
import { isUuid } from '../../db/pgChecks';
import { insertWhere, lockCustomer, qb, rowsOf, run } from '../../db/queryBuilder';
import { recipientColumns } from '../../db/recipientColumns';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { addDays, daysBetween, localDate } from './calendarDays';
import { occurrencesBetween } from './occurrences';

/** Same answer for a missing, malformed or another customer's id: nothing leaks. */
export const occasionNotFound = () => notFound('Occasion');

/** The occasion as the API shows it (the contract's Occasion), from its occasions row. */
const occasionFields = (eb: ExpressionBuilder<Database, 'occasions'>) =>
  [
    sql<string>`${eb.ref('occasions.id')}::text`.as('_id'),
    'occasions.recipient_name as recipientName',
    'occasions.relationship',
    'occasions.occasion',
    sql<string>`${eb.ref('occasions.date')}::text`.as('date'),
    'occasions.repeats_yearly as repeatsYearly',
    sql<number[]>`${eb.ref('occasions.remind_days_before')}::int[]`.as('remindDaysBefore'),
    'occasions.gender',
    'occasions.address',
    'occasions.phone_number as phoneNumber',
    'occasions.email',
    'occasions.interests',
    'occasions.budget',
    'occasions.default_option as defaultOption',
    'occasions.comments',
  ] as const;

/** An occasion's columns from the contract's fields: the recipient's, shared with orders, and its own two. */
const occasionColumns = (fields: OccasionFields) => ({
  ...recipientColumns(fields),
  repeats_yearly: fields.repeatsYearly,
  remind_days_before: fields.remindDaysBefore,
});

export const tooManyOccasions = (max: number) =>
  new HttpError(409, `You already keep ${max} occasions, the most we keep for one account`);

/**
 * Adds an occasion for the customer (at most `max`); the reminder sweep looks at it on its next run
 * (next_check_at = now), so a reminder already due for a coming date goes out then.
 */
export async function addOccasion(db: Db, userId: string, fields: OccasionFields, max: number): Promise<string> {
  // The customer's row is locked first, so occasions added at the same moment are counted one after another
  // (and in the lock order of docs/decisions/0012: the users row before the customer's occasions).
  const id = await db.transaction(async (tx) => {
    await run(tx, lockCustomer(userId));
    const row = { user_id: userId, ...occasionColumns(fields), next_check_at: sql<Date>`now()` };
    const [added] = await rowsOf(
      tx,
      insertWhere('occasions', row, (eb) =>
        eb(eb.selectFrom('occasions').select(eb.fn.countAll().as('n')).where('user_id', '=', userId), '<', max),
      ).returning(sql<string>`id::text`.as('id')),
    );
    return added?.id ?? null;
  });
  if (id === null) throw tooManyOccasions(max);
  return id;
}

export async function listOccasions(db: Queryable, userId: string): Promise<Occasion[]> {
  return rowsOf(
    db,
    qb
      .selectFrom('occasions')
      .select(occasionFields)
      .where('user_id', '=', userId)
      .orderBy('date')
      .orderBy('created_at')
      .orderBy('id'),
  );
}

/** Replaces every field of the customer's own occasion; its reminders are decided again at the next run. */
export async function updateOccasion(db: Queryable, userId: string, id: string, fields: OccasionFields): Promise<void> {
  if (!isUuid(id)) throw occasionNotFound();
  const { rowCount } = await run(
    db,
    qb
      .updateTable('occasions')
      .set({ ...occasionColumns(fields), next_check_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('user_id', '=', userId),
  );
  if (rowCount === 0) throw occasionNotFound();
}

/**
 * Deletes the customer's own occasion; orders placed for it stay, no longer tied to it. In the lock order of
 * docs/decisions/0012: its orders are unlinked first (their rows, then the users row through the orders
 * version trigger), the occasion last. Left to the foreign key's cascade, the unlinking came after the
 * occasion's lock, and an order being placed for it (users row, then the occasion) deadlocked with it.
 */
export async function deleteOccasion(db: Db, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw occasionNotFound();
  await db.transaction(async (tx) => {
    await run(
      tx,
      qb
        .updateTable('gift_orders')
        .set({ occasion_id: null })
        .where('occasion_id', '=', id)
        .where('user_id', '=', userId),
    );
    const { rowCount } = await run(tx, qb.deleteFrom('occasions').where('id', '=', id).where('user_id', '=', userId));
    if (rowCount === 0) throw occasionNotFound();
  });
}

/**
 * Refuses an occasion id that is not the customer's own (404, as for orders). `keyShare` (inside the
 * transaction that links an order to it) holds the occasion until that commits: an occasion being deleted
 * meanwhile is waited for and then found gone (404), rather than failing the insert's foreign key (500).
 */
export async function assertOwnOccasion(
  db: Queryable,
  userId: string,
  id: string,
  { keyShare = false } = {},
): Promise<void> {
  if (!isUuid(id)) throw occasionNotFound();
  const own = await rowsOf(
    db,
    qb
      .selectFrom('occasions')
      .select(sql.lit(1).as('own'))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .$if(keyShare, (q) => q.forKeyShare()),
  );
  if (own.length === 0) throw occasionNotFound();
}

/**
 * The order that covers an occurrence, if any: one that names the occasion and its date, or one for the
 * same recipient and occasion (ignoring case) dated within COVERING_ORDER_DAYS before it. Rejected orders
 * cover nothing. Each argument is an SQL expression (a placeholder or a column).
 */
export function coveringOrderSql(e: {
  customer: string;
  occasionId: string;
  day: string;
  recipient: string;
  occasion: string;
}) {
  const named = `(g.occasion_id = ${e.occasionId}::uuid and g.date = ${e.day}::date)`;
  return `select g.id::text as id from gift_orders g
   where g.user_id = ${e.customer} and g.status <> 'rejected'
     and (${named}
       or (lower(g.recipient_name) = lower(${e.recipient}) and lower(g.occasion) = lower(${e.occasion})
           and g.date between ${e.day}::date - ${COVERING_ORDER_DAYS} and ${e.day}::date))
   order by ${named} desc, g.date desc, g.id
   limit 1`;
}

/**
 * The occurrences of the customer's occasions from today to `days` ahead (today in the customer's time
 * zone), soonest first, each with the order covering it or null.
 */
export async function upcomingOccurrences(
  db: Queryable,
  userId: string,
  days: number,
  now: Date = new Date(),
): Promise<UpcomingOccurrence[]> {
  const [user] = await rowsOf(db, qb.selectFrom('users').select('time_zone').where('id', '=', userId));
  const today = localDate(now, user?.time_zone ?? 'UTC');
  const until = addDays(today, days);
  const occasions = await listOccasions(db, userId);
  const items = occasions.flatMap((o) => occurrencesBetween(o, today, until).map((date) => ({ o, date })));
  if (items.length === 0) return [];
  // One statement for all of them: each occurrence with its covering order, if any.
  const { rows } = await db.query<{ i: number; id: string | null }>(
    `select x.i, c.id from unnest($2::int[], $3::uuid[], $4::date[], $5::text[], $6::text[]) as x(i, occasion_id, day, recipient, occasion)
       left join lateral (${coveringOrderSql({ customer: '$1', occasionId: 'x.occasion_id', day: 'x.day', recipient: 'x.recipient', occasion: 'x.occasion' })}) c on true`,
    [
      userId,
      items.map((_, i) => i),
      items.map((it) => it.o._id),
      items.map((it) => it.date),
      items.map((it) => it.o.recipientName),
      items.map((it) => it.o.occasion),
    ],
  );
  const orderOf = new Map(rows.map((r) => [r.i, r.id]));
  return items
    .map(({ o, date }, i) => ({
      occasionId: o._id,
      recipientName: o.recipientName,
      occasion: o.occasion,
      date,
      daysAway: daysBetween(today, date),
      orderId: orderOf.get(i) ?? null,
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.recipientName.localeCompare(b.recipientName));
}
