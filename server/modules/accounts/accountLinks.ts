import type { Queryable } from '../../db/db';
import { hashToken, newToken } from '../../lib/secrets';
import { enqueueMail, type MailContent, type MailRecipient } from '../mail/mailQueue';

/**
 * Single-use links sent to a customer's address (a password reset, an email verification): the token goes only
 * into the email; its table keeps its SHA-256, the account, when it expires and when it was used.
 */
export type LinkTable = 'password_resets' | 'email_verifications';

/** Makes a link valid for `minutes` and records it (with `columns` of the table's own); answers its token. */
export async function issueLink(
  tx: Queryable,
  table: LinkTable,
  userId: string,
  minutes: number,
  columns: Record<string, string> = {},
): Promise<string> {
  const token = newToken();
  const names = Object.keys(columns);
  await tx.query(
    `insert into ${table} (token_hash, user_id, expires_at${names.map((n) => `, ${n}`).join('')})
     values ($1, $2, now() + make_interval(mins => $3)${names.map((_, i) => `, $${i + 4}`).join('')})`,
    [hashToken(token), userId, minutes, ...Object.values(columns)],
  );
  return token;
}

/**
 * Makes a link (as issueLink) and queues its email to `to`, in the caller's transaction. When the mail gate keeps the
 * email back (the address's cap reached), the link is withdrawn at once: only links that were emailed exist, and
 * the answer is the same either way. Answers whether the email was queued.
 */
export async function mailLink(
  tx: Queryable,
  link: { table: LinkTable; userId: string; minutes: number; columns?: Record<string, string> },
  to: MailRecipient,
  mail: (token: string) => MailContent,
): Promise<boolean> {
  const token = await issueLink(tx, link.table, link.userId, link.minutes, link.columns);
  if ((await enqueueMail(tx, to, mail(token))) !== null) return true;
  await tx.query(`delete from ${link.table} where token_hash = $1`, [hashToken(token)]);
  return false;
}

/**
 * Uses a live link (not used, not expired): marks it used, and with it every other live link of the same table for
 * the account, older or newer. Answers the link's row, or null when the token names no live link.
 */
export async function redeemLink<Row extends { user_id: string }>(
  tx: Queryable,
  table: LinkTable,
  token: string,
): Promise<Row | null> {
  const { rows } = await tx.query<Row>(
    `update ${table} set used_at = now() where token_hash = $1 and used_at is null and expires_at > now()
     returning *`,
    [hashToken(token)],
  );
  const link = rows[0];
  if (!link) return null;
  await tx.query(`update ${table} set used_at = now() where user_id = $1 and used_at is null`, [link.user_id]);
  return link;
}
