import { SESSION_DAYS } from '@/contract/fields';
import type { Queryable } from '../db/db';
import { hashToken, newToken } from './secrets';

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
  await db.query(
    `insert into sessions (token_hash, kind, ${SUBJECT_COLUMN[kind]}, expires_at)
     values ($1, $2, $3, now() + make_interval(days => $4))`,
    [hashToken(token), kind, subjectId, SESSION_DAYS],
  );
  return token;
}

/**
 * A live session of exactly this kind: a customer token never opens an admin door, nor the reverse.
 */
export async function findSession(db: Queryable, kind: SessionKind, token: string): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const { rows } = await db.query<{ subject_id: string }>(
    `select ${SUBJECT_COLUMN[kind]} as subject_id from sessions
     where token_hash = $1 and kind = $2 and revoked_at is null and expires_at > now()`,
    [tokenHash, kind],
  );
  return rows[0] ? { kind, subjectId: rows[0].subject_id, tokenHash } : null;
}

export async function revokeSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('update sessions set revoked_at = now() where token_hash = $1 and revoked_at is null', [tokenHash]);
}

export async function revokeAllSessions(db: Queryable, kind: SessionKind, subjectId: string): Promise<void> {
  await db.query(
    `update sessions set revoked_at = now() where ${SUBJECT_COLUMN[kind]} = $1 and revoked_at is null`,
    [subjectId],
  );
}
