import type { DefaultOption } from '#contract/giftOptions';
import type { PersonInput, PersonSummary } from '#contract/people';
import { spelledGender } from '@/components/recipient/recipientValues';

/** A person's details and preferences while they are edited: text as typed, the birth year too. */
export interface PersonFormValues {
  name: string;
  relationship: string;
  gender: string;
  address: string;
  phoneNumber: string;
  email: string;
  interests: string;
  budget: string;
  defaultOption: DefaultOption;
  likes: string;
  dislikes: string;
  sizes: string;
  allergies: string;
  notes: string;
  birthYear: string;
}

export function personFormFrom(p: PersonSummary): PersonFormValues {
  return {
    name: p.name,
    relationship: p.relationship,
    gender: p.gender,
    address: p.address,
    phoneNumber: p.phoneNumber,
    email: p.email,
    interests: p.interests,
    budget: p.budget,
    defaultOption: p.defaultOption,
    likes: p.likes,
    dislikes: p.dislikes,
    sizes: p.sizes,
    allergies: p.allergies,
    notes: p.notes,
    birthYear: p.birthYear === null ? '' : String(p.birthYear),
  };
}

/**
 * The whole person as PUT takes it: gender spelled as GENDERS has it, the birth year a number or null. A birth
 * year that is not a whole number is sent as typed, so the server's refusal names it.
 */
export function personBodyFrom(v: PersonFormValues): PersonInput {
  const year = v.birthYear.trim();
  return {
    ...v,
    gender: spelledGender(v.gender) as PersonInput['gender'],
    birthYear: (year === '' ? null : /^\d+$/.test(year) ? Number(year) : year) as PersonInput['birthYear'],
  };
}
