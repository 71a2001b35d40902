import { isCalendarDate } from '#contract/fields';
import { BIRTH_YEAR_MIN } from '#contract/people';

/**
 * A date as a contact file writes it, read into a person's date (contract/people.ts personDateValue):
 * `YYYY-MM-DD`, or `--MM-DD` when the year is not known.
 *
 * vCard writes dates in several ways (RFC 6350 4.3.1 and RFC 2426 as phones use them): `19700415`,
 * `1970-04-15`, `--0415`, `--04-15`, and any of them followed by a time (`1970-04-15T00:00:00Z`), which
 * is dropped. A year before BIRTH_YEAR_MIN, or the one an `X-APPLE-OMIT-YEAR` parameter names (Apple writes
 * 1604 for a birthday without a year), means the year is not known.
 */
export type ReadDate = { ok: true; date: string } | { ok: false; reason: string };

const WITH_YEAR = /^(\d{4})-?(\d{2})-?(\d{2})$/;
const WITHOUT_YEAR = /^--(\d{2})-?(\d{2})$/;
/** How much of an unreadable value a reason repeats. */
const SHOWN_MAX = 40;

const shown = (value: string) => (value.length > SHOWN_MAX ? `${value.slice(0, SHOWN_MAX - 1)}…` : value);

export function readContactDate(written: string, omitYear?: string): ReadDate {
  const value = written.trim();
  const day = value.split('T')[0];
  const withYear = WITH_YEAR.exec(day);
  const withoutYear = WITHOUT_YEAR.exec(day);
  if (!withYear && !withoutYear) return { ok: false, reason: `Unreadable date (${shown(value)})` };
  const [year, month, dayOfMonth] = withYear ? [withYear[1], withYear[2], withYear[3]] : ['', ...withoutYear!.slice(1)];
  const yearKnown = year !== '' && Number(year) >= BIRTH_YEAR_MIN && year !== omitYear;
  // A date without its year is checked in 2000, a leap year: --02-29 is a real yearly date.
  if (!isCalendarDate(`${yearKnown ? year : '2000'}-${month}-${dayOfMonth}`)) {
    return { ok: false, reason: `Impossible date (${shown(value)})` };
  }
  return { ok: true, date: `${yearKnown ? year : '-'}-${month}-${dayOfMonth}` };
}
