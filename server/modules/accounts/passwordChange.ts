import type { FastifyInstance } from 'fastify';

import { CURRENT_PASSWORD_WRONG, type ChangePasswordBody } from '#contract/sessions';

import type { Db } from '../../db/db';
import { HttpError } from '../../lib/errors';
import { hashPassword } from '../../lib/secrets';
import { enqueueMail, type MailRecipient } from '../mail/mailQueue';
import { passwordChangedEmail } from './accountEmails';
import { sessionAccount } from './deviceCredentials';
import { newPasswordProblem } from './passwordPolicy';
import { sessionRefused } from './sessionAuth';
import { revokeOtherSessions, type Session, type SessionKind } from './sessions';
import {
  checkPassword,
  clearSignInFailures,
  endSignInThrottle,
  type FailureNotice,
  type ThrottleSettings,
} from './signInThrottle';

/**
 * A signed-in person's change of their own password, customers (PUT /api/auth/password) and admins
 * (PUT /api/admin/password) alike. The current password goes through the account's sign-in throttle, so a stolen
 * session cannot guess it faster than sign-in could. The change ends every other session of the account (a thief
 * holding one is out) and keeps this one; the owner is told by email, in the same transaction. The calendar feed's
 * address and the unsubscribe links stay (decision 0036); a reset, by contrast, replaces them.
 */

/** Where each kind's password is kept; a customer's row also notes when it last changed. */
const ACCOUNT_TABLE: Record<SessionKind, { table: string; touched: string }> = {
  customer: { table: 'users', touched: ', updated_at = now()' },
  admin: { table: 'admins', touched: '' },
};

export interface PasswordCheckSettings {
  throttle: ThrottleSettings;
  notice: FailureNotice;
}

/** The sign-in throttle's settings, and the mail worker woken for a notice queued (sign-in and change alike). */
export const passwordCheckSettings = (app: FastifyInstance): PasswordCheckSettings => ({
  throttle: app.config.signInThrottle,
  notice: { publicUrl: app.config.publicUrl, onQueued: () => app.mailWorker.kick() },
});

/**
 * A signed-in person typing their own password again (to change it, or to delete their account), checked through
 * the account's sign-in throttle: a stolen session cannot guess it faster than sign-in could, from any number of
 * addresses. Wrong: 403 with `wrongMessage`, not the sign-in's 401, because the session is alive and the SPA drops
 * its token on a 401. Right: the failure count starts again, and the account's email is answered.
 */
export async function confirmOwnPassword(
  db: Db,
  session: Session,
  password: string,
  settings: PasswordCheckSettings,
  wrongMessage: string,
): Promise<string> {
  const { kind } = session;
  const signedIn = await sessionAccount(db, session);
  if (signedIn === null) throw sessionRefused(kind);
  const { email, device } = signedIn;
  // The session's device credential, when it has one, is the count (decision 0041): the owner's own session is not
  // held by an attacker's failures, and a stolen one guesses no faster than its browser's sign-ins could.
  const { lookup } = await checkPassword(
    db,
    kind,
    { email, password },
    settings.throttle,
    settings.notice,
    device,
  ).catch((err: unknown) => {
    throw err instanceof HttpError && err.statusCode === 401 ? new HttpError(403, wrongMessage) : err;
  });
  await clearSignInFailures(db, kind, lookup);
  return email;
}

export async function changeOwnPassword(
  db: Db,
  session: Session,
  { currentPassword, newPassword }: ChangePasswordBody,
  settings: PasswordCheckSettings,
): Promise<void> {
  const { kind, subjectId } = session;
  const { table, touched } = ACCOUNT_TABLE[kind];
  const email = await confirmOwnPassword(db, session, currentPassword, settings, CURRENT_PASSWORD_WRONG);
  const weak = newPasswordProblem(newPassword, email);
  if (weak) throw new HttpError(400, weak);
  // Hash first: the slow KDF stays outside the transaction, which then commits all or nothing.
  const passwordHash = await hashPassword(newPassword);
  const queued = await db.transaction(async (tx) => {
    await tx.query(`update ${table} set password_hash = $2${touched} where id = $1`, [subjectId, passwordHash]);
    await revokeOtherSessions(tx, session);
    await endSignInThrottle(tx, kind, email);
    const notice = passwordChangedEmail({ accountKind: kind, email, publicUrl: settings.notice.publicUrl });
    // A customer's notice passes the mail gate (a verified address); an admin's goes as staff mail does.
    const to: MailRecipient =
      kind === 'customer' ? { account: subjectId, kind: 'passwordChanged' } : { staffAddress: email };
    return (await enqueueMail(tx, to, notice)) !== null;
  });
  if (queued) settings.notice.onQueued();
}
