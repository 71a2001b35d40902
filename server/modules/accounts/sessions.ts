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
  /** Admin sessions: made before the admin enrolled a second factor, it opens only the enrolment calls. */
  enrolOnly?: boolean;
  /** Admin sessions: when this session last passed a TOTP or recovery code (sensitive actions want it recent). */
  secondFactorAt?: Date | null;
}

/** How an admin session starts: enrol-only (no second factor yet) or with its second factor passed now. */
export interface AdminSessionStart {
  enrolOnly?: boolean;
  secondFactorPassed?: boolean;
}

const SUBJECT_COLUMN: Record<SessionKind, 'user_id' | 'admin_id'> = { customer: 'user_id', admin: 'admin_id' };

/** Issues a new random token; the database keeps only its hash. */
export async function createSession(
  db: Queryable,
  kind: SessionKind,
  subjectId: string,
  start: AdminSessionStart = {},
): Promise<string> {
  const token = newToken();
  await run(
    db,
    qb.insertInto('sessions').values({
      token_hash: hashToken(token),
      kind,
      [SUBJECT_COLUMN[kind]]: subjectId,
      expires_at: sql<Date>`now() + make_interval(days => ${SESSION_DAYS})`,
      enrol_only: start.enrolOnly ?? false,
      second_factor_at: start.secondFactorPassed ? sql<Date>`now()` : null,
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
  const secondFactor = kind === 'admin' ? ', enrol_only, second_factor_at' : '';
  return `select ${SUBJECT_COLUMN[kind]} as subject_id${secondFactor} from sessions
     where token_hash = $1 and kind = '${kind}' and revoked_at is null and expires_at > now()`;
}

const LIVE_SESSION_SQL: Record<SessionKind, string> = {
  customer: liveSessionSql('customer'),
  admin: liveSessionSql('admin'),
};

/** A live session of exactly this kind, or null. Looked up in the database every time: no cache. */
export async function findSession(db: Queryable, kind: SessionKind, token: string): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const { rows } = await db.query<{ subject_id: string; enrol_only?: boolean; second_factor_at?: Date | null }>(
    LIVE_SESSION_SQL[kind],
    [tokenHash],
    { prepare: `find_session_${kind}` },
  );
  const row = rows[0];
  if (!row) return null;
  return kind === 'admin'
    ? {
        kind,
        subjectId: row.subject_id,
        tokenHash,
        enrolOnly: row.enrol_only,
        secondFactorAt: row.second_factor_at ? new Date(row.second_factor_at) : null,
      }
    : { kind, subjectId: row.subject_id, tokenHash };
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
