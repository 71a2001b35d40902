import { sql } from 'kysely';

import { SESSION_DAYS } from '#contract/fields';

import type { Queryable } from '../../db/db';
import { qb, run } from '../../db/queryBuilder';
import { hashToken, newToken } from '../../lib/secrets';

export type SessionKind = 'customer' | 'admin';

export interface Session {
  kind: SessionKind;
  subjectId: string;
  tokenHash: string;
}

const SUBJECT_COLUMN: Record<SessionKind, 'user_id' | 'admin_id'> = { customer: 'user_id', admin: 'admin_id' };

/** Issues a new random token; the database keeps only its hash. */
export async function createSession(db: Queryable, kind: SessionKind, subjectId: string): Promise<string> {
  const token = newToken();
  await run(
    db,
    qb.insertInto('sessions').values({
      token_hash: hashToken(token),
      kind,
      [SUBJECT_COLUMN[kind]]: subjectId,
      expires_at: sql<Date>`now() + make_interval(days => ${SESSION_DAYS})`,
    }),
  );
  return token;
}

/**
 * The subject (as subject_id) of the live session of exactly this kind whose token hash is $1: a
 * customer token never opens an admin door, nor the reverse. Other statements embed it to check
 * the session in the same round trip as their own work.
 */
export function liveSessionSql(kind: SessionKind): string {
  return `select ${SUBJECT_COLUMN[kind]} as subject_id from sessions
     where token_hash = $1 and kind = '${kind}' and revoked_at is null and expires_at > now()`;
}

const LIVE_SESSION_SQL: Record<SessionKind, string> = {
  customer: liveSessionSql('customer'),
  admin: liveSessionSql('admin'),
};

/** A live session of exactly this kind, or null. Looked up in the database every time: no cache. */
export async function findSession(db: Queryable, kind: SessionKind, token: string): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const { rows } = await db.query<{ subject_id: string }>(LIVE_SESSION_SQL[kind], [tokenHash], {
    prepare: `find_session_${kind}`,
  });
  return rows[0] ? { kind, subjectId: rows[0].subject_id, tokenHash } : null;
}

export async function revokeSession(db: Queryable, tokenHash: string): Promise<void> {
  await run(
    db,
    qb
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null),
  );
}

export async function revokeAllSessions(db: Queryable, kind: SessionKind, subjectId: string): Promise<void> {
  await run(
    db,
    qb
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where(SUBJECT_COLUMN[kind], '=', subjectId)
      .where('revoked_at', 'is', null),
  );
}
