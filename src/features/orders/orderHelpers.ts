import { GIFT_IMAGE_COUNT } from '#contract/giftOptions';
import { occurrenceText } from '#contract/limits';
import type { Order } from '#contract/orders';
import { CUSTOMER_LOCKED_STATUSES } from '#contract/orderStatus';

// The order form's values live with the form, in shared code: a person's page orders with it too.
export {
  EMPTY_ORDER_FORM,
  formFromOrder,
  orderFromForm,
  toDateKey,
  type OrderFormValues,
} from '@/components/orderForm/orderFormValues';

/** YYYY-MM-DD back to a local Date (for the calendar's selected value). */
export function fromDateKey(key: string): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/**
 * Orders grouped by their date, built once per list so every calendar tile and every day filter
 * is a single lookup (no scanning the list per tile). Each day keeps the list's order.
 */
export function groupByDate<T extends { date: string }>(orders: readonly T[]): Map<string, T[]> {
  const byDate = new Map<string, T[]>();
  for (const order of orders) {
    if (!order.date) continue;
    const day = byDate.get(order.date);
    if (day) day.push(order);
    else byDate.set(order.date, [order]);
  }
  return byDate;
}

/** Birthday markers are red, every other occasion blue. */
export function isBirthday(order: Pick<Order, 'occasion'>): boolean {
  return order.occasion.trim().toLowerCase() === 'birthday';
}

/** The marker's message, e.g. "Ann's Birthday" (the one naming of an occasion, shared with the reminders). */
export const markerText = occurrenceText;

/**
 * Which of the seven gift pictures an order shows (1–7), always the same one for the same order (FNV-1a hash of
 * its _id). The card draws it as its art's background, class `gift-art-{n}` (orders.css).
 */
export function giftPictureFor(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) % GIFT_IMAGE_COUNT) + 1;
}

export function isLocked(order: Pick<Order, 'status'>): boolean {
  return CUSTOMER_LOCKED_STATUSES.has(order.status);
}
