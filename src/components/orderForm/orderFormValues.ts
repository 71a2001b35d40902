import type { Order, OrderInput } from '#contract/orders';
import { EMPTY_RECIPIENT, spelledGender, type RecipientValues } from '@/components/recipient/recipientValues';

/** What the order form edits, shared by the orders screen and ordering from a person. */

/** Everything the order form edits. countryCode is form-only and never sent. */
export interface OrderFormValues extends RecipientValues {
  countryCode: string;
}

export const EMPTY_ORDER_FORM: OrderFormValues = { ...EMPTY_RECIPIENT, countryCode: '' };

export function formFromOrder(order: Order): OrderFormValues {
  const { _id: _i, status: _s, ...fields } = order;
  return { ...fields, countryCode: '' };
}

/** The body the API takes: the form without countryCode, gender spelled as GENDERS has it. */
export function orderFromForm(values: OrderFormValues): OrderInput {
  const { countryCode: _formOnly, ...fields } = values;
  return { ...fields, gender: spelledGender(fields.gender) as OrderInput['gender'] };
}

/** A local calendar day as YYYY-MM-DD (react-calendar hands out local midnights). */
export function toDateKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
