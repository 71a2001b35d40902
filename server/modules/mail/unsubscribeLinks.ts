import type { Queryable } from '../../db/db';
import { hashToken, newToken } from '../../lib/secrets';

/**
 * Unsubscribe links (docs/decisions/0013): a new one in every email that offers it, its token only in that email,
 * the database keeping its SHA-256 until it expires. A link can only turn reminder emails off, so it stays usable
 * (a second click changes nothing) until it expires or the password is reset. Used by reminders/unsubscribe.ts.
 */
export const UNSUBSCRIBE_LINK_DAYS = 90;

/** The address of a new unsubscribe link for an email to the customer, recorded in the caller's transaction. */
export async function newUnsubscribeUrl(tx: Queryable, userId: string, publicUrl: string): Promise<string> {
  const token = newToken();
  await tx.query(
    `insert into unsubscribe_links (token_hash, user_id, expires_at)
     values ($1, $2, now() + make_interval(days => ${UNSUBSCRIBE_LINK_DAYS}))`,
    [hashToken(token), userId],
  );
  return `${publicUrl}/api/reminders/unsubscribe/${token}`;
}

/** The headers of an email that carries an unsubscribe link: one click, no sign-in (RFC 8058). */
export const unsubscribeHeaders = (unsubscribeUrl: string) => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
