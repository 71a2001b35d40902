/**
 * Lead times: the days the provider needs to prepare each default option, and the dates they decide. One place
 * computes the earliest delivery date (the order form's first day, addgift's and updateGift's rule) and the
 * order-by day of an occasion (reminders, the Upcoming panel). The days themselves are settings
 * (LEAD_DAYS_* in server/config/config.ts), answered by GET /api/gifts/leadTimes. Free of zod.
 */
import { addDays } from './calendarDates';
import { dayInWords } from './dateWords';
import type { DefaultOption } from './giftOptions';

/** Days of preparation per default option. 0: none, so only the rule for past dates applies. */
export type LeadDays = Readonly<Record<DefaultOption, number>>;

/** The earliest delivery date of an order for `option` placed on `today` (the customer's date, YYYY-MM-DD). */
export const earliestDelivery = (today: string, option: DefaultOption, leadDays: LeadDays): string =>
  addDays(today, leadDays[option]);

/** The last day to order `option` for a date: the day its lead time must start. */
export const orderByDate = (date: string, option: DefaultOption, leadDays: LeadDays): string =>
  addDays(date, -leadDays[option]);

/** Each option as a sentence's subject, and whether it takes a plural verb. */
const OPTION_SUBJECT: Readonly<Record<DefaultOption, { words: string; plural: boolean }>> = {
  None: { words: 'A curated gift', plural: false },
  Flowers: { words: 'Flowers', plural: true },
  Chocolate: { words: 'Chocolate', plural: false },
  Cake: { words: 'A cake', plural: false },
  Giftcard: { words: 'A gift card', plural: false },
};

/** "Flowers need 2 days", "A curated gift needs 7 days", "A gift card can be delivered the same day". */
export function leadTimeText(option: DefaultOption, leadDays: LeadDays): string {
  const { words, plural } = OPTION_SUBJECT[option];
  const days = leadDays[option];
  if (days === 0) return `${words} can be delivered the same day`;
  return `${words} ${plural ? 'need' : 'needs'} ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** "Flowers need 2 days: the earliest delivery is Saturday 28 November". */
export const earliestDeliveryText = (option: DefaultOption, leadDays: LeadDays, earliest: string): string =>
  `${leadTimeText(option, leadDays)}: the earliest delivery is ${dayInWords(earliest)}`;

/** addgift's and updateGift's 400 for a date before the earliest: the reason and the earliest date, also as YYYY-MM-DD. */
export const tooSoonMessage = (option: DefaultOption, leadDays: LeadDays, earliest: string): string =>
  `This date is too soon. ${earliestDeliveryText(option, leadDays, earliest)} (${earliest}).`;

/**
 * "order by Friday 27 November", "order today", or that the order-by day has passed: the Upcoming panel's words,
 * the day written by `inWords` (the panel writes it in the customer's locale).
 */
export function orderByText(orderBy: string, today: string, inWords: (day: string) => string = dayInWords): string {
  if (orderBy > today) return `order by ${inWords(orderBy)}`;
  if (orderBy === today) return 'order today';
  return `the order-by day (${inWords(orderBy)}) has passed`;
}
