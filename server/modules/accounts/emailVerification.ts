import type { MailStatus } from '#contract/emailVerification';

import type { RecipientCap } from '../../config/config';
import type { Db, Queryable } from '../../db/db';
import { HttpError } from '../../lib/errors';
import { BUDGET_DAY_SQL } from '../mail/mailQueue';
import { verificationEmail } from './accountEmails';
import { mailLink, redeemLink } from './accountLinks';

export { VERIFICATION_SUBJECT } from './accountEmails';

/**
 * Proof that a customer reads their address: a single-use link emailed at sign-up (and on request). Until it is
 * opened, users.email_verified_at stays null and the mail gate (mail/mailQueue.ts) sends nothing else there but
 * password resets.
 */

export const VERIFY_LINK_INVALID =
  'This verification link has expired or has already been used. Ask for a new one from your profile.';
export const ALREADY_VERIFIED = 'Your email address is already verified.';

export interface VerificationLinkSettings {
  publicUrl: string;
  linkHours: number;
  /** The address's cap of verification and reset emails (RECIPIENT_MAIL_HOURLY_LIMIT and _DAILY_LIMIT). */
  cap: RecipientCap;
}

/**
 * Queues a new verification link to the account's address, in the caller's transaction, unless the address's cap
 * is reached (then nothing is sent, and the caller answers as if it were). Answers false when there is nothing to
 * verify (the address is verified already).
 */
export async function sendVerificationLink(
  tx: Queryable,
  userId: string,
  { publicUrl, linkHours, cap }: VerificationLinkSettings,
): Promise<boolean> {
  const { rows } = await tx.query<{ email: string }>(
    'select email from users where id = $1 and email_verified_at is null',
    [userId],
  );
  if (rows.length === 0) return false;
  // The address goes with the link: one opened after the account's address changed verifies nothing.
  await mailLink(
    tx,
    { table: 'email_verifications', userId, minutes: linkHours * 60, columns: { email: rows[0].email } },
    { account: userId, kind: 'verification', cap },
    (token) => verificationEmail({ url: `${publicUrl}/verify-email/${token}`, linkHours }),
  );
  return true;
}

/** Opens a verification link: once, and only for the address it was sent to. */
export async function verifyEmail(db: Db, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const link = await redeemLink<{ user_id: string; email: string }>(tx, 'email_verifications', token);
    if (!link) throw new HttpError(400, VERIFY_LINK_INVALID);
    const { rowCount } = await tx.query(
      `update users set email_verified_at = coalesce(email_verified_at, now()) where id = $1 and email = $2`,
      [link.user_id, link.email],
    );
    if (rowCount === 0) throw new HttpError(400, VERIFY_LINK_INVALID);
  });
}

/** Whether the address is verified, and what the daily mail budget held back today (the UTC day it counts). */
export async function mailStatus(db: Queryable, userId: string, dailyLimit: number): Promise<MailStatus> {
  const { rows } = await db.query<{ email: string; verified: boolean; held: number }>(
    `select u.email, u.email_verified_at is not null as verified,
            coalesce(b.held, 0) as held
       from users u
       left join mail_budgets b on b.user_id = u.id and b.day = ${BUDGET_DAY_SQL}
      where u.id = $1`,
    [userId],
  );
  const status = rows[0];
  if (!status) throw new HttpError(401, 'Please sign in again');
  return { success: true, email: status.email, verified: status.verified, heldToday: status.held, dailyLimit };
}
