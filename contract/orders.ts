import { z } from 'zod';

import { callingCode } from './callingCode';
import { acceptingEchoes, failure, text } from './fields';
import { DEFAULT_OPTIONS, type DefaultOption } from './giftOptions';
import { journeyShape } from './journey';
import { ORDERING_FIELD_NAMES } from './orderingProfile';
import { ORDER_STATUSES } from './orderStatus';
import { CALLING_CODE_MESSAGE } from './phoneNumber';
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

/**
 * The country box in front of the phone number: a country's calling code, kept as "+44" (also from "44" or
 * " +44 "); blank or null keeps none (an empty box does not mean +1, whatever its placeholder suggests: decision
 * 0031). Checked against libphonenumber-js's metadata (callingCode.ts).
 */
const countryCodeField = z
  .union([z.null(), text('Country code', 10)], { error: 'Country code must be a string or null' })
  .transform((written, ctx) => {
    if (written === null || written === '') return null;
    const code = callingCode(written);
    if (code === null) ctx.addIssue({ code: 'custom', message: CALLING_CODE_MESSAGE });
    return code ?? z.NEVER;
  });

/**
 * What the order form sends: the order's fields plus the country code of its phone number (null or blank for
 * none; left out: none on a new order, unchanged on an edit), and optionally the caller's own occasion the order
 * is for and the person it is for (null: for none; left out: unchanged on an edit). An order for an occasion is
 * for that occasion's person: `personId` is needed only for an order placed from a person without one of their
 * dates, and must name the occasion's person when both are sent.
 */
export const orderForm = orderFields.extend({
  countryCode: countryCodeField.optional(),
  occasionId: z.string('occasionId must be a string').max(100).nullable().optional(),
  personId: z.string('personId must be a string').max(100).nullable().optional(),
});
export type OrderFormBody = z.output<typeof orderForm>;

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
