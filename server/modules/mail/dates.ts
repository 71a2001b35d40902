import { dateInWords, HOUSE_LOCALE } from '#contract/dateWords';

/** The locale of the dates in every email, read away from any browser: the house's (decision 0031). */
export const EMAIL_LOCALE = HOUSE_LOCALE;

/**
 * A YYYY-MM-DD date as the emails write it: "Friday, December 4", with the year when it is not the year of `today`
 * (YYYY-MM-DD; the server's today when left out): "Monday, January 4, 2027". The ISO form stays only in addresses.
 */
export const emailDate = (date: string, today?: string): string =>
  dateInWords(date, { locale: EMAIL_LOCALE, weekday: true, today });
