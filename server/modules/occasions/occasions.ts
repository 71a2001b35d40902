import { COVERING_ORDER_DAYS, type Occasion, type OccasionFields, type UpcomingOccurrence } from '#contract/occasions';

import type { Db, Queryable } from '../../db/db';
import { isUuid } from '../../db/pgChecks';
import { HttpError, notFound } from '../../lib/errors';
import { addDays, daysBetween, localDate } from './calendarDays';
import { occurrencesBetween } from './occurrences';

/** Same answer for a missing, malformed or another customer's id: nothing leaks. */
export const occasionNotFound = () => notFound('Occasion');

/** Which column holds which occasion field (the API names on the left). */
const COLUMNS: { readonly [F in keyof OccasionFields]: string } = {
  recipientName: 'recipient_name',
  relationship: 'relationship',
  occasion: 'occasion',
  date: 'date',
  repeatsYearly: 'repeats_yearly',
  remindDaysBefore: 'remind_days_before',
  gender: 'gender',
  address: 'address',
  phoneNumber: 'phone_number',
  email: 'email',
  interests: 'interests',
  budget: 'budget',
  defaultOption: 'default_option',
  comments: 'comments',
};
const FIELDS = Object.keys(COLUMNS) as (keyof OccasionFields)[];
const values = (o: OccasionFields) => FIELDS.map((f) => o[f]);
const SELECT = `id::text as "_id", ${FIELDS.map((f) =>
  f === 'date'
    ? `date::text as "date"`
    : f === 'remindDaysBefore'
      ? `remind_days_before::int[] as "remindDaysBefore"`
      : `${COLUMNS[f]} as "${f}"`,
).join(', ')}`;

export const tooManyOccasions = (max: number) =>
  new HttpError(409, `You already keep ${max} occasions, the most we keep for one account`);

/**
 * Adds an occasion for the customer (at most `max`); the reminder sweep looks at it on its next run
 * (next_check_at = now), so a reminder already due for a coming date goes out then.
 */
export async function addOccasion(db: Db, userId: string, fields: OccasionFields, max: number): Promise<string> {
  const placeholders = FIELDS.map((_, i) => `$${i + 3}`).join(', ');
  // The customer's row is locked first, so occasions added at the same moment are counted one after another
  // (and in the lock order of docs/decisions/0012: the users row before the customer's occasions).
  const id = await db.transaction(async (tx) => {
    await tx.query('select 1 from users where id = $1 for update', [userId]);
    const { rows } = await tx.query<{ id: string }>(
      `insert into occasions (user_id, ${FIELDS.map((f) => COLUMNS[f]).join(', ')}, next_check_at)
       select $1, ${placeholders}, now()
       where (select count(*) from occasions where user_id = $1) < $2
       returning id::text as id`,
      [userId, max, ...values(fields)],
    );
    return rows[0]?.id ?? null;
  });
  if (id === null) throw tooManyOccasions(max);
  return id;
}

export async function listOccasions(db: Queryable, userId: string): Promise<Occasion[]> {
  const { rows } = await db.query<Occasion>(
    `select ${SELECT} from occasions where user_id = $1 order by date, created_at, id`,
    [userId],
  );
  return rows;
}

/** Replaces every field of the customer's own occasion; its reminders are decided again at the next run. */
export async function updateOccasion(db: Queryable, userId: string, id: string, fields: OccasionFields): Promise<void> {
  if (!isUuid(id)) throw occasionNotFound();
  const set = FIELDS.map((f, i) => `${COLUMNS[f]} = $${i + 3}`).join(', ');
  const { rowCount } = await db.query(
    `update occasions set ${set}, next_check_at = now(), updated_at = now() where id = $1 and user_id = $2`,
    [id, userId, ...values(fields)],
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
    await tx.query('update gift_orders set occasion_id = null where occasion_id = $1 and user_id = $2', [id, userId]);
    const { rowCount } = await tx.query('delete from occasions where id = $1 and user_id = $2', [id, userId]);
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
  const { rows } = await db.query(
    `select 1 from occasions where id = $1 and user_id = $2${keyShare ? ' for key share' : ''}`,
    [id, userId],
  );
  if (rows.length === 0) throw occasionNotFound();
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
  const { rows: users } = await db.query<{ time_zone: string }>('select time_zone from users where id = $1', [userId]);
  const today = localDate(now, users[0]?.time_zone ?? 'UTC');
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
