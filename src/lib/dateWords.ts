import { dateInWords as inLocale, type DateWordsOptions } from '#contract/dateWords';

/**
 * A date as the screens write it: in the customer's own locale (the browser's language), with short names ("Fri,
 * Dec 18"), the year only when it is not this year. Screens keep the date itself in <time dateTime>.
 */
export const dateInWords = (date: string, options: DateWordsOptions = {}): string =>
  inLocale(date, { locale: navigator.language, short: true, ...options });
