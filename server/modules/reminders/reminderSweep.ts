import type { FastifyBaseLogger } from 'fastify';

import type { DefaultOption } from '#contract/giftOptions';
import { leadTimeText, orderByDate, type LeadDays } from '#contract/leadTimes';
import { milestoneOf } from '#contract/milestones';

import type { Db, Queryable } from '../../db/db';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodicJob';
import { enqueueMail, type CustomerMailSettings } from '../mail/mailQueue';
import { newUnsubscribeUrl } from '../mail/unsubscribeLinks';
import { daysBetween, localDate, startOfDay } from '../occasions/calendarDays';
import { coveringOrderSql } from '../occasions/occasions';
import { decideReminder } from '../occasions/occurrences';
import { REMINDER_IDEAS_MAX, reminderEmail } from './reminderEmail';

/** Occasions decided per transaction: small, so locks are short and a crash loses little work. */
const BATCH = 100;

interface DueRow {
  id: string;
  user_id: string;
  person_id: string;
  recipient_name: string;
  birth_year: number | null;
  /** The person's default option: its lead time sets the occurrence's order-by day. */
  default_option: DefaultOption;
  /** The person's gift ideas not yet used, oldest first, at most REMINDER_IDEAS_MAX. */
  gift_ideas: string[];
  occasion: string;
  date: string;
  year_known: boolean;
  repeats_yearly: boolean;
  remind_days_before: number[];
  time_zone: string;
  reminder_emails: boolean;
  customer_name: string;
}

/**
 * Claims up to BATCH occasions whose next check has come. `skip locked`: another server's sweep running
 * at the same moment takes other rows instead of waiting, and never the same ones.
 *
 * Lock order (docs/decisions/0012): the run locks occasions and nothing a request locks before them; it
 * reads the customer's users row, the person's row and their gift ideas (what the email says, in this one
 * statement rather than one per occasion) without locking them, and writes only its own rows (next_check_at, reminder
 * records, unsubscribe links, queued mail) and, last, the customer's mail_budgets row (the mail gate's count).
 * The batch is decided in customer order, so runs on several servers take budget rows in one order, not a cycle. `for no key update`, not `for update`: an order placed for the occasion meanwhile
 * takes a key-share lock on it (the foreign key), which this lock leaves free.
 */
export const CLAIM_SQL = `select o.id::text as id, o.user_id::text as user_id, o.person_id::text as person_id,
         p.name as recipient_name, p.birth_year, p.default_option, p.gift_ideas, o.occasion, o.date::text as date, o.year_known,
         o.repeats_yearly, o.remind_days_before::int[] as remind_days_before,
         u.time_zone, u.reminder_emails, u.name as customer_name
    from (select * from occasions where next_check_at <= $1 order by next_check_at limit ${BATCH}
          for no key update skip locked) o
    cross join lateral (select time_zone, reminder_emails, name from users where id = o.user_id) u
    cross join lateral (
      select people.name, people.birth_year::int as birth_year, people.default_option,
             array(select i.text from gift_ideas i where i.person_id = people.id and i.used_at is null
                   order by i.created_at limit ${REMINDER_IDEAS_MAX}) as gift_ideas
        from people where people.id = o.person_id) p`;

const COVERED_SQL = coveringOrderSql({
  customer: '$1',
  occasionId: '$2',
  day: '$3',
  recipient: '$4',
  occasion: '$5',
});

/** What a run needs beyond the mail settings: `leadDays` (LEAD_DAYS_*), without which no order-by day is worked out. */
export interface ReminderSettings extends CustomerMailSettings {
  leadDays?: LeadDays;
}

/**
 * The days before an occurrence on which to remind: the customer's own and, when they asked for any, the order-by
 * day of the person's default option (the last day to order it in time; no second reminder when it is one of
 * theirs already, as a reminder is recorded once per occurrence and number of days).
 */
function reminderDays(row: DueRow, leadDays: LeadDays | undefined): number[] {
  const lead = leadDays?.[row.default_option] ?? 0;
  return lead > 0 && row.remind_days_before.length > 0 ? [...row.remind_days_before, lead] : row.remind_days_before;
}

export interface SweepResult {
  /** Occasions looked at. */
  checked: number;
  /** Reminder emails queued. */
  queued: number;
}

/**
 * Decides one occasion: queues its due reminder unless it was sent already, an order covers the
 * occurrence or the customer turned reminders off, then sets when to look at it next. In the caller's
 * transaction: the record of the reminder and its email are written together or not at all.
 */
async function decide(
  tx: Queryable,
  row: DueRow,
  now: Date,
  { publicUrl, dailyLimit, leadDays }: ReminderSettings,
): Promise<boolean> {
  const today = localDate(now, row.time_zone);
  const { due, nextDueDay } = decideReminder(
    { date: row.date, repeatsYearly: row.repeats_yearly, remindDaysBefore: reminderDays(row, leadDays) },
    today,
  );
  let queued = false;
  if (due && row.reminder_emails) {
    const covered = await tx.query(COVERED_SQL, [
      row.user_id,
      row.id,
      due.occurrence,
      row.recipient_name,
      row.occasion,
    ]);
    if (covered.rows.length === 0) {
      const { rowCount } = await tx.query(
        `insert into occasion_reminders (occasion_id, occurrence, days_before) values ($1, $2, $3)
         on conflict do nothing`,
        [row.id, due.occurrence, due.daysBefore],
      );
      if (rowCount === 1) {
        const mail = reminderEmail({
          customerName: row.customer_name,
          personId: row.person_id,
          personName: row.recipient_name,
          occasion: row.occasion,
          dateId: row.id,
          date: due.occurrence,
          milestone: milestoneOf(
            { occasion: row.occasion, date: row.date, yearKnown: row.year_known, birthYear: row.birth_year },
            due.occurrence,
          ),
          giftIdeas: row.gift_ideas,
          daysAway: daysBetween(today, due.occurrence),
          orderBy: leadDays
            ? {
                day: orderByDate(due.occurrence, row.default_option, leadDays),
                why: leadTimeText(row.default_option, leadDays),
              }
            : null,
          publicUrl,
          unsubscribeUrl: await newUnsubscribeUrl(tx, row.user_id, publicUrl),
        });
        // Recorded as decided either way: a reminder the gate holds back (an unverified address, the day's
        // budget spent) is not sent later.
        queued = (await enqueueMail(tx, { account: row.user_id, kind: 'reminder', dailyLimit }, mail)) !== null;
      }
    }
  }
  await tx.query('update occasions set next_check_at = $2 where id = $1', [
    row.id,
    nextDueDay === null ? null : startOfDay(nextDueDay, row.time_zone),
  ]);
  return queued;
}

/** One reminder run: every occasion whose check has come, a batch per transaction. */
export async function runReminderSweep(
  db: Db,
  { now = new Date(), ...mail }: ReminderSettings & { now?: Date },
): Promise<SweepResult> {
  const result: SweepResult = { checked: 0, queued: 0 };
  for (;;) {
    // Counted from what the transaction returns: it may be run again (Db.transaction retries a deadlock).
    const { claimed, queued } = await db.transaction(async (tx) => {
      const { rows } = await tx.query<DueRow>(CLAIM_SQL, [now]);
      let queuedNow = 0;
      // In customer order (sorted here, not in SQL, so the claim reads its index without a sort).
      const byCustomer = [...rows].sort((a, b) => (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0));
      for (const row of byCustomer) if (await decide(tx, row, now, mail)) queuedNow++;
      return { claimed: rows.length, queued: queuedNow };
    });
    result.checked += claimed;
    result.queued += queued;
    if (claimed < BATCH) return result;
  }
}

/** Runs the sweep every `everyMs` (and once at start); a run's failure is logged and the next one tries again. */
export function createReminderScheduler(opts: {
  db: Db;
  mail: ReminderSettings;
  everyMs: number;
  log: FastifyBaseLogger;
  /** After a run that queued mail, so it goes out at once. */
  onQueued: () => void;
}): PeriodicJob {
  return createPeriodicJob({
    run: async () => {
      const r = await runReminderSweep(opts.db, opts.mail);
      if (r.queued > 0) {
        opts.log.info({ checked: r.checked, queued: r.queued }, 'reminders queued');
        opts.onQueued();
      }
    },
    everyMs: opts.everyMs,
    log: opts.log,
    failure: 'reminder run failed',
  });
}
