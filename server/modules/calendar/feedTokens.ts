import { sql } from 'kysely';

import type { Queryable } from '../../db/db';
import { qb, rowsOf } from '../../db/queryBuilder';
import { hashToken, newToken } from '../../lib/secrets';

/**
 * The calendar feed's token is a credential: the database keeps only its SHA-256, so the address is shown once,
 * when made (docs/decisions/0013).
 */

/** Whether the customer has a feed address (which cannot be shown again: only a new one can). */
export async function hasFeed(db: Queryable, userId: string): Promise<boolean> {
  const [user] = await rowsOf(
    db,
    qb
      .selectFrom('users')
      .select(sql<boolean>`feed_token_hash is not null`.as('active'))
      .where('id', '=', userId),
  );
  return user?.active === true;
}

/** A new feed token, the first or in place of the old one, whose address answers 404 from now on. */
export async function newFeedToken(db: Queryable, userId: string): Promise<string> {
  const token = newToken();
  await rowsOf(
    db,
    qb
      .updateTable('users')
      .set({ feed_token_hash: hashToken(token) })
      .where('id', '=', userId)
      .returning('id'),
  );
  return token;
}

/** The feed whose token hashes to `tokenHash`: its owner and its version (the ETag), or null. One statement. */
export async function findFeed(db: Queryable, tokenHash: string): Promise<{ userId: string; version: string } | null> {
  const { rows } = await db.query<{ user_id: string; version: string }>(
    `select id::text as user_id, orders_version::text || '.' || occasions_version::text as version
       from users where feed_token_hash = $1`,
    [tokenHash],
    { prepare: 'find_calendar_feed' },
  );
  return rows[0] ? { userId: rows[0].user_id, version: rows[0].version } : null;
}
