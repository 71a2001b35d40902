import type { Queryable } from '../../db/db';
import { hashToken } from '../../lib/secrets';

/**
 * Turns reminder emails off for the holder of a live unsubscribe link (mail/unsubscribeLinks.ts), and notes when,
 * so they stay off until the address's owner turns them on from a fresh, verified session; false for an unknown,
 * expired or ended link.
 */
export async function unsubscribeReminders(db: Queryable, token: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `update users set reminder_emails = false, reminders_unsubscribed_at = now(), updated_at = now()
      where id = (select user_id from unsubscribe_links where token_hash = $1 and expires_at > now())`,
    [hashToken(token)],
  );
  return rowCount > 0;
}
