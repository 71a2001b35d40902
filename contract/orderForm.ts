import { z } from 'zod';

import { callingCode } from './callingCode';
import { acceptingEchoes, text } from './fields';
import { customerOrder, orderFields, STATUS_NOT_CUSTOMERS } from './orders';
import { ORDER_STATUSES } from './orderStatus';
import { CALLING_CODE_MESSAGE } from './phoneNumber';

/*
 * What a customer sends to place or edit an order (addgift, updateGift): the order's fields and the country code of
 * its phone number, checked with libphonenumber-js (callingCode.ts). Apart from ./orders.ts, whose answers the SPA's
 * screens read (the admin console's schemas build on them), so that no screen's chunk carries the library's metadata.
 */

/**
 * The country box in front of the phone number: a country's calling code, kept as "+44" (also from "44" or
 * " +44 "); blank or null keeps none (an empty box does not mean +1, whatever its placeholder suggests: decision
 * 0034). Checked against libphonenumber-js's metadata (callingCode.ts).
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
