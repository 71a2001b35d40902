import { sql, type ExpressionBuilder } from 'kysely';

import { orderByDate, type LeadDays } from '#contract/leadTimes';
import { COVERING_ORDER_DAYS, type Occasion, type OccasionFields, type UpcomingOccurrence } from '#contract/occasions';

import type { Db, Queryable } from '../../db/db';
import { isUuid } from '../../db/pgChecks';
import { insertWhere, lockCustomer, qb, rowsOf, run } from '../../db/queryBuilder';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { personNameIs, tooManyDates, tooManyOccasions, tooManyPeople } from '../../lib/keptRowLimits';
import { addDays, daysBetween, localDate } from './calendarDays';
import { occurrencesBetween } from './occurrences';

/** Same answer for a missing, malformed or another customer's id: nothing leaks. */
export const occasionNotFound = () => notFound('Occasion');

/**
 * The occasion as the API shows it (the contract's Occasion): its own columns and its person's details, which
 * the occasion shared with every other date of that person before people existed (the answer keeps its fields).
 */
const occasionFields = (eb: ExpressionBuilder<Database, 'occasions' | 'people'>) =>
  [
    sql<string>`${eb.ref('occasions.id')}::text`.as('_id'),
    'people.name as recipientName',
    'people.relationship',
    'occasions.occasion',
    sql<string>`${eb.ref('occasions.date')}::text`.as('date'),
    'occasions.repeats_yearly as repeatsYearly',
    sql<number[]>`${eb.ref('occasions.remind_days_before')}::int[]`.as('remindDaysBefore'),
    'people.gender',
    'people.address',
    'people.phone_number as phoneNumber',
    'people.email',
    'people.interests',
    'people.budget',
    'people.default_option as defaultOption',
    'people.notes as comments',
  ] as const;

/** The person's columns an occasion's fields set (its comments are the person's notes). */
const personColumns = (f: OccasionFields) => ({
  name: f.recipientName,
  relationship: f.relationship,
  gender: f.gender,
  address: f.address,
  phone_number: f.phoneNumber,
  email: f.email,
  interests: f.interests,
  budget: f.budget,
  default_option: f.defaultOption,
  notes: f.comments,
});

/**
 * The customer's person of this name (ignoring case and surrounding spaces), made if there is none, with the
 * occasion's details: `replace` (PUT sends the whole occasion) writes every one; otherwise (POST, joining the
 * person) the details given win and those left blank keep the person's, as does the spelling of the name.
 * In the lock order of docs/decisions/0012: the caller holds the users row; this locks the person, before any
 * occasion.
 */
async function personForOccasion(tx: Queryable, userId: string, f: OccasionFields, replace: boolean) {
  const columns = personColumns(f);
  const { rows } = await run(
    tx,
    qb
      .insertInto('people')
      .values({ user_id: userId, ...columns })
      .onConflict((oc) =>
        oc.expression(sql`user_id, lower(btrim(name))`).doUpdateSet((eb) => {
          const keep = (column: keyof typeof columns) => eb.ref(`people.${column}`);
          const given = (column: keyof typeof columns, value: string) =>
            replace
              ? value
              : column === 'name' || value === '' || (column === 'default_option' && value === 'None')
                ? keep(column)
                : value;
          return {
            ...Object.fromEntries(
              Object.entries(columns).map(([column, value]) => [column, given(column as keyof typeof columns, value)]),
            ),
            updated_at: sql<Date>`now()`,
          };
        }),
      )
      .returning(sql<string>`id::text`.as('id')),
  );
  return rows[0].id;
}

/** An occasion's own columns from the contract's fields. */
const occasionColumns = (fields: OccasionFields) => ({
  occasion: fields.occasion,
  date: fields.date,
  repeats_yearly: fields.repeatsYearly,
  remind_days_before: fields.remindDaysBefore,
});

/** The most a customer keeps: occasions in all, people, and dates of one person. */
export interface OccasionLimits {
  occasions: number;
  people: number;
  datesPerPerson: number;
}

/**
 * Adds an occasion for the customer, joining the person of its recipient's name or making one; the reminder
 * sweep looks at it on its next run (next_check_at = now), so a reminder already due for a coming date goes
 * out then. A refusal (409) comes from inside the transaction, so a refused occasion leaves no person behind.
 */
export async function addOccasion(db: Db, userId: string, fields: OccasionFields, limits: OccasionLimits) {
  // The customer's row is locked first, so occasions added at the same moment are counted one after another
  // (and in the lock order of docs/decisions/0012: the users row, then the person, then occasions).
  return db.transaction(async (tx) => {
    await run(tx, lockCustomer(userId));
    const [counts] = await rowsOf(
      tx,
      qb.selectNoFrom((eb) => [
        eb
          .selectFrom('occasions')
          .select(eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .as('occasions'),
        eb.selectFrom('people').select(eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).as('people'),
        eb
          .selectFrom('people')
          .select(sql<string>`id::text`.as('id'))
          .where('user_id', '=', userId)
          .where(personNameIs(fields.recipientName))
          .as('person'),
      ]),
    );
    if (Number(counts.occasions) >= limits.occasions) throw tooManyOccasions(limits.occasions);
    if (counts.person === null && Number(counts.people) >= limits.people) throw tooManyPeople(limits.people);
    const personId = await personForOccasion(tx, userId, fields, false);
    const row = {
      user_id: userId,
      person_id: personId,
      ...occasionColumns(fields),
      next_check_at: sql<Date>`now()`,
    };
    const [added] = await rowsOf(
      tx,
      insertWhere('occasions', row, (eb) =>
        eb(
          eb.selectFrom('occasions').select(eb.fn.countAll().as('n')).where('person_id', '=', personId),
          '<',
          limits.datesPerPerson,
        ),
      ).returning(sql<string>`id::text`.as('id')),
    );
    if (!added) throw tooManyDates(limits.datesPerPerson);
    return added.id;
  });
}

export async function listOccasions(db: Queryable, userId: string): Promise<Occasion[]> {
  return rowsOf(
    db,
    qb
      .selectFrom('occasions')
      .innerJoin('people', 'people.id', 'occasions.person_id')
      .select(occasionFields)
      .where('occasions.user_id', '=', userId)
      .orderBy('occasions.date')
      .orderBy('occasions.created_at')
      .orderBy('occasions.id'),
  );
}

/**
 * Replaces every field of the customer's own occasion; its reminders are decided again at the next run. The
 * person's details are replaced too: those of the person named, who may be another (or a new) one if the
 * recipient's name changed. A date stored without its year stays so when sent back unchanged.
 */
export async function updateOccasion(db: Db, userId: string, id: string, fields: OccasionFields): Promise<void> {
  if (!isUuid(id)) throw occasionNotFound();
  await db.transaction(async (tx) => {
    await run(tx, lockCustomer(userId));
    const [own] = await rowsOf(
      tx,
      qb.selectFrom('occasions').select('id').where('id', '=', id).where('user_id', '=', userId),
    );
    if (!own) throw occasionNotFound();
    const personId = await personForOccasion(tx, userId, fields, true);
    await run(
      tx,
      qb
        .updateTable('occasions')
        .set({
          ...occasionColumns(fields),
          person_id: personId,
          year_known: sql<boolean>`year_known or date <> ${fields.date}::date`,
          next_check_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .where('user_id', '=', userId),
    );
  });
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
  leadDays: LeadDays,
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
      // Worked back from the person's default option: the day its lead time starts.
      orderBy: orderByDate(date, o.defaultOption, leadDays),
      orderId: orderOf.get(i) ?? null,
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.recipientName.localeCompare(b.recipientName));
}
