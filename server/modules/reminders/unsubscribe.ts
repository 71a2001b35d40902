import { sql } from 'kysely';

import type { Queryable } from '../../db/db';
import { qb, run } from '../../db/queryBuilder';

/** Turns reminder emails off for the holder of an unsubscribe link; false for an unknown token. */
export async function unsubscribeReminders(db: Queryable, token: string): Promise<boolean> {
  const { rowCount } = await run(
    db,
    qb
      .updateTable('users')
      .set({ reminder_emails: false, updated_at: sql`now()` })
      .where('unsubscribe_token', '=', token),
  );
  return rowCount > 0;
}
