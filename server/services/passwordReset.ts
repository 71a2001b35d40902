import { RESET_LINK_MINUTES } from '@/contract/fields';
import type { Db } from '../db/db';
import { HttpError } from '../errors';
import type { Mailer } from './mailer';
import { weakPasswordProblem } from './passwordPolicy';
import { hashPassword, hashToken, newToken } from './secrets';
import { revokeAllSessions } from './sessions';

/**
 * Emails a single-use link valid for 15 minutes. Unknown emails get the same answer and no mail,
 * so the form cannot be used to test which addresses have accounts.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  email: string,
): Promise<void> {
  const { rows } = await db.query<{ id: string; email: string }>(
    'select id, email from users where lower(email) = lower($1)',
    [email],
  );
  const user = rows[0];
  if (!user) return;
  const token = newToken();
  await db.query(
    `insert into password_resets (token_hash, user_id, expires_at)
     values ($1, $2, now() + make_interval(mins => $3))`,
    [hashToken(token), user.id, RESET_LINK_MINUTES],
  );
  const link = `${publicUrl}/resetpass/${token}`;
  await mailer.send({
    to: user.email,
    subject: 'Reset your Giftwise password',
    text: [
      'Someone asked to reset the password of your Giftwise account.',
      '',
      `Set a new password here: ${link}`,
      '',
      `The link works once and expires in ${RESET_LINK_MINUTES} minutes.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  });
}

export const RESET_LINK_INVALID = 'This reset link has expired or has already been used. Ask for a new one.';

/** Uses the link (once), sets the password and signs the user out everywhere else. */
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
    await tx.query('update users set password_hash = $2, updated_at = now() where id = $1', [userId, passwordHash]);
    await revokeAllSessions(tx, 'customer', userId);
  });
}
