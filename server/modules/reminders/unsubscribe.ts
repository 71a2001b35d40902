import type { Queryable } from '../../db/db';

/** Turns reminder emails off for the holder of an unsubscribe link; false for an unknown token. */
export async function unsubscribeReminders(db: Queryable, token: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'update users set reminder_emails = false, updated_at = now() where unsubscribe_token = $1',
    [token],
  );
  return rowCount > 0;
}
