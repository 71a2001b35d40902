import type { Preferences } from '#contract/preferences';

import type { Queryable } from '../db/db';
import { newToken } from './secrets';

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

/** The customer's calendar feed token, made on first use. */
export async function feedToken(db: Queryable, userId: string): Promise<string> {
  const { rows } = await db.query<{ feed_token: string }>(
    'update users set feed_token = coalesce(feed_token, $2) where id = $1 returning feed_token',
    [userId, newToken()],
  );
  return rows[0].feed_token;
}

/** A new feed token: the old feed address answers 404 from now on. */
export async function rotateFeedToken(db: Queryable, userId: string): Promise<string> {
  const { rows } = await db.query<{ feed_token: string }>(
    'update users set feed_token = $2 where id = $1 returning feed_token',
    [userId, newToken()],
  );
  return rows[0].feed_token;
}

/** Turns reminder emails off for the holder of an unsubscribe link; false for an unknown token. */
export async function unsubscribeReminders(db: Queryable, token: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'update users set reminder_emails = false, updated_at = now() where unsubscribe_token = $1',
    [token],
  );
  return rowCount > 0;
}
