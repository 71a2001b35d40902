import QRCode from 'qrcode';

import { SECOND_FACTOR_TOTP } from '#contract/secondFactor';

import type { Db, Queryable } from '../../db/db';
import { HttpError } from '../../lib/errors';
import { hashToken } from '../../lib/secrets';
import { sessionRefused } from '../accounts/sessionAuth';
import type { Session } from '../accounts/sessions';
import { enqueueMail } from '../mail/mailQueue';
import { secondFactorEnrolledEmail, secondFactorResetEmail } from './secondFactorEmails';
import {
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  openSecret,
  sealSecret,
  totpStepOf,
  totpUri,
} from './totp';

/**
 * The admins' second factor in the database: enrolment (a pending secret confirmed by a code, then ten recovery
 * codes), accepting a code once (a TOTP step only after the last accepted one, a recovery code only unused, each
 * in one conditional statement), and the fresh check sensitive actions want.
 */

/** A code is wanted (the sign-in's 401, or a sensitive action's 403). */
export const CODE_WANTED = 'Enter the code from your authenticator app';
export const WRONG_CODE =
  'That code is not valid. Enter the newest code from your authenticator app, or a recovery code';
export const FRESH_CODE_WANTED = 'Confirm it is you: enter a code from your authenticator app to do this';

export const secondFactorWanted = (status: 401 | 403, message: string) =>
  new HttpError(status, message, { secondFactor: SECOND_FACTOR_TOTP });

/**
 * Takes a six-digit code of the admin's secret, or one of its unused recovery codes, and uses it up: true when it
 * was accepted. A TOTP code is refused when its step is not later than the last accepted one (no replay, on any
 * server: one conditional update).
 */
export async function acceptSecondFactor(
  db: Queryable,
  adminId: string,
  storedSecret: string,
  key: Buffer | null,
  code: string,
): Promise<boolean> {
  const typed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(typed)) {
    const step = totpStepOf(openSecret(storedSecret, key), typed);
    if (step === null) return false;
    const { rowCount } = await db.query(
      `update admins set totp_last_step = $2
        where id = $1 and totp_secret is not null and (totp_last_step is null or totp_last_step < $2)`,
      [adminId, step],
    );
    return rowCount > 0;
  }
  const recovery = normaliseRecoveryCode(typed);
  if (!recovery) return false;
  const { rowCount } = await db.query(
    `update admin_recovery_codes set used_at = now() where admin_id = $1 and code_hash = $2 and used_at is null`,
    [adminId, hashToken(recovery)],
  );
  return rowCount > 0;
}

const ALREADY_ENROLLED =
  'You already have a second factor. To replace it, an operator runs: npm run admin -- reset-2fa EMAIL';

/**
 * A new secret for the enrolment screen, kept pending on this enrol-only session's row until a code of it confirms
 * it: each session that asks has its own, so a later setup in another session (someone else who knows the
 * password) replaces nothing of this one.
 */
export async function startEnrolment(db: Queryable, session: Session, key: Buffer | null) {
  const secret = newTotpSecret();
  const { rows } = await db.query<{ email: string }>(
    `update sessions s set totp_pending_secret = $2 from admins a
      where s.token_hash = $1 and s.enrol_only and a.id = s.admin_id and a.totp_secret is null
      returning a.email`,
    [session.tokenHash, sealSecret(secret, key)],
  );
  if (!rows[0]) throw new HttpError(409, ALREADY_ENROLLED);
  const otpauthUrl = totpUri(secret, rows[0].email);
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Confirms this session's pending secret with a code of it: it becomes the admin's, ten recovery codes are made
 * (answered this once, kept as hashes), this session opens everything with its second factor passed now, the
 * admin's other enrol-only sessions end (their pending secrets with them), and the admin is emailed. Null when the
 * code is not one of the pending secret (nothing changes). The admin's row is locked first, so of two sessions
 * confirming at once the second waits, then finds itself ended (401).
 */
export async function confirmEnrolment(
  db: Db,
  session: Session,
  key: Buffer | null,
  code: string,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const { rows: admins } = await tx.query<{ email: string; totp_secret: string | null }>(
      'select email, totp_secret from admins where id = $1 for update',
      [session.subjectId],
    );
    // Read after the lock: a session another confirmation ended meanwhile is seen ended.
    const { rows: sessions } = await tx.query<{ totp_pending_secret: string | null }>(
      'select totp_pending_secret from sessions where token_hash = $1 and revoked_at is null',
      [session.tokenHash],
    );
    const admin = admins[0];
    if (!admin || !sessions[0]) throw sessionRefused('admin');
    if (admin.totp_secret) throw new HttpError(409, ALREADY_ENROLLED);
    const pending = sessions[0].totp_pending_secret;
    if (!pending) throw new HttpError(409, 'Start the enrolment first (POST /api/admin/2fa/setup)');
    const step = totpStepOf(openSecret(pending, key), code.replace(/\s/g, ''));
    if (step === null) return null;
    await tx.query('update admins set totp_secret = $2, totp_last_step = $3 where id = $1', [
      session.subjectId,
      pending,
      step,
    ]);
    const codes = newRecoveryCodes();
    await tx.query('delete from admin_recovery_codes where admin_id = $1', [session.subjectId]);
    await tx.query('insert into admin_recovery_codes (admin_id, code_hash) select $1, unnest($2::text[])', [
      session.subjectId,
      codes.map((c) => hashToken(c)),
    ]);
    await tx.query(
      `update sessions set enrol_only = false, second_factor_at = now(), totp_pending_secret = null
        where token_hash = $1`,
      [session.tokenHash],
    );
    await tx.query(
      `update sessions set revoked_at = now(), totp_pending_secret = null
        where admin_id = $1 and enrol_only and revoked_at is null and token_hash <> $2`,
      [session.subjectId, session.tokenHash],
    );
    await enqueueMail(tx, { staffAddress: admin.email }, secondFactorEnrolledEmail({ email: admin.email }));
    return codes;
  });
}

/** Records that this session passed a code now (sensitive actions want it recent). */
export async function markSecondFactorPassed(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('update sessions set second_factor_at = now() where token_hash = $1', [tokenHash]);
}

/** Refuses (403, wanting a code) a sensitive action when this session's last code is older than `minutes`. */
export function requireFreshSecondFactor(session: Session, minutes: number): void {
  const at = session.secondFactorAt?.getTime();
  if (at === undefined || Date.now() - at > minutes * 60_000) throw secondFactorWanted(403, FRESH_CODE_WANTED);
}

/**
 * Gives an admin with no second factor this secret (ADMIN_TOTP_SECRET at start): answers whether it was set. One
 * that already has one keeps it, as a configured admin keeps its password.
 */
export async function enrolWithSecret(db: Queryable, email: string, secret: string, key: Buffer | null) {
  const { rowCount } = await db.query(
    'update admins set totp_secret = $2 where lower(email) = lower($1) and totp_secret is null',
    [email, sealSecret(secret, key)],
  );
  return rowCount > 0;
}

/**
 * Clears an admin's second factor (a lost device: `npm run admin -- reset-2fa EMAIL`), ends its sessions (and any
 * enrolment under way) and emails the admin, who enrols again at their next sign-in. Answers the admin's email, or
 * throws 404.
 */
export async function resetSecondFactor(db: Db, email: string, { publicUrl }: { publicUrl: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; email: string }>(
      `update admins set totp_secret = null, totp_last_step = null
        where lower(email) = lower($1) returning id, email`,
      [email.trim()],
    );
    const admin = rows[0];
    if (!admin) throw new HttpError(404, `No admin has the email ${email.trim().toLowerCase()}`);
    await tx.query('delete from admin_recovery_codes where admin_id = $1', [admin.id]);
    await tx.query(
      `update sessions set revoked_at = coalesce(revoked_at, now()), totp_pending_secret = null
        where admin_id = $1 and (revoked_at is null or totp_pending_secret is not null)`,
      [admin.id],
    );
    await enqueueMail(tx, { staffAddress: admin.email }, secondFactorResetEmail({ email: admin.email, publicUrl }));
    return admin.email;
  });
}
