import { z } from 'zod';

import { isCalendarDate, requiredText, storable, text } from './fields';
import { FEEDBACK_RATINGS, giftFeedback, shipment } from './journey';
import { isTrackingUrl, latestToday, SHIPPING_LIMITS } from './shippingLimits';

export { isTrackingUrl, latestToday };

/**
 * The calls of the shipment, the delivery and how the gift went (docs/workflow.md, "The gift's journey"): what
 * staff record when a processed order ships, what Finish records about the delivery, and the customer's rating.
 */

/** A day that has come: a real date, and not after today anywhere (latestToday). */
const pastDay = (name: string) =>
  z
    .string(`${name} must be a date written YYYY-MM-DD`)
    .refine(isCalendarDate, `${name} must be a real date written YYYY-MM-DD`)
    .refine((day) => day <= latestToday(), `${name} must not be in the future`);

const trackingUrl = storable(
  z
    .string('trackingUrl must be a string')
    .trim()
    .min(1, 'trackingUrl is required')
    .max(SHIPPING_LIMITS.trackingUrl, `trackingUrl must be at most ${SHIPPING_LIMITS.trackingUrl} characters`),
  'trackingUrl',
).refine(isTrackingUrl, 'trackingUrl must be an https address, like https://carrier.example/track/123');

/**
 * PUT /api/admin/orders/{id}/shipment: record (or correct) the shipment of a processed order. `replacing` is the
 * tracking number the admin saw (null: none recorded yet); when given, the shipment is recorded only if it is
 * still the stored one, so two admins recording at once cannot both succeed. Optional, like a move's `from`.
 */
export const recordShipmentBody = z.strictObject({
  carrier: requiredText('carrier', SHIPPING_LIMITS.carrier),
  trackingNumber: requiredText('trackingNumber', SHIPPING_LIMITS.trackingNumber),
  trackingUrl,
  shippedOn: pastDay('shippedOn'),
  replacing: storable(z.string('replacing must be a string or null').max(SHIPPING_LIMITS.trackingNumber), 'replacing')
    .nullable()
    .optional(),
});
export type RecordShipmentBody = z.input<typeof recordShipmentBody>;

export const recordShipmentAnswer = z.object({ success: z.literal(true), shipment });

/**
 * What a Finish (updateGiftStatus with status "finished") may add about the delivery: the day it was delivered
 * (today in the customer's time zone when left out) and a note for the customer. Both optional, so the spec's
 * `{status}` stays a whole Finish.
 */
export const deliveryFields = {
  deliveredOn: pastDay('deliveredOn').optional(),
  note: text('note', SHIPPING_LIMITS.deliveryNote)
    .optional()
    // A blank note is no note.
    .transform((n) => (n ? n : undefined)),
};

/** PUT /api/gifts/{id}/feedback: how the gift went, once it was delivered; sent again, it replaces the last. */
export const rateGiftBody = z.strictObject({
  rating: z.enum(FEEDBACK_RATINGS, `rating must be one of ${FEEDBACK_RATINGS.join(', ')}`),
  note: text('note', SHIPPING_LIMITS.feedbackNote)
    .optional()
    .transform((n) => (n ? n : undefined)),
});
export type RateGiftBody = z.input<typeof rateGiftBody>;

export const rateGiftAnswer = z.object({ success: z.literal(true), feedback: giftFeedback });
