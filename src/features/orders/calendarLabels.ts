/**
 * The calendar's labels in US English, written out instead of asked of Intl.DateTimeFormat: the first
 * formatter a page creates loads the locale's data, which costs 50–120 ms of the main thread on a
 * fresh page load, on the way to the order list. They give exactly what react-calendar's own en-US
 * formatters give (the tests beside this file compare every day of two years).
 */
import { MONTHS, WEEKDAYS } from '#contract/dateWords';

/** react-calendar's format* props; each takes (locale, date) and ignores the locale, always en-US. */
export const calendarLabels = {
  formatDay: (_locale: string | undefined, date: Date) => String(date.getDate()),
  formatLongDate: (_locale: string | undefined, date: Date) =>
    `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`,
  formatMonth: (_locale: string | undefined, date: Date) => MONTHS[date.getMonth()],
  formatMonthYear: (_locale: string | undefined, date: Date) => `${MONTHS[date.getMonth()]} ${date.getFullYear()}`,
  formatShortWeekday: (_locale: string | undefined, date: Date) => WEEKDAYS[date.getDay()].slice(0, 3),
  formatWeekday: (_locale: string | undefined, date: Date) => WEEKDAYS[date.getDay()],
  formatYear: (_locale: string | undefined, date: Date) => String(date.getFullYear()),
};
