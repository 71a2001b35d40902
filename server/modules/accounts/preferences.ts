import { sql } from 'kysely';

import type { Preferences } from '#contract/preferences';

import type { Queryable } from '../../db/db';
import { qb, rowsOf, run } from '../../db/queryBuilder';

export async function getPreferences(db: Queryable, userId: string): Promise<Preferences> {
  const [preferences] = await rowsOf(
    db,
    qb
      .selectFrom('users')
      .select(['time_zone as timeZone', 'reminder_emails as reminderEmails', 'order_emails as orderEmails'])
      .where('id', '=', userId),
  );
  return preferences;
}

/**
 * Sets the preferences given (the others keep their value). A new time zone moves every due day, so
 * the reminder sweep decides each of the customer's occasions again at its next run.
 */
export async function updatePreferences(db: Queryable, userId: string, changes: Partial<Preferences>): Promise<void> {
  if (Object.values(changes).every((v) => v === undefined)) return;
  // Kysely leaves out of the SET list the columns whose value is undefined: those keep what they hold.
  const [updated] = await rowsOf(
    db,
    qb
      .with('old', (q) => q.selectFrom('users').select('time_zone').where('id', '=', userId).forUpdate())
      .updateTable('users as u')
      .set({
        time_zone: changes.timeZone,
        reminder_emails: changes.reminderEmails,
        order_emails: changes.orderEmails,
        updated_at: sql`now()`,
      })
      .from('old')
      .where('u.id', '=', userId)
      .returning(sql<boolean>`u.time_zone <> old.time_zone`.as('zone_changed')),
  );
  if (updated?.zone_changed) {
    await run(
      db,
      qb
        .updateTable('occasions')
        .set({ next_check_at: sql`now()` })
        .where('user_id', '=', userId),
    );
  }
}
