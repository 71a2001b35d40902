/**
 * Whole-day arithmetic on YYYY-MM-DD strings, shared by the server's date rules and the SPA. Dates, never instants:
 * no time zone can move a day. Free of zod.
 */

const DAY_MS = 86_400_000;

export const toUtc = (date: string): number => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));
const fromUtc = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The date `days` after `date` (before it when negative). */
export const addDays = (date: string, days: number): string => fromUtc(toUtc(date) + days * DAY_MS);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
