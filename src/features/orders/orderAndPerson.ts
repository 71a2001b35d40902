import type { BodyOf } from '#contract/api';
import type { PersonSummary } from '#contract/people';
import type { OrderFormValues } from '@/components/orderForm/orderFormValues';
import { spelledGender } from '@/components/recipient/recipientValues';

/** Between an order placed from scratch and the person "Remember <name>" makes of its recipient. */

/** How people's names compare: one person per name, ignoring case and surrounding spaces (as the server has it). */
const nameKey = (name: string) => name.trim().toLowerCase();

export const isOneOf = (people: readonly Pick<PersonSummary, 'name'>[], name: string) =>
  people.some((p) => nameKey(p.name) === nameKey(name));

/** The person: the order's recipient and their details; the order's comments become the person's notes. */
export function personFromOrder(order: OrderFormValues): BodyOf<'addPerson'> {
  return {
    name: order.recipientName,
    relationship: order.relationship,
    gender: spelledGender(order.gender) as BodyOf<'addPerson'>['gender'],
    address: order.address,
    phoneNumber: order.phoneNumber,
    email: order.email,
    interests: order.interests,
    budget: order.budget,
    defaultOption: order.defaultOption,
    notes: order.comments,
  };
}

/**
 * The order's occasion as a yearly date of that person. The order's date is when the gift arrives, not the year
 * they were born or married, so the date is kept without its year (--MM-DD): no wrong age or anniversary number.
 */
export function dateFromOrder(order: OrderFormValues): BodyOf<'addPersonDate'> {
  return { occasion: order.occasion, date: `--${order.date.slice(5)}`, repeatsYearly: true };
}
