import { z } from 'zod';

import { failure } from './fields';
import { DEFAULT_OPTIONS, type DefaultOption } from './giftOptions';
import { journeyShape } from './journey';
import { ORDERING_FIELD_NAMES } from './orderingProfile';
import { ORDER_STATUSES } from './orderStatus';
import { ORDER_FIELDS } from './recipientFields';
import { recipientShape } from './recipientSchema';

export {
  DEFAULT_OPTIONS,
  type DefaultOption,
  GENDERS,
  GIFT_IMAGE_COUNT,
  INTEREST_EXAMPLES,
  OCCASION_EXAMPLES,
} from './giftOptions';

/** The fields of an order a customer sets (the order form of docs/screens.md; their rules: recipientFields.ts). */
export const orderFields = z.strictObject(recipientShape(ORDER_FIELDS));
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
  /** The country calling code the customer wrote in front of the phone number ("+44"); absent when none was. */
  countryCode: z.string().optional(),
});
export type Order = z.infer<typeof order>;

/**
 * A customer's order as getgifts answers it: a rejected order carries the reason staff gave, if any, and the
 * gift's journey so far (contract/journey.ts).
 */
export const customerOrder = order.extend({ statusReason: z.string().optional(), ...journeyShape });
export type CustomerOrder = z.infer<typeof customerOrder>;

export const STATUS_NOT_CUSTOMERS = "Customers cannot change an order's status";

/** GET /getgifts answers the caller's orders as a bare array; POST /addgift answers the new _id. */
export const orderList = z.array(customerOrder);
export const addOrderAnswer = z.object({ success: z.literal(true), _id: z.string() });
/** addgift's 403: the profile is not complete yet; `missing` names the profile fields still to fill. */
export const profileIncompleteAnswer = failure.extend({ missing: z.array(z.enum(ORDERING_FIELD_NAMES)) });

export const orderIdParams = z.strictObject({ id: z.string().max(100) });

/**
 * GET /lead-times: the days each default option needs (contract/leadTimes.ts) and the customer's today in their
 * time zone, so that the order form offers the same earliest date the server enforces.
 */
export const leadTimesAnswer = z.object({
  success: z.literal(true),
  today: z.string(),
  leadDays: z.object(
    Object.fromEntries(DEFAULT_OPTIONS.map((o) => [o, z.number().int()])) as Record<DefaultOption, z.ZodNumber>,
  ),
});
