import type { FastifyRequest } from 'fastify';

import { DEVICE_HEADER } from '#contract/http';

import type { Queryable } from '../../db/db';
import { hashToken, newToken } from '../../lib/secrets';
import type { Session, SessionKind } from './sessions';

/**
 * Device credentials (OWASP's "device cookie", decision 0041): a successful sign-in gives the browser a random secret
 * bound to the account, stored here only as its SHA-256 (table device_credentials). A later sign-in that presents it
 * for that account is held by the credential's own failures, not by the account's throttle of unknown devices
 * (signInThrottle.ts), so an attacker who keeps that throttle waiting does not keep the owner out. The session a
 * sign-in starts records its credential: a password or code typed in that session counts on it too.
 */

export const SUBJECT_COLUMN: Record<SessionKind, 'user_id' | 'admin_id'> = { customer: 'user_id', admin: 'admin_id' };

/** The hash of the credential a sign-in request presents (null: none, or not one this server could have made). */
export function presentedDevice(request: FastifyRequest): string | null {
  const token = request.headers[DEVICE_HEADER];
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null;
  return hashToken(token);
}

/** The device credential a sign-in leaves the browser with: the one it presented, or a new one (its token answered). */
export interface SignedInDevice {
  tokenHash: string;
  /** Only when new: the browser keeps it and sends it at its next sign-ins. */
  deviceToken?: string;
}

/**
 * After a successful sign-in: a known device's credential lasts `days` more from now (clearSignInFailures has reset
 * its count); an unknown device gets a new credential.
 */
export async function deviceAfterSignIn(
  db: Queryable,
  kind: SessionKind,
  accountId: string,
  known: string | null,
  days: number,
): Promise<SignedInDevice> {
  if (known) {
    await db.query(
      `update device_credentials set last_used_at = now(), expires_at = now() + make_interval(days => $2)
        where token_hash = $1`,
      [known, days],
    );
    return { tokenHash: known };
  }
  const deviceToken = newToken();
  const tokenHash = hashToken(deviceToken);
  await db.query(
    `insert into device_credentials (token_hash, kind, ${SUBJECT_COLUMN[kind]}, expires_at)
     values ($1, $2, $3, now() + make_interval(days => $4))`,
    [tokenHash, kind, accountId, days],
  );
  return { tokenHash, deviceToken };
}

/** A credential with this many failures is spent: deleted, its browser an unknown device again (its sessions stay). */
export async function deleteIfLockedOut(db: Queryable, tokenHash: string, failures: number, lockout: number) {
  if (failures < lockout) return;
  await db.query('delete from device_credentials where token_hash = $1 and failures >= $2', [tokenHash, lockout]);
}

const ACCOUNT_TABLE: Record<SessionKind, string> = { customer: 'users', admin: 'admins' };

/**
 * The signed-in account's email and the device credential its session signed in with (null: none, or deleted
 * since), for a password or code typed in the session; null when the account is gone.
 */
export async function sessionAccount(
  db: Queryable,
  { kind, subjectId, tokenHash }: Session,
): Promise<{ email: string; device: string | null } | null> {
  const { rows } = await db.query<{ email: string; device: string | null }>(
    `select a.email, s.device_token_hash as device from ${ACCOUNT_TABLE[kind]} a
       left join sessions s on s.token_hash = $2
      where a.id = $1`,
    [subjectId, tokenHash],
  );
  return rows[0] ?? null;
}
