import { SESSION_DAYS } from '#contract/fields';
import { DEVICES_LIST_LIMIT, type SignedInDevice } from '#contract/sessions';

import type { Queryable } from '../../db/db';
import { isUuid } from '../../db/pgChecks';
import { hashToken, newToken } from '../../lib/secrets';
import type { SessionDevice } from './sessionDevice';

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

/** How long a new session lasts: in all, and unused (null: no idle limit). Fixed in its row when it is made. */
export interface SessionLifetime {
  maxMinutes: number;
  idleMinutes: number | null;
}

/** Customers stay signed in for SESSION_DAYS, used or not. Admin sign-in passes its own (server config). */
export const CUSTOMER_SESSION_LIFETIME: SessionLifetime = { maxMinutes: SESSION_DAYS * 24 * 60, idleMinutes: null };

const SUBJECT_COLUMN: Record<SessionKind, 'user_id' | 'admin_id'> = { customer: 'user_id', admin: 'admin_id' };

/** Last use is written at most this often, so a busy session costs a write a minute, not one per request. */
const TOUCH_EVERY = `interval '1 minute'`;

/** A session row that still opens its door: not revoked, not past its end, not idle past its limit. */
const LIVE = `revoked_at is null and expires_at > now()
       and (idle_minutes is null or last_seen_at > now() - make_interval(mins => idle_minutes))`;

/** Issues a new random token; the database keeps only its hash, with its lifetime and the device's names. */
export async function createSession(
  db: Queryable,
  kind: SessionKind,
  subjectId: string,
  {
    lifetime = CUSTOMER_SESSION_LIFETIME,
    device,
    start = {},
    deviceTokenHash = null,
  }: {
    lifetime?: SessionLifetime;
    device?: SessionDevice;
    start?: AdminSessionStart;
    /** The device credential the browser signed in with (deviceCredentials.ts). */
    deviceTokenHash?: string | null;
  } = {},
): Promise<string> {
  const token = newToken();
  await db.query(
    `insert into sessions (token_hash, kind, ${SUBJECT_COLUMN[kind]}, expires_at, idle_minutes, browser, os, client_address,
       enrol_only, second_factor_at, device_token_hash)
     values ($1, $2, $3, now() + make_interval(mins => $4), $5, $6, $7, $8, $9, case when $10::boolean then now() end,
       $11)`,
    [
      hashToken(token),
      kind,
      subjectId,
      lifetime.maxMinutes,
      lifetime.idleMinutes,
      device?.browser ?? null,
      device?.os ?? null,
      device?.address ?? null,
      start.enrolOnly ?? false,
      start.secondFactorPassed ?? false,
      deviceTokenHash,
    ],
  );
  return token;
}

/**
 * The subject (as subject_id) of the live session of exactly this kind whose token hash is $1: a customer
 * token never opens an admin door, nor the reverse. It only reads: a statement that checks the session itself
 * should start with withLiveSession(kind) instead, which also records the use.
 */
export function liveSessionSql(kind: SessionKind): string {
  const secondFactor = kind === 'admin' ? ', enrol_only, second_factor_at' : '';
  return `select ${SUBJECT_COLUMN[kind]} as subject_id${secondFactor} from sessions
     where token_hash = $1 and kind = '${kind}' and ${LIVE}`;
}

/**
 * The leading WITH of a statement that checks the session ($1 = token hash) in its own round trip: `live_session`
 * (subject_id, no row when the session is not live) and, in the same statement, the session's last use moved to
 * now when it is older than a minute (what idle expiry and the devices list read). No request gains a round trip,
 * and most write nothing. The touch repeats the live conditions rather than reading live_session, so that
 * live_session is read once and PostgreSQL inlines it as a subquery (read twice it would be materialised: about
 * 25 % slower on getgifts).
 */
export function withLiveSession(kind: SessionKind): string {
  return `with session_touch as (
    update sessions set last_seen_at = now()
     where token_hash = $1 and kind = '${kind}' and ${LIVE} and last_seen_at < now() - ${TOUCH_EVERY}),
  live_session as (${liveSessionSql(kind)})`;
}

const FIND_SESSION_SQL: Record<SessionKind, string> = {
  customer: `${withLiveSession('customer')} select * from live_session`,
  admin: `${withLiveSession('admin')} select * from live_session`,
};

/** A live session of exactly this kind, or null (its use recorded). Looked up in the database every time: no cache. */
export async function findSession(db: Queryable, kind: SessionKind, token: string): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const { rows } = await db.query<{ subject_id: string; enrol_only?: boolean; second_factor_at?: Date | null }>(
    FIND_SESSION_SQL[kind],
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
  await db.query('update sessions set revoked_at = now() where token_hash = $1 and revoked_at is null', [tokenHash]);
}

export async function revokeAllSessions(db: Queryable, kind: SessionKind, subjectId: string): Promise<void> {
  await db.query(
    `update sessions set revoked_at = now() where ${SUBJECT_COLUMN[kind]} = $1 and kind = $2 and revoked_at is null`,
    [subjectId, kind],
  );
}

/** The live sessions of `session`'s account (of its kind only), this one first, then by last use. */
export async function listSessions(db: Queryable, session: Session): Promise<SignedInDevice[]> {
  const { rows } = await db.query<{
    id: string;
    current: boolean;
    created_at: Date;
    last_seen_at: Date;
    browser: string | null;
    os: string | null;
    client_address: string | null;
  }>(
    `select public_id as id, token_hash = $2 as current, created_at, last_seen_at, browser, os, client_address
       from sessions
      where ${SUBJECT_COLUMN[session.kind]} = $1 and kind = $3 and ${LIVE}
      order by token_hash = $2 desc, last_seen_at desc, created_at desc
      limit ${DEVICES_LIST_LIMIT}`,
    [session.subjectId, session.tokenHash, session.kind],
  );
  return rows.map((r) => ({
    id: r.id,
    current: r.current,
    createdAt: new Date(r.created_at).toISOString(),
    lastSeenAt: new Date(r.last_seen_at).toISOString(),
    browser: r.browser,
    os: r.os,
    address: r.client_address,
  }));
}

/**
 * Ends the live session named by `publicId` if it belongs to `session`'s account and kind; false otherwise
 * (another account's, another kind's, unknown or already ended all look the same: the caller answers 404).
 */
export async function revokeSessionById(db: Queryable, session: Session, publicId: string): Promise<boolean> {
  if (!isUuid(publicId)) return false;
  const { rows } = await db.query(
    `update sessions set revoked_at = now()
      where public_id = $1 and ${SUBJECT_COLUMN[session.kind]} = $2 and kind = $3 and ${LIVE}
      returning 1`,
    [publicId, session.subjectId, session.kind],
  );
  return rows.length > 0;
}

/** Ends every other live session of `session`'s account and kind, keeping `session`; answers how many ended. */
export async function revokeOtherSessions(db: Queryable, session: Session): Promise<number> {
  const { rows } = await db.query(
    `update sessions set revoked_at = now()
      where ${SUBJECT_COLUMN[session.kind]} = $1 and kind = $2 and token_hash <> $3 and ${LIVE}
      returning 1`,
    [session.subjectId, session.kind, session.tokenHash],
  );
  return rows.length;
}
