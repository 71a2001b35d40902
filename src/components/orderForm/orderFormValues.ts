import type { Order, OrderInput } from '#contract/orders';
import { EMPTY_RECIPIENT, spelledGender, type RecipientValues } from '@/components/recipient/recipientValues';

/** What the order form edits, shared by the orders screen and ordering from a person. */

/** Everything the order form edits: the recipient's fields and the country code of the phone number ('' for none). */
export interface OrderFormValues extends RecipientValues {
  countryCode: string;
}

export const EMPTY_ORDER_FORM: OrderFormValues = { ...EMPTY_RECIPIENT, countryCode: '' };

export function formFromOrder(order: Order): OrderFormValues {
  const { _id: _i, status: _s, ...fields } = order;
  return { ...fields, countryCode: order.countryCode ?? '' };
}

/** The body the API takes: the form, gender spelled as GENDERS has it (the server keeps the code as "+44", '' as none). */
export function orderFromForm(values: OrderFormValues): OrderInput & { countryCode: string } {
  return { ...values, gender: spelledGender(values.gender) as OrderInput['gender'] };
}

/** A local calendar day as YYYY-MM-DD (react-calendar hands out local midnights). */
export function toDateKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
