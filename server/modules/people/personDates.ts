import { sql } from 'kysely';
import type { z } from 'zod';

import type { personDateFields, PersonDateInput } from '#contract/people';

import type { Db } from '../../db/db';
import { isUuid } from '../../db/pgChecks';
import { insertWhere, lockCustomer, qb, rowsOf, run } from '../../db/queryBuilder';
import { HttpError, notFound } from '../../lib/errors';
import { tooManyDates, tooManyOccasions } from '../../lib/keptRowLimits';
import { assertPersonId, personNotFound } from './people';

export type PersonDateFields = z.output<typeof personDateFields>;
export type { PersonDateInput };

/** The year a date without one is stored in: a leap year, so 29 February fits (migration people, year_known). */
export const UNKNOWN_YEAR = '2000';

export const dateNotFound = () => notFound('Date');

/** The date as stored: `--MM-DD` (no year) in the year 2000 with year_known false. */
export function storedDate(date: string): { date: string; year_known: boolean } {
  return date.startsWith('--')
    ? { date: `${UNKNOWN_YEAR}-${date.slice(2)}`, year_known: false }
    : { date, year_known: true };
}

/** The date as answered: `--MM-DD` when its year is not known. */
export const answeredDate = (date: string, yearKnown: boolean): string => (yearKnown ? date : `--${date.slice(5)}`);

/**
 * A date's columns from the contract's fields. A date without a year cannot happen once only: the customer
 * could never tell which year it falls in (400, naming the field). The reminder run looks at it on its next run
 * (next_check_at = now), as for an occasion added or edited through /api/occasions.
 */
function dateColumns(fields: PersonDateFields) {
  const stored = storedDate(fields.date);
  if (!stored.year_known && !fields.repeatsYearly) {
    throw new HttpError(400, 'repeatsYearly: a date without a year (--MM-DD) must repeat every year');
  }
  return {
    occasion: fields.occasion,
    ...stored,
    repeats_yearly: fields.repeatsYearly,
    remind_days_before: fields.remindDaysBefore,
    next_check_at: sql<Date>`now()`,
  };
}

export interface DateLimits {
  datesPerPerson: number;
  /** MAX_OCCASIONS: a date is an occasion, and counts toward the customer's occasions too. */
  occasions: number;
}

/**
 * Adds a date to the customer's own person. In the lock order of decision 0012: the users row (so dates added
 * at once are counted one after another), then the person (the foreign key's key-share lock), then the new
 * occasion.
 */
export async function addPersonDate(
  db: Db,
  userId: string,
  personId: string,
  fields: PersonDateFields,
  limits: DateLimits,
): Promise<string> {
  assertPersonId(personId);
  const row = { user_id: userId, person_id: personId, ...dateColumns(fields) };
  return db.transaction(async (tx) => {
    await run(tx, lockCustomer(userId));
    const [added] = await rowsOf(
      tx,
      insertWhere('occasions', row, (eb) =>
        eb.and([
          eb.exists(
            eb
              .selectFrom('people')
              .select(sql.lit(1).as('one'))
              .where('id', '=', personId)
              .where('user_id', '=', userId),
          ),
          eb(
            eb.selectFrom('occasions').select(eb.fn.countAll().as('n')).where('person_id', '=', personId),
            '<',
            limits.datesPerPerson,
          ),
          eb(
            eb.selectFrom('occasions').select(eb.fn.countAll().as('n')).where('user_id', '=', userId),
            '<',
            limits.occasions,
          ),
        ]),
      ).returning(sql<string>`id::text`.as('id')),
    );
    if (added) return added.id;
    // Refused: say why (only on this path, so an added date costs no extra round trip).
    const [why] = await rowsOf(
      tx,
      qb
        .selectFrom('people')
        .select((eb) =>
          eb
            .selectFrom('occasions')
            .select(eb.fn.countAll<string>().as('n'))
            .where('person_id', '=', personId)
            .as('dates'),
        )
        .where('id', '=', personId)
        .where('user_id', '=', userId),
    );
    if (!why) throw personNotFound();
    if (Number(why.dates) >= limits.datesPerPerson) throw tooManyDates(limits.datesPerPerson);
    throw tooManyOccasions(limits.occasions);
  });
}

/** Replaces one date of the customer's own person; its reminders are decided again at the next run. */
export async function updatePersonDate(
  db: Db,
  userId: string,
  personId: string,
  dateId: string,
  fields: PersonDateFields,
): Promise<void> {
  assertPersonId(personId);
  if (!isUuid(dateId)) throw dateNotFound();
  const columns = { ...dateColumns(fields), updated_at: sql<Date>`now()` };
  await db.transaction(async (tx) => {
    // The users row first (decision 0012): the occasions version trigger writes it after the occasion's lock.
    await run(tx, lockCustomer(userId));
    const { rowCount } = await run(
      tx,
      qb
        .updateTable('occasions')
        .set(columns)
        .where('id', '=', dateId)
        .where('person_id', '=', personId)
        .where('user_id', '=', userId),
    );
    if (rowCount === 0) throw dateNotFound();
  });
}

/**
 * Deletes one date of the customer's own person; orders placed for it stay, no longer tied to it (but still to
 * the person). As deleteOccasion does, for the lock order of decision 0012: its orders are unlinked first, the
 * occasion deleted last.
 */
export async function deletePersonDate(db: Db, userId: string, personId: string, dateId: string): Promise<void> {
  assertPersonId(personId);
  if (!isUuid(dateId)) throw dateNotFound();
  await db.transaction(async (tx) => {
    await run(
      tx,
      qb
        .updateTable('gift_orders')
        .set({ occasion_id: null })
        .where('occasion_id', '=', dateId)
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('occasions')
              .select(sql.lit(1).as('one'))
              .where('id', '=', dateId)
              .where('person_id', '=', personId),
          ),
        ),
    );
    await run(tx, lockCustomer(userId));
    const { rowCount } = await run(
      tx,
      qb
        .deleteFrom('occasions')
        .where('id', '=', dateId)
        .where('person_id', '=', personId)
        .where('user_id', '=', userId),
    );
    if (rowCount === 0) throw dateNotFound();
  });
}
