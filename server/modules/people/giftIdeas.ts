import { sql, type ExpressionBuilder } from 'kysely';

import type { Db, Queryable } from '../../db/db';
import { isUuid } from '../../db/pgChecks';
import { insertWhere, lockCustomer, qb, rowsOf, run } from '../../db/queryBuilder';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { assertPersonId, personNotFound } from './people';

export const ideaNotFound = () => notFound('Gift idea');

export const tooManyIdeas = (max: number) =>
  new HttpError(409, `This person already has ${max} gift ideas, the most we keep for one person`);

/** The idea's person is the customer's own (the person's id and the customer's, both checked). */
const ofOwnPerson = (userId: string, personId: string) => (eb: ExpressionBuilder<Database, 'gift_ideas'>) =>
  eb.and([
    eb('gift_ideas.person_id', '=', personId),
    eb.exists(
      eb.selectFrom('people').select(sql.lit(1).as('one')).where('id', '=', personId).where('user_id', '=', userId),
    ),
  ]);

/**
 * Adds a gift idea for the customer's own person (at most `max` a person). The users row is locked first, so
 * ideas added at once are counted one after another (decision 0012's first lock).
 */
export async function addGiftIdea(db: Db, userId: string, personId: string, text: string, max: number) {
  assertPersonId(personId);
  return db.transaction(async (tx) => {
    await run(tx, lockCustomer(userId));
    const [added] = await rowsOf(
      tx,
      insertWhere('gift_ideas', { person_id: personId, text }, (eb) =>
        eb.and([
          eb.exists(
            eb
              .selectFrom('people')
              .select(sql.lit(1).as('one'))
              .where('id', '=', personId)
              .where('user_id', '=', userId),
          ),
          eb(eb.selectFrom('gift_ideas').select(eb.fn.countAll().as('n')).where('person_id', '=', personId), '<', max),
        ]),
      ).returning(sql<string>`id::text`.as('id')),
    );
    if (added) return added.id;
    const own = await rowsOf(
      tx,
      qb.selectFrom('people').select('id').where('id', '=', personId).where('user_id', '=', userId),
    );
    throw own.length === 0 ? personNotFound() : tooManyIdeas(max);
  });
}

/** Strikes the idea through (used: when first marked) or brings it back. */
export async function markGiftIdea(db: Queryable, userId: string, personId: string, ideaId: string, used: boolean) {
  assertPersonId(personId);
  if (!isUuid(ideaId)) throw ideaNotFound();
  const { rowCount } = await run(
    db,
    qb
      .updateTable('gift_ideas')
      .set({ used_at: used ? sql<Date>`coalesce(used_at, now())` : null })
      .where('id', '=', ideaId)
      .where(ofOwnPerson(userId, personId)),
  );
  if (rowCount === 0) throw ideaNotFound();
}

export async function deleteGiftIdea(db: Queryable, userId: string, personId: string, ideaId: string) {
  assertPersonId(personId);
  if (!isUuid(ideaId)) throw ideaNotFound();
  const { rowCount } = await run(
    db,
    qb.deleteFrom('gift_ideas').where('id', '=', ideaId).where(ofOwnPerson(userId, personId)),
  );
  if (rowCount === 0) throw ideaNotFound();
}
