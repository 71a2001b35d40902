/**
 * The test data every suite shares (component tests with MSW, API tests, browser tests): one
 * definition of a valid order, a complete profile, a unique email and a date, each overridable.
 * Nothing here talks to a server; each suite has its own helpers for that.
 */
import type { CustomerOrder, Order } from '#contract/orders';

/** A calendar date `days` from today in UTC, as YYYY-MM-DD (the server's notion of "today"). */
export function isoDateFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

let emails = 0;
/** An email no other test in this run uses (tests share one database per file or per run). */
export function uniqueEmail(prefix = 'user'): string {
  emails += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${emails}@example.com`;
}

/** A strong password the password rules accept. */
export const PASSWORD = 'correct horse battery';

/**
 * A complete, valid order as a customer sends it (addgift, updateGift). Override any field, or add
 * or spoil one (API tests send wrong types and unknown keys on purpose).
 */
export function orderInput<O extends Record<string, unknown> = Record<never, never>>(
  overrides?: O,
): Omit<OrderInput, keyof O> & O {
  return {
    recipientName: 'Maya',
    relationship: 'Sister',
    occasion: 'Birthday',
    gender: 'Female',
    address: '7 Elm Road, Springfield',
    phoneNumber: '5559876543',
    email: 'maya@example.com',
    interests: 'Electronics',
    budget: '50',
    defaultOption: 'Flowers',
    comments: 'She loves purple',
    date: isoDateFromNow(10),
    ...overrides,
  } as unknown as Omit<OrderInput, keyof O> & O;
}
export type OrderInput = Omit<Order, '_id' | 'status'>;

/** An order as getgifts answers it; override any field (a rejected one may carry statusReason). */
export function orderFixture(overrides: Partial<CustomerOrder> = {}): CustomerOrder {
  const order: Order = { ...orderInput(), _id: '00000000-0000-4000-8000-000000000001', status: 'new' };
  return { ...order, ...overrides };
}

/** A profile complete enough to order, as updateUser takes it (the card number and CVV are sent, never kept). */
export const COMPLETE_PROFILE = {
  name: 'Test Customer',
  address: '12 Rose Street, Springfield',
  phno: '5551234567',
  cardHolderName: 'Test Customer',
  cardNumber: '4242 4242 4242 4242',
  cvv: '123',
  cardExpirationMonth: 12,
  cardExpirationYear: new Date().getFullYear() + 2,
  billingZipCode: '12345',
};

/** A valid occasion as a customer sends it (POST /api/occasions); override any field. */
export function occasionInput<O extends Record<string, unknown> = Record<never, never>>(overrides?: O) {
  return {
    recipientName: 'Grandma Rose',
    relationship: 'Grandmother',
    occasion: 'Birthday',
    date: '1950-03-14',
    repeatsYearly: true,
    remindDaysBefore: [30, 7],
    ...overrides,
  };
}
