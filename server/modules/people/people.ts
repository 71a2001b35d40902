import { sql, type Updateable } from 'kysely';

import type { PersonFields } from '#contract/people';

import type { Db, Queryable } from '../../db/db';
import { isUniqueViolation, isUuid } from '../../db/pgChecks';
import { insertWhere, lockCustomer, qb, rowsOf, run } from '../../db/queryBuilder';
import type { PeopleTable } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { personNameIs, tooManyPeople } from '../../lib/keptRowLimits';

/** Same answer for a missing, malformed or another customer's id: nothing leaks. */
export const personNotFound = () => notFound('Person');

export const nameTaken = (name: string) => new HttpError(409, `You already have a person called ${name.trim()}`);

/** A person's columns from the contract's fields; only the fields given (findOrCreatePerson takes a few). */
export function personColumns(f: Partial<PersonFields>) {
  const columns = {
    name: f.name?.trim(),
    relationship: f.relationship,
    gender: f.gender,
    address: f.address,
    phone_number: f.phoneNumber,
    email: f.email,
    interests: f.interests,
    budget: f.budget,
    default_option: f.defaultOption,
    likes: f.likes,
    dislikes: f.dislikes,
    sizes: f.sizes,
    allergies: f.allergies,
    notes: f.notes,
    birth_year: f.birthYear,
  } satisfies Updateable<PeopleTable>;
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as Partial<typeof columns>;
}

/** The customer's person of this id, or 404 (also for a malformed id). */
export function assertPersonId(id: string): void {
  if (!isUuid(id)) throw personNotFound();
}

/**
 * The customer's person of this name (ignoring case and surrounding spaces), created with `fields` when there
 * is none, in one statement. An existing person is left as it is. Call it inside a transaction that already
 * holds the customer's users row (lockCustomer, the first lock of decision 0012): that makes the look-up and
 * the insert one step for the customer, and counts people one after another. 409 when a new person would pass
 * `max` people.
 */
export async function findOrCreatePerson(
  tx: Queryable,
  userId: string,
  fields: Partial<PersonFields> & { name: string },
  max: number,
): Promise<{ id: string; created: boolean }> {
  const row = { user_id: userId, ...personColumns(fields), name: fields.name.trim() };
  const [found] = await rowsOf(
    tx,
    qb
      .with('existing', (db) =>
        db
          .selectFrom('people')
          .select(sql<string>`id::text`.as('id'))
          .where('user_id', '=', userId)
          .where(personNameIs(fields.name)),
      )
      .with('added', () =>
        insertWhere('people', row, (eb) =>
          eb.and([
            eb.not(
              eb.exists(
                eb
                  .selectFrom('people')
                  .select(sql.lit(1).as('one'))
                  .where('user_id', '=', userId)
                  .where(personNameIs(fields.name)),
              ),
            ),
            eb(eb.selectFrom('people').select(eb.fn.countAll().as('n')).where('user_id', '=', userId), '<', max),
          ]),
        ).returning(sql<string>`id::text`.as('id')),
      )
      .selectFrom('added')
      .select(['id', sql<boolean>`true`.as('created')])
      .unionAll((db) => db.selectFrom('existing').select(['id', sql<boolean>`false`.as('created')])),
  );
  if (!found) throw tooManyPeople(max);
  return found;
}

/** Adds a person (409 when the customer has one of that name, or `max` people already). */
export async function addPerson(db: Db, userId: string, fields: PersonFields, max: number): Promise<string> {
  return db.transaction(async (tx) => {
    await run(tx, lockCustomer(userId));
    const { id, created } = await findOrCreatePerson(tx, userId, fields, max);
    if (!created) throw nameTaken(fields.name);
    return id;
  });
}

/**
 * Replaces every field of the customer's own person. The users row is locked first (decision 0012): renaming
 * bumps the customer's occasions version (the feed shows the name), which writes that row after the person's.
 */
export async function updatePerson(db: Db, userId: string, id: string, fields: PersonFields): Promise<void> {
  assertPersonId(id);
  await db.transaction(async (tx) => {
    await run(tx, lockCustomer(userId));
    try {
      const { rowCount } = await run(
        tx,
        qb
          .updateTable('people')
          .set({ ...personColumns(fields), updated_at: sql`now()` })
          .where('id', '=', id)
          .where('user_id', '=', userId),
      );
      if (rowCount === 0) throw personNotFound();
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(fields.name);
      throw err;
    }
  });
}

/**
 * Deletes the customer's own person with their dates and gift ideas (the foreign keys cascade); their orders
 * stay, no longer tied to them. In the lock order of decision 0012: the orders are unlinked first (their rows,
 * then the users row through the orders version trigger), then the users row, the person, and its occasions.
 * Left to the foreign keys' `on delete set null`, the unlinking came after the occasions' locks.
 */
export async function deletePerson(db: Db, userId: string, id: string): Promise<void> {
  assertPersonId(id);
  await db.transaction(async (tx) => {
    await run(
      tx,
      qb
        .updateTable('gift_orders')
        .set({ person_id: null, occasion_id: null })
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('person_id', '=', id),
            eb('occasion_id', 'in', eb.selectFrom('occasions').select('id').where('person_id', '=', id)),
          ]),
        ),
    );
    await run(tx, lockCustomer(userId));
    const { rowCount } = await run(tx, qb.deleteFrom('people').where('id', '=', id).where('user_id', '=', userId));
    if (rowCount === 0) throw personNotFound();
  });
}
