import { z } from 'zod';

import { acceptingEchoes, emailField, failure, phoneField, requiredText, text } from './fields';
import { DEFAULT_OPTIONS, GENDERS } from './giftOptions';
import { ORDERING_FIELD_NAMES } from './orderingProfile';
import { ORDER_STATUSES } from './orderStatus';

export {
  DEFAULT_OPTIONS,
  type DefaultOption,
  GENDERS,
  GIFT_IMAGE_COUNT,
  INTEREST_EXAMPLES,
  OCCASION_EXAMPLES,
} from './giftOptions';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (rejects 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const dateField = z.string().refine(isCalendarDate, 'Date must be a real date written YYYY-MM-DD');

/** Budget in dollars, entered as text: a positive amount with at most two decimals. */
export const budgetField = z
  .string()
  .trim()
  .regex(/^\$?\d{1,9}(\.\d{1,2})?$/, 'Budget must be an amount in dollars, like 50 or 49.99')
  .refine((s) => Number(s.replace('$', '')) > 0, 'Budget must be more than zero');

/** The fields of an order a customer sets (the order form of docs/screens.md). */
export const orderFields = z.strictObject({
  recipientName: requiredText('Recipient name', 100),
  relationship: requiredText('Relationship', 60),
  occasion: requiredText('Occasion', 60),
  // The form labels it required, but it is not enforced.
  gender: z.union([z.literal(''), z.enum(GENDERS)]).default(''),
  address: requiredText('Address', 300),
  phoneNumber: phoneField,
  email: emailField,
  interests: requiredText('Interests', 200),
  budget: budgetField,
  defaultOption: z.enum(DEFAULT_OPTIONS).default('None'),
  comments: text('Comments', 1000).default(''),
  date: dateField,
});
export type OrderInput = z.input<typeof orderFields>;

export const order = z.object({
  _id: z.string(),
  recipientName: z.string(),
  relationship: z.string(),
  occasion: z.string(),
  gender: z.string(),
  address: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  interests: z.string(),
  budget: z.string(),
  defaultOption: z.enum(DEFAULT_OPTIONS),
  comments: z.string(),
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
});
export type Order = z.infer<typeof order>;

/** A customer's order as getgifts answers it: a rejected order carries the reason staff gave, if any. */
export const customerOrder = order.extend({ statusReason: z.string().optional() });
export type CustomerOrder = z.infer<typeof customerOrder>;

/**
 * What the order form sends: the order's fields plus its form-only country code, which is not kept, and
 * optionally the caller's own occasion the order is for (null: for none; left out: unchanged on an edit).
 */
export const orderForm = orderFields.extend({
  countryCode: text('Country code', 10).optional(),
  occasionId: z.string('occasionId must be a string').max(100).nullable().optional(),
});

export const STATUS_NOT_CUSTOMERS = "Customers cannot change an order's status";

/**
 * PUT /updateGift sends the whole order, as getgifts answered it with the customer's edits. The
 * server ignores _id (the path names the order) and any other field it answers but a customer
 * cannot set; status is accepted only while it is the order's current one.
 */
export const orderUpdate = acceptingEchoes(orderForm, customerOrder, {
  // Anything that is not a status at all cannot be the current one: the same answer fits.
  status: z.enum(ORDER_STATUSES, { error: STATUS_NOT_CUSTOMERS }).optional(),
});
export type OrderUpdate = z.output<typeof orderUpdate>;

/** GET /getgifts answers the caller's orders as a bare array; POST /addgift answers the new _id. */
export const orderList = z.array(customerOrder);
export const addOrderAnswer = z.object({ success: z.literal(true), _id: z.string() });
/** addgift's 403: the profile is not complete yet; `missing` names the profile fields still to fill. */
export const profileIncompleteAnswer = failure.extend({ missing: z.array(z.enum(ORDERING_FIELD_NAMES)) });

export const orderIdParams = z.strictObject({ id: z.string().max(100) });
