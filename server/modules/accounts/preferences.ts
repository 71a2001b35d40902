import type { Preferences } from '#contract/preferences';

import type { Queryable } from '../../db/db';

const COLUMNS: { readonly [F in keyof Preferences]: string } = {
  timeZone: 'time_zone',
  reminderEmails: 'reminder_emails',
  orderEmails: 'order_emails',
};
const FIELDS = Object.keys(COLUMNS) as (keyof Preferences)[];

export async function getPreferences(db: Queryable, userId: string): Promise<Preferences> {
  const { rows } = await db.query<Preferences>(
    `select ${FIELDS.map((f) => `${COLUMNS[f]} as "${f}"`).join(', ')} from users where id = $1`,
    [userId],
  );
  return rows[0];
}

/**
 * Sets the preferences given (the others keep their value). A new time zone moves every due day, so
 * the reminder sweep decides each of the customer's occasions again at its next run.
 */
export async function updatePreferences(db: Queryable, userId: string, changes: Partial<Preferences>): Promise<void> {
  const given = FIELDS.filter((f) => changes[f] !== undefined);
  if (given.length === 0) return;
  const { rows } = await db.query<{ zone_changed: boolean }>(
    `with old as (select time_zone from users where id = $1 for update)
     update users u set ${given.map((f, i) => `${COLUMNS[f]} = $${i + 2}`).join(', ')}, updated_at = now()
       from old where u.id = $1
     returning u.time_zone <> old.time_zone as zone_changed`,
    [userId, ...given.map((f) => changes[f])],
  );
  if (rows[0]?.zone_changed) {
    await db.query('update occasions set next_check_at = now() where user_id = $1', [userId]);
  }
}
