import { DEFAULT_REMIND_DAYS } from '#contract/limits';
import type { Occasion, OccasionInput } from '#contract/occasions';
import { EMPTY_RECIPIENT, spelledGender, type RecipientValues } from '@/components/recipient/recipientValues';

/** Everything the occasion form edits; the reminder days as typed ("30, 7"). */
export interface OccasionFormValues extends RecipientValues {
  repeatsYearly: boolean;
  remindDays: string;
}

export const EMPTY_OCCASION_FORM: OccasionFormValues = {
  ...EMPTY_RECIPIENT,
  repeatsYearly: true,
  remindDays: DEFAULT_REMIND_DAYS.join(', '),
};

export function formFromOccasion(o: Occasion): OccasionFormValues {
  const { _id: _ignored, remindDaysBefore, ...fields } = o;
  return { ...fields, remindDays: remindDaysBefore.join(', ') };
}

/**
 * The body the API takes, gender spelled as GENDERS has it. Reminder days are read from "30, 7" (commas or
 * spaces); anything that is not a whole number is sent as it is, so the server's clear refusal names it.
 */
export function occasionFromForm(values: OccasionFormValues): OccasionInput {
  const { remindDays, ...fields } = values;
  const days = remindDays
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((d) => (/^\d+$/.test(d) ? Number(d) : d));
  return {
    ...fields,
    remindDaysBefore: days as number[],
    gender: spelledGender(fields.gender) as OccasionInput['gender'],
  };
}
