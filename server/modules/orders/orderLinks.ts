import type { Queryable } from '../../db/db';
import { isUuid } from '../../db/pgChecks';
import { HttpError } from '../../lib/errors';
import { occasionNotFound } from '../occasions/occasions';
import { personNotFound } from '../people/people';

/**
 * What an order points at: the caller's own occasion (a date of a person) and the person it is for. For each, a
 * string links, null unlinks, and left out leaves it as it is (on an edit; a new order has none).
 */
export interface OrderLink {
  occasionId?: string | null;
  personId?: string | null;
}

/** The columns an order's link writes: undefined leaves a column as it is. */
export interface LinkColumns {
  occasion_id?: string | null;
  person_id?: string | null;
}

const notTheOccasionsPerson = () =>
  new HttpError(400, 'personId must name the person whose date occasionId is (or be left out)');

/**
 * The person whose date the occasion is, both the customer's own. With `lock`, a key-share lock on the person and
 * then on the occasion, held until the transaction ends (the lock order of docs/decisions/0012: users row, person,
 * occasions): a person or date being deleted meanwhile is waited for and then found gone (404), not a foreign-key
 * failure. The person's lock is taken inside the materialized CTE, before the outer statement locks the occasion.
 */
async function occasionsPerson(db: Queryable, userId: string, occasionId: string, lock: boolean) {
  const { rows } = await db.query<{ person_id: string }>(lock ? OCCASIONS_PERSON_LOCKED : OCCASIONS_PERSON, [
    userId,
    occasionId,
  ]);
  if (!rows[0]) throw occasionNotFound();
  return rows[0].person_id;
}

const occasionsPersonSql = (lock: boolean) => `
  with person as materialized (
    select p.id from people p
     where p.user_id = $1 and p.id = (select o.person_id from occasions o where o.id = $2 and o.user_id = $1)
     ${lock ? 'for key share' : ''}
  )
  select person.id::text as person_id
    from person join occasions o on o.id = $2 and o.person_id = person.id
   ${lock ? 'for key share of o' : ''}`;
const OCCASIONS_PERSON = occasionsPersonSql(false);
const OCCASIONS_PERSON_LOCKED = occasionsPersonSql(true);

/** Refuses a person id that is not the customer's own (404, as for orders); `lock` as in occasionsPerson. */
export async function assertOwnPerson(db: Queryable, userId: string, personId: string, lock: boolean) {
  if (!isUuid(personId)) throw personNotFound();
  const { rows } = await db.query(
    `select 1 from people where id = $1 and user_id = $2${lock ? ' for key share' : ''}`,
    [personId, userId],
  );
  if (rows.length === 0) throw personNotFound();
}

/**
 * Checks an order's link against its owner and answers the columns to write, in one statement (two only to explain
 * a refusal). An order for an occasion is for that occasion's person; `personId` links an order placed from a
 * person without one of their dates, and when sent with `occasionId` must name the same person.
 */
export async function resolveOrderLink(
  db: Queryable,
  userId: string,
  { occasionId, personId }: OrderLink,
  { lock = false } = {},
): Promise<LinkColumns> {
  if (typeof occasionId === 'string') {
    if (!isUuid(occasionId)) throw occasionNotFound();
    const person = await occasionsPerson(db, userId, occasionId, lock);
    if (personId !== undefined && personId !== person) {
      if (typeof personId === 'string') await assertOwnPerson(db, userId, personId, false);
      throw notTheOccasionsPerson();
    }
    return { occasion_id: occasionId, person_id: person };
  }
  const columns: LinkColumns = occasionId === null ? { occasion_id: null } : {};
  if (typeof personId === 'string') await assertOwnPerson(db, userId, personId, lock);
  if (personId !== undefined) columns.person_id = personId;
  return columns;
}
