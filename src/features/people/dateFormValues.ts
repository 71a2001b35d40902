import { DEFAULT_REMIND_DAYS } from '#contract/limits';
import type { PersonDate, PersonDateInput } from '#contract/people';
import { OCCASION_SUGGESTIONS, type RemindChoice } from '#contract/personLimits';

import { dateParts } from './dateWords';

export type OccasionChoice = (typeof OCCASION_SUGGESTIONS)[number] | 'Other';

/** A date of a person while it is edited: the occasion as chosen, the date with or without its year. */
export interface DateFormValues {
  occasion: OccasionChoice;
  /** The customer's own word, when the occasion is Other. */
  otherOccasion: string;
  yearUnknown: boolean;
  /** YYYY-MM-DD (the date picker's), when the year is known. */
  date: string;
  /** "1"–"12" and "1"–"31", when it is not ('' until chosen). */
  month: string;
  day: string;
  repeatsYearly: boolean;
  remindDaysBefore: number[];
}

export const EMPTY_DATE_FORM: DateFormValues = {
  occasion: 'Birthday',
  otherOccasion: '',
  yearUnknown: false,
  date: '',
  month: '',
  day: '',
  repeatsYearly: true,
  remindDaysBefore: DEFAULT_REMIND_DAYS,
};

const isSuggested = (occasion: string): occasion is (typeof OCCASION_SUGGESTIONS)[number] =>
  (OCCASION_SUGGESTIONS as readonly string[]).includes(occasion);

export function dateFormFrom(d: PersonDate): DateFormValues {
  const { year, month, day } = dateParts(d.date);
  return {
    occasion: isSuggested(d.occasion) ? d.occasion : 'Other',
    otherOccasion: isSuggested(d.occasion) ? '' : d.occasion,
    yearUnknown: year === null,
    date: year === null ? '' : d.date,
    month: year === null ? String(month) : '',
    day: year === null ? String(day) : '',
    repeatsYearly: d.repeatsYearly,
    remindDaysBefore: d.remindDaysBefore,
  };
}

const twoDigits = (n: string) => n.padStart(2, '0');

/** Whether a date was given at all (the first date of a new person is optional). */
export function hasDate(v: DateFormValues): boolean {
  return v.yearUnknown ? v.month !== '' || v.day !== '' : v.date !== '';
}

/** The body the API takes: the date as YYYY-MM-DD, or --MM-DD when the year is not known. */
export function dateBodyFrom(v: DateFormValues): PersonDateInput {
  return {
    occasion: v.occasion === 'Other' ? v.otherOccasion.trim() : v.occasion,
    date: v.yearUnknown ? `--${twoDigits(v.month)}-${twoDigits(v.day)}` : v.date,
    repeatsYearly: v.repeatsYearly,
    remindDaysBefore: [...v.remindDaysBefore].sort((a, b) => b - a) as RemindChoice[],
  };
}
