/*
 * Dates in words: "Fri, Dec 18" on an American customer's screen, "Fri 18 Dec" on a British one, "Saturday,
 * December 5" in the server's texts. One function for the screens and the server: the SPA passes the browser's locale
 * (src/lib/dateWords.ts), the server writes in the house style. Intl names the parts, but from the date's own numbers
 * read as a UTC day, so no time zone can move a day. Free of zod.
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

/**
 * The locale of the server's texts, the emails and anything that does not know its reader's: "Saturday, December 5".
 * No customer's locale is kept, and Giftwise's customers are American (dollars, ten-digit phone numbers, ZIP codes):
 * US English (decision 0031). The screens write in the browser's locale.
 */
export const HOUSE_LOCALE = 'en-US';

/** The numbers of `YYYY-MM-DD`, or of `--MM-DD` (a date without its year: year null). */
export function dateParts(date: string): { year: number | null; month: number; day: number } {
  const m = /^(\d{4}|-)-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return { year: null, month: 1, day: 1 };
  return { year: m[1] === '-' ? null : Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

export interface DateWordsOptions {
  /** A BCP 47 tag (the browser's `navigator.language` on screens); HOUSE_LOCALE when left out or unreadable. */
  locale?: string;
  /** Name the weekday ("Fri, Dec 18"). Never for a date without its year, whose weekday changes every year. */
  weekday?: boolean;
  /** Short names ("Fri, Dec 18") rather than full ones ("Friday, December 18"). */
  short?: boolean;
  /** true: always write a known year; false: never; left out: only when it is not this year. */
  year?: boolean;
  /** Today as YYYY-MM-DD, which says what "this year" is; the runtime's local today when left out. */
  today?: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and set of parts (making one costs far more than using it; a list writes hundreds). */
function formatFor(locale: string, parts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(parts)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...parts, timeZone: 'UTC' });
    } catch {
      // A malformed tag throws RangeError; a dateline is no place to fail.
      format = new Intl.DateTimeFormat(HOUSE_LOCALE, { ...parts, timeZone: 'UTC' });
    }
    formats.set(key, format);
  }
  return format;
}

const thisYear = (today: string | undefined) => (today ? Number(today.slice(0, 4)) : new Date().getFullYear());

/**
 * A YYYY-MM-DD or --MM-DD date in words, in `locale`: "Fri, Dec 18", "Friday 18 December 2027", "March 14".
 * Anything else is returned as it is.
 */
export function dateInWords(date: string, options: DateWordsOptions = {}): string {
  if (!/^(\d{4}|-)-\d{2}-\d{2}$/.test(date)) return date;
  const { year, month, day } = dateParts(date);
  const names = options.short ? 'short' : 'long';
  const withYear = year !== null && (options.year ?? year !== thisYear(options.today));
  const parts: Intl.DateTimeFormatOptions = {
    month: names,
    day: 'numeric',
    ...(options.weekday && year !== null ? { weekday: names } : {}),
    ...(withYear ? { year: 'numeric' } : {}),
  };
  // A year-less date is written on a leap year, so that 29 February stays itself.
  return formatFor(options.locale ?? HOUSE_LOCALE, parts).format(new Date(Date.UTC(year ?? 2000, month - 1, day)));
}

/** "Saturday, December 5": a coming day (the next date's `on`) in the server's texts, whose year goes without saying. */
export const dayInWords = (on: string): string => dateInWords(on, { weekday: true, year: false });
