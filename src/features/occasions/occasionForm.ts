import type { DefaultOption } from '#contract/giftOptions';
import { DEFAULT_REMIND_DAYS } from '#contract/limits';
import type { Occasion, OccasionInput } from '#contract/occasions';

/** Everything the occasion form edits; the reminder days as typed ("30, 7"). */
export interface OccasionFormValues {
  recipientName: string;
  relationship: string;
  occasion: string;
  date: string;
  repeatsYearly: boolean;
  remindDays: string;
  gender: string;
  address: string;
  phoneNumber: string;
  email: string;
  interests: string;
  budget: string;
  defaultOption: DefaultOption;
  comments: string;
}

export const EMPTY_OCCASION_FORM: OccasionFormValues = {
  recipientName: '',
  relationship: '',
  occasion: '',
  date: '',
  repeatsYearly: true,
  remindDays: DEFAULT_REMIND_DAYS.join(', '),
  gender: '',
  address: '',
  phoneNumber: '',
  email: '',
  interests: '',
  budget: '',
  defaultOption: 'None',
  comments: '',
};

export function formFromOccasion(o: Occasion): OccasionFormValues {
  const { _id: _ignored, remindDaysBefore, ...fields } = o;
  return { ...fields, remindDays: remindDaysBefore.join(', ') };
}

/**
 * The body the API takes. Reminder days are read from "30, 7" (commas or spaces); anything that is not a
 * whole number is sent as it is, so the server's clear refusal names it.
 */
export function occasionFromForm(values: OccasionFormValues): OccasionInput {
  const { remindDays, ...fields } = values;
  const days = remindDays
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((d) => (/^\d+$/.test(d) ? Number(d) : d));
  return { ...fields, remindDaysBefore: days as number[], gender: fields.gender as OccasionInput['gender'] };
}
