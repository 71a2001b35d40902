import { GIFT_IMAGE_COUNT } from '#contract/giftOptions';
import { occurrenceText } from '#contract/limits';
import type { GiftOrder, GiftOrderInput } from '#contract/orders';
import { CUSTOMER_LOCKED_STATUSES } from '#contract/orderStatus';
import { EMPTY_RECIPIENT, spelledGender, type RecipientValues } from '@/components/recipient/recipientValues';

/** A local calendar day as YYYY-MM-DD (react-calendar hands out local midnights). */
export function toDateKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

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
export function isBirthday(order: Pick<GiftOrder, 'occasion'>): boolean {
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

export function isLocked(order: Pick<GiftOrder, 'status'>): boolean {
  return CUSTOMER_LOCKED_STATUSES.has(order.status);
}

/** Everything the order form edits. countryCode is form-only and never sent. */
export interface OrderFormValues extends RecipientValues {
  countryCode: string;
}

export const EMPTY_ORDER_FORM: OrderFormValues = { ...EMPTY_RECIPIENT, countryCode: '' };

export function formFromOrder(order: GiftOrder): OrderFormValues {
  const { _id: _i, status: _s, ...fields } = order;
  return { ...fields, countryCode: '' };
}

/** The body the API takes: the form without countryCode, gender spelled as GENDERS has it. */
export function orderFromForm(values: OrderFormValues): GiftOrderInput {
  const { countryCode: _formOnly, ...fields } = values;
  return { ...fields, gender: spelledGender(fields.gender) as GiftOrderInput['gender'] };
}
