import { sql } from 'kysely';

import { RESET_LINK_MINUTES } from '#contract/fields';

import type { RecipientCap } from '../../config/config';
import type { Db } from '../../db/db';
import { emailIs, qb, rowsOf, run } from '../../db/queryBuilder';
import { HttpError } from '../../lib/errors';
import { hashPassword, hashToken } from '../../lib/secrets';
import { passwordResetEmail } from './accountEmails';
import { mailLink, redeemLink } from './accountLinks';
import { endLinkTokens } from './linkTokens';
import { weakPasswordProblem } from './passwordPolicy';
import { revokeAllSessions } from './sessions';
import { endSignInThrottle } from './signInThrottle';

/**
 * Queues an email with a single-use link valid for 15 minutes; the worker delivers it later, so
 * the answer never waits on (or fails with) the mail server. A known and an unknown email take the
 * same path (one transaction, one lookup) and get the same answer, so neither the
 * answer nor its timing tells which addresses have accounts; only a known one gets a link, and only while its
 * address's cap of verification and reset emails allows (past it, the same answer and nothing sent).
 */
export async function requestPasswordReset(
  db: Db,
  { publicUrl, cap }: { publicUrl: string; cap: RecipientCap },
  email: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await rowsOf(tx, qb.selectFrom('users').select('id').where(emailIs(email)));
    if (!user) return;
    await mailLink(
      tx,
      { table: 'password_resets', userId: user.id, minutes: RESET_LINK_MINUTES },
      { account: user.id, kind: 'passwordReset', cap },
      (token) => passwordResetEmail({ url: `${publicUrl}/resetpass/${token}` }),
    );
  });
}

export const RESET_LINK_INVALID = 'This reset link has expired or has already been used. Ask for a new one.';

/**
 * Uses the link (once, ending the account's other links), sets the password, signs the user out everywhere else,
 * ends the calendar feed's address and every unsubscribe link (whoever held the account may hold them), and ends the
 * account's sign-in throttle. Its device credentials stay (decision 0041): the owner's browsers remain known.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  // A refused password leaves the link unused, so the user can try another one with it.
  const [link] = await rowsOf(
    db,
    qb
      .selectFrom('password_resets as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('u.email')
      .where('r.token_hash', '=', hashToken(token))
      .where('r.used_at', 'is', null)
      .where('r.expires_at', '>', sql<Date>`now()`),
  );
  if (!link) throw new HttpError(400, RESET_LINK_INVALID);
  const weak = weakPasswordProblem(password, link.email);
  if (weak) throw new HttpError(400, weak);
  // Hash first: the slow KDF stays outside the transaction, which then commits all or nothing.
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const used = await redeemLink(tx, 'password_resets', token);
    if (!used) throw new HttpError(400, RESET_LINK_INVALID);
    const userId = used.user_id;
    await run(
      tx,
      qb
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: sql`now()` })
        .where('id', '=', userId),
    );
    await revokeAllSessions(tx, 'customer', userId);
    await endLinkTokens(tx, userId);
    // Whoever was guessing now guesses at a new password: the throttle of unknown devices ends at once.
    await endSignInThrottle(tx, 'customer', link.email);
  });
}
