/*
 * The rules of the shipment, the delivery and the customer's rating that screens need without zod (the card and
 * View Order): the longest texts, what a tracking address may be, and the latest day that has come.
 */

export const SHIPPING_LIMITS = {
  carrier: 100,
  trackingNumber: 100,
  trackingUrl: 2000,
  deliveryNote: 500,
  feedbackNote: 280,
} as const;

/**
 * A tracking address the card and the email may show as a link: https, a host name with a dot (letters, digits,
 * hyphens), an optional port, then an optional path, query or fragment without spaces. So never http:, javascript:
 * or data:, and no user name or password before the host.
 */
const TRACKING_URL = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/i;
export const isTrackingUrl = (value: string): boolean => TRACKING_URL.test(value);

/**
 * The latest day that is today somewhere on Earth (UTC+14), YYYY-MM-DD: staff in any time zone may record what
 * happened "today" where they are, and nothing later.
 */
export function latestToday(now = Date.now()): string {
  return new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);
}
