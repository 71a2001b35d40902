import { sql } from 'kysely';

import type { Preferences } from '#contract/preferences';

import type { Db, Queryable } from '../../db/db';
import { qb, rowsOf, run } from '../../db/queryBuilder';
import { HttpError } from '../../lib/errors';
import { enqueueMail } from '../mail/mailQueue';
import { newUnsubscribeUrl } from '../mail/unsubscribeLinks';
import { remindersOnAgainEmail } from './accountEmails';

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

const TURNED_OFF_BY_LINK = 'Reminder emails were turned off from an email link. To turn them on again,';

/**
 * After an unsubscribe link turned reminder emails off, only the address's owner may turn them on again (issue 21):
 * from a session signed in within `freshMinutes`, for a verified address. Then the address is told, by an email
 * queued in the caller's transaction. Nothing to check when they were not turned off by a link.
 */
async function resubscribe(
  tx: Queryable,
  { userId, sessionTokenHash, freshMinutes, publicUrl }: ResubscribeCheck & { userId: string },
): Promise<void> {
  const { rows } = await tx.query<{
    unsubscribed: boolean;
    verified: boolean;
    fresh: boolean;
    email: string;
    name: string;
  }>(
    `select u.reminders_unsubscribed_at is not null as unsubscribed, u.email_verified_at is not null as verified,
            s.created_at > now() - make_interval(mins => $3) as fresh, u.email, u.name
       from users u join sessions s on s.token_hash = $2 and s.user_id = u.id
      where u.id = $1 for no key update of u`,
    [userId, sessionTokenHash, freshMinutes],
  );
  const user = rows[0];
  if (!user?.unsubscribed) return;
  if (!user.verified) throw new HttpError(403, `${TURNED_OFF_BY_LINK} first verify your email address.`);
  if (!user.fresh) {
    throw new HttpError(403, `${TURNED_OFF_BY_LINK} sign in again (within ${freshMinutes} minutes) and try again.`);
  }
  const unsubscribe = await newUnsubscribeUrl(tx, userId, publicUrl);
  await enqueueMail(
    tx,
    { account: userId, kind: 'remindersOnAgain' },
    remindersOnAgainEmail({ name: user.name, unsubscribeUrl: unsubscribe, publicUrl }),
  );
}

/** What turning reminder emails back on checks: the caller's session, and the settings it is checked by. */
export interface ResubscribeCheck {
  sessionTokenHash: string;
  freshMinutes: number;
  publicUrl: string;
}

/**
 * Sets the preferences given (the others keep their value), in one transaction. A new time zone moves every due
 * day, so the reminder sweep decides each of the customer's occasions again at its next run. Turning reminder
 * emails on is refused (403) after an unsubscribe link, unless resubscribe() allows it.
 */
export async function updatePreferences(
  db: Db,
  userId: string,
  changes: Partial<Preferences>,
  check: ResubscribeCheck,
): Promise<void> {
  if (Object.values(changes).every((v) => v === undefined)) return;
  await db.transaction(async (tx) => {
    if (changes.reminderEmails === true) await resubscribe(tx, { ...check, userId });
    await writePreferences(tx, userId, changes);
  });
}

async function writePreferences(db: Queryable, userId: string, changes: Partial<Preferences>): Promise<void> {
  // Kysely leaves out of the SET list the columns whose value is undefined: those keep what they hold.
  const [updated] = await rowsOf(
    db,
    qb
      .with('old', (q) => q.selectFrom('users').select('time_zone').where('id', '=', userId).forUpdate())
      .updateTable('users as u')
      .set({
        time_zone: changes.timeZone,
        reminder_emails: changes.reminderEmails,
        // On again, by whoever resubscribe() allowed: the next link unsubscribes afresh.
        reminders_unsubscribed_at: changes.reminderEmails === true ? null : undefined,
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
