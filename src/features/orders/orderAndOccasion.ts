import { DEFAULT_REMIND_DAYS } from '#contract/limits';
import type { Occasion, OccasionInput } from '#contract/occasions';
import { spelledGender, type RecipientValues } from '@/components/recipient/recipientValues';

import type { OrderFormValues } from './orderHelpers';

/*
 * Between an order and an occasion: the orders screen orders for a customer's occasion and offers to remember an
 * order's recipient as one. They live with the orders, which use them; the occasions screen needs neither.
 */

/** A new order's form for an occurrence: the occasion's gift preferences, dated on the occurrence. */
export function orderFormFromOccasion(o: Occasion, date: string): OrderFormValues {
  return {
    recipientName: o.recipientName,
    relationship: o.relationship,
    occasion: o.occasion,
    gender: o.gender,
    address: o.address,
    countryCode: '',
    phoneNumber: o.phoneNumber,
    email: o.email,
    interests: o.interests,
    budget: o.budget,
    defaultOption: o.defaultOption,
    comments: o.comments,
    date,
  };
}

/** An occasion remembered from an order placed without one: its details, repeating every year. */
export function occasionFromOrder(order: RecipientValues): OccasionInput {
  const { date, ...fields } = order;
  return {
    ...fields,
    gender: spelledGender(fields.gender) as OccasionInput['gender'],
    date,
    repeatsYearly: true,
    remindDaysBefore: DEFAULT_REMIND_DAYS,
  };
}
