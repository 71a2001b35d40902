import { RESET_LINK_MINUTES } from '#contract/fields';

import type { Db } from '../../db/db';
import { HttpError } from '../../lib/errors';
import { hashPassword, hashToken, newToken } from '../../lib/secrets';
import { enqueueMail } from '../mail/mailQueue';
import { weakPasswordProblem } from './passwordPolicy';
import { revokeAllSessions } from './sessions';

/**
 * Queues an email with a single-use link valid for 15 minutes; the worker delivers it later, so
 * the answer never waits on (or fails with) the mail server. A known and an unknown email take the
 * same path (a token made, one transaction, one lookup) and get the same answer, so neither the
 * answer nor its timing tells which addresses have accounts; only a known one gets a link.
 */
export async function requestPasswordReset(db: Db, publicUrl: string, email: string): Promise<void> {
  const token = newToken();
  const tokenHash = hashToken(token);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; email: string }>(
      'select id, email from users where lower(email) = lower($1)',
      [email],
    );
    const user = rows[0];
    if (!user) return;
    await tx.query(
      `insert into password_resets (token_hash, user_id, expires_at)
       values ($1, $2, now() + make_interval(mins => $3))`,
      [tokenHash, user.id, RESET_LINK_MINUTES],
    );
    await enqueueMail(tx, {
      to: user.email,
      subject: 'Reset your Giftwise password',
      text: [
        'Someone asked to reset the password of your Giftwise account.',
        '',
        `Set a new password here: ${publicUrl}/resetpass/${token}`,
        '',
        `The link works once and expires in ${RESET_LINK_MINUTES} minutes.`,
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ].join('\n'),
    });
  });
}

export const RESET_LINK_INVALID = 'This reset link has expired or has already been used. Ask for a new one.';

/** Uses the link (once, ending the account's other links), sets the password and signs the user out everywhere else. */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  // A refused password leaves the link unused, so the user can try another one with it.
  const { rows: links } = await db.query<{ email: string }>(
    `select u.email from password_resets r join users u on u.id = r.user_id
     where r.token_hash = $1 and r.used_at is null and r.expires_at > now()`,
    [hashToken(token)],
  );
  if (!links[0]) throw new HttpError(400, RESET_LINK_INVALID);
  const weak = weakPasswordProblem(password, links[0].email);
  if (weak) throw new HttpError(400, weak);
  // Hash first: the slow KDF stays outside the transaction, which then commits all or nothing.
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string }>(
      `update password_resets set used_at = now()
       where token_hash = $1 and used_at is null and expires_at > now()
       returning user_id`,
      [hashToken(token)],
    );
    if (!rows[0]) throw new HttpError(400, RESET_LINK_INVALID);
    const userId = rows[0].user_id;
    // One link used ends every other link of the account, older or newer.
    await tx.query('update password_resets set used_at = now() where user_id = $1 and used_at is null', [userId]);
    await tx.query('update users set password_hash = $2, updated_at = now() where id = $1', [userId, passwordHash]);
    await revokeAllSessions(tx, 'customer', userId);
  });
}
