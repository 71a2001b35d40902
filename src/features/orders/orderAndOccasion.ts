import type { Occasion } from '#contract/occasions';

import type { OrderFormValues } from './orderHelpers';

/*
 * Between an order and an occasion: the orders screen orders for a customer's occasion (an upcoming date, or a
 * reminder email's link). It lives with the orders, which use it.
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
