import { GENDERS, type DefaultOption } from '#contract/giftOptions';
import type { RecipientField } from '#contract/recipientFields';

/** What the recipient fields hold while they are edited: text as typed, and the default option chosen. */
export type RecipientValues = { [K in RecipientField]: K extends 'defaultOption' ? DefaultOption : string };

export const EMPTY_RECIPIENT: RecipientValues = {
  recipientName: '',
  relationship: '',
  occasion: '',
  gender: '',
  address: '',
  phoneNumber: '',
  email: '',
  interests: '',
  budget: '',
  defaultOption: 'None',
  comments: '',
  date: '',
};

/**
 * The gender as the API spells it when it was typed in another case ("male" is sent as "Male"); anything else is
 * sent trimmed, so the server's refusal names it.
 */
export function spelledGender(typed: string): string {
  const trimmed = typed.trim();
  return GENDERS.find((g) => g.toLowerCase() === trimmed.toLowerCase()) ?? trimmed;
}
