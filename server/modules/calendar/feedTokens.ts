import type { Queryable } from '../../db/db';
import { qb, rowsOf } from '../../db/queryBuilder';
import { newToken } from '../../lib/secrets';

/** The customer's calendar feed token, made on first use. */
export async function feedToken(db: Queryable, userId: string): Promise<string> {
  const [user] = await rowsOf(
    db,
    qb
      .updateTable('users')
      .set((eb) => ({ feed_token: eb.fn.coalesce('feed_token', eb.val(newToken())) }))
      .where('id', '=', userId)
      .returning('feed_token'),
  );
  return user.feed_token!;
}

/** A new feed token: the old feed address answers 404 from now on. */
export async function rotateFeedToken(db: Queryable, userId: string): Promise<string> {
  const [user] = await rowsOf(
    db,
    qb.updateTable('users').set({ feed_token: newToken() }).where('id', '=', userId).returning('feed_token'),
  );
  return user.feed_token!;
}
