/**
 * Calendar-day arithmetic on YYYY-MM-DD strings, and the days of a time zone. Occasions recur by
 * month and day and reminders fall due on whole days of the customer's own time zone, so these work
 * on dates, never on instants, except where a day's start in a zone is wanted.
 */

import { addDays, daysBetween, toUtc } from '#contract/calendarDates';

export { addDays, daysBetween };

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The month and day of `date` in `year`; 29 February falls on 28 February in other years. */
export function inYear(date: string, year: number): string {
  const monthDay = date.slice(5) === '02-29' && !isLeapYear(year) ? '02-28' : date.slice(5);
  return `${String(year).padStart(4, '0')}-${monthDay}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date in `timeZone` at the instant `at`. */
export function localDate(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `ms`, in milliseconds. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The first instant of `date` in `timeZone`: its midnight, or where a clock change skips midnight,
 * the first moment that day has.
 */
export function startOfDay(date: string, timeZone: string): Date {
  const midnightAsUtc = toUtc(date);
  let at = midnightAsUtc - zoneOffsetMs(midnightAsUtc, timeZone);
  // The offset at the guess may differ from the one at the answer (a clock change near midnight).
  at = midnightAsUtc - zoneOffsetMs(at, timeZone);
  // Midnight skipped by a clock change: the guess lands on the evening before; step to the day itself.
  while (localDate(new Date(at), timeZone) < date) at += 15 * 60_000;
  while (localDate(new Date(at - 15 * 60_000), timeZone) === date) at -= 15 * 60_000;
  return new Date(at);
}
