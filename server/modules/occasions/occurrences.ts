import { addDays, inYear } from './calendarDays';

/** What the rules need of an occasion. */
export interface RecurringDate {
  /** YYYY-MM-DD; for a yearly occasion its month and day are what recur. */
  date: string;
  repeatsYearly: boolean;
  /** Days before an occurrence to remind, any order. */
  remindDaysBefore: readonly number[];
}

/** The first occurrence on or after `today` (YYYY-MM-DD), or null when a one-off date has passed. */
export function nextOccurrence(o: RecurringDate, today: string): string | null {
  if (!o.repeatsYearly) return o.date >= today ? o.date : null;
  const year = Number(today.slice(0, 4));
  // Never before the occasion's own first date: a yearly occasion added for next year starts then.
  const from = today > o.date ? today : o.date;
  const fromYear = Math.max(year, Number(from.slice(0, 4)));
  const thisYear = inYear(o.date, fromYear);
  return thisYear >= from ? thisYear : inYear(o.date, fromYear + 1);
}

/** Every occurrence from `from` to `to` inclusive (YYYY-MM-DD), soonest first. */
export function occurrencesBetween(o: RecurringDate, from: string, to: string): string[] {
  const out: string[] = [];
  for (let next = nextOccurrence(o, from); next !== null && next <= to; next = nextOccurrence(o, addDays(next, 1))) {
    out.push(next);
  }
  return out;
}

export interface ReminderDecision {
  /** The reminder to send now, if one is due: the nearest one due of the coming occurrence. */
  due: { occurrence: string; daysBefore: number } | null;
  /** The next day on which a reminder falls due after `today`, or null when none ever will. */
  nextDueDay: string | null;
}

/**
 * What the reminder sweep does for one occasion on `today` (in the customer's time zone). Of the
 * coming occurrence's reminders already due, only the nearest is sent: a run that missed the 30-day
 * reminder while the 7-day one is also due sends the 7-day one alone. Exactly-once is kept by the
 * caller's record of what was sent.
 */
export function decideReminder(o: RecurringDate, today: string): ReminderDecision {
  const days = [...new Set(o.remindDaysBefore)].sort((a, b) => a - b);
  const occurrence = nextOccurrence(o, today);
  if (occurrence === null || days.length === 0) return { due: null, nextDueDay: null };
  const dueNow = days.find((n) => addDays(occurrence, -n) <= today);
  const later = days
    .map((n) => addDays(occurrence, -n))
    .filter((day) => day > today)
    .sort();
  let nextDueDay: string | null = later[0] ?? null;
  if (nextDueDay === null) {
    const following = nextOccurrence(o, addDays(occurrence, 1));
    nextDueDay = following === null ? null : addDays(following, -days[days.length - 1]);
  }
  return { due: dueNow === undefined ? null : { occurrence, daysBefore: dueNow }, nextDueDay };
}
