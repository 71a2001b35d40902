/*
 * Dates in words, as the screens and the emails write them: "Saturday 5 December", "14 March 1950". Built from the
 * date's own numbers (no time zone can move a day) and from fixed names, so every browser and the server write them
 * alike. Free of zod.
 */

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The numbers of `YYYY-MM-DD`, or of `--MM-DD` (a date without its year: year null). */
export function dateParts(date: string): { year: number | null; month: number; day: number } {
  const m = /^(\d{4}|-)-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return { year: null, month: 1, day: 1 };
  return { year: m[1] === '-' ? null : Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

/** "Saturday 5 December": a coming day (the next date's `on`), whose year goes without saying. */
export function dayInWords(on: string): string {
  const { year, month, day } = dateParts(on);
  const weekday = WEEKDAYS[new Date(Date.UTC(year ?? 2000, month - 1, day)).getUTCDay()];
  return `${weekday} ${day} ${MONTHS[month - 1]}`;
}

/** "14 March 1950", or "14 March" for a date without its year. */
export function dateInWords(date: string): string {
  const { year, month, day } = dateParts(date);
  return `${day} ${MONTHS[month - 1]}${year === null ? '' : ` ${year}`}`;
}
