import { sql } from 'kysely';

import type { Preferences } from '#contract/preferences';

import type { Queryable } from '../db/db';
import { qb, rowsOf, run } from '../db/queryBuilder';
import { newToken } from './secrets';

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

/** The customer's calendar feed token, made on first use. */
export async function feedToken(db: Queryable, userId: string): Promise<string> {
  const [user] = await rowsOf(
    db,
    qb
      .updateTable('users')
      .set((eb) => ({ feed_token: eb.fn.coalesce('feed_token', eb.val(newToken())) }))
      .where('id', '=', userId)
      .returning('feed_token'),
  );
  return user.feed_token!;
}

/** A new feed token: the old feed address answers 404 from now on. */
export async function rotateFeedToken(db: Queryable, userId: string): Promise<string> {
  const [user] = await rowsOf(
    db,
    qb.updateTable('users').set({ feed_token: newToken() }).where('id', '=', userId).returning('feed_token'),
  );
  return user.feed_token!;
}

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
