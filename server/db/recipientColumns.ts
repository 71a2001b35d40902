import type { Updateable } from 'kysely';
import type { z } from 'zod';

import type { OccasionFields } from '#contract/occasions';
import type { orderFields } from '#contract/orders';

import type { GiftOrdersTable } from './schema';

/** The fields of the contract's order and occasion forms that name the recipient and the gift, and its date. */
export type RecipientFields = Pick<OrderFields, keyof OrderFields & keyof OccasionFields>;
/** The fields a customer sets on an order, as the zod schema hands them over (trimmed, defaults applied). */
export type OrderFields = z.output<typeof orderFields>;

/**
 * Their columns, spelled alike in gift_orders and occasions: the one place that says which column holds which
 * field when an order or an occasion is written (what it reads is each service's typed select list).
 */
export function recipientColumns(f: RecipientFields) {
  return {
    recipient_name: f.recipientName,
    relationship: f.relationship,
    occasion: f.occasion,
    gender: f.gender,
    address: f.address,
    phone_number: f.phoneNumber,
    email: f.email,
    interests: f.interests,
    budget: f.budget,
    default_option: f.defaultOption,
    comments: f.comments,
    date: f.date,
  } satisfies Updateable<GiftOrdersTable>;
}
