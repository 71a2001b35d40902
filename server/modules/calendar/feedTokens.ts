import type { Queryable } from '../../db/db';
import { newToken } from '../../lib/secrets';

/** The customer's calendar feed token, made on first use. */
export async function feedToken(db: Queryable, userId: string): Promise<string> {
  const { rows } = await db.query<{ feed_token: string }>(
    'update users set feed_token = coalesce(feed_token, $2) where id = $1 returning feed_token',
    [userId, newToken()],
  );
  return rows[0].feed_token;
}

/** A new feed token: the old feed address answers 404 from now on. */
export async function rotateFeedToken(db: Queryable, userId: string): Promise<string> {
  const { rows } = await db.query<{ feed_token: string }>(
    'update users set feed_token = $2 where id = $1 returning feed_token',
    [userId, newToken()],
  );
  return rows[0].feed_token;
}
