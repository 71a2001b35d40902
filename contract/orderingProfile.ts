import type { UserProfile } from './auth';
import { PHONE_LENGTH } from './limits';

/**
 * The one definition of a profile complete enough to order: everything an order needs to be
 * delivered and paid for. The server refuses addgift by it and answers isProfileFilled with it;
 * the profile screen lists what is still missing. Free of zod, so that screen stays small.
 */

/** The saved profile, as getUserDetails answers it, minus what ordering does not need. */
export type OrderingDetails = Pick<
  UserProfile,
  'address' | 'phno' | 'cardHolderName' | 'cardLast4' | 'cardExpirationMonth' | 'cardExpirationYear' | 'billingZipCode'
>;

/**
 * Each field an order needs, by the name updateUser takes it in (the card is sent as cardNumber and
 * kept as cardLast4), with the label the profile form shows, in the form's order.
 */
const ORDERING_FIELDS = [
  { field: 'address', label: 'Address', filled: (p: OrderingDetails) => p.address.trim() !== '' },
  { field: 'phno', label: 'Phone', filled: (p: OrderingDetails) => p.phno.length === PHONE_LENGTH },
  {
    field: 'cardHolderName',
    label: 'Card holder name',
    filled: (p: OrderingDetails) => p.cardHolderName.trim() !== '',
  },
  { field: 'cardNumber', label: 'Card number', filled: (p: OrderingDetails) => p.cardLast4 !== null },
  {
    field: 'cardExpirationMonth',
    label: 'Expiry month',
    filled: (p: OrderingDetails) => p.cardExpirationMonth !== null,
  },
  { field: 'cardExpirationYear', label: 'Expiry year', filled: (p: OrderingDetails) => p.cardExpirationYear !== null },
  {
    field: 'billingZipCode',
    label: 'Billing zip code',
    filled: (p: OrderingDetails) => p.billingZipCode.trim() !== '',
  },
] as const;

export type OrderingField = (typeof ORDERING_FIELDS)[number]['field'];

export const ORDERING_FIELD_NAMES = ORDERING_FIELDS.map((f) => f.field) as [OrderingField, ...OrderingField[]];

/** The profile form's label of each field an order needs. */
export const ORDERING_FIELD_LABELS = Object.fromEntries(ORDERING_FIELDS.map((f) => [f.field, f.label])) as Record<
  OrderingField,
  string
>;

/** The fields an order still needs, in the profile form's order; empty when the profile is complete. */
export function missingForOrdering(p: OrderingDetails): OrderingField[] {
  return ORDERING_FIELDS.filter((f) => !f.filled(p)).map((f) => f.field);
}

export function isProfileComplete(p: OrderingDetails): boolean {
  return missingForOrdering(p).length === 0;
}

/** What to tell a customer who cannot order yet, e.g. "To place orders, add: Address, Phone." */
export function missingFieldsNotice(missing: readonly OrderingField[]): string {
  return `To place orders, add: ${missing.map((field) => ORDERING_FIELD_LABELS[field]).join(', ')}.`;
}
