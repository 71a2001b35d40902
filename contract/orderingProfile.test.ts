import { describe, expect, it } from 'vitest';

import { isProfileComplete, missingFieldsNotice, missingForOrdering, type OrderingDetails } from './orderingProfile';

const COMPLETE: OrderingDetails = {
  address: '12 Rose Street, Springfield',
  phno: '5551234567',
  cardHolderName: 'Ann Lee',
  cardLast4: '4242',
  cardExpirationMonth: 4,
  cardExpirationYear: 2030,
  billingZipCode: '12345',
};

const EMPTY: OrderingDetails = {
  address: '',
  phno: '',
  cardHolderName: '',
  cardLast4: null,
  cardExpirationMonth: null,
  cardExpirationYear: null,
  billingZipCode: '',
};

describe('what ordering needs from the profile', () => {
  it('needs nothing more from a complete profile', () => {
    expect(missingForOrdering(COMPLETE)).toEqual([]);
    expect(isProfileComplete(COMPLETE)).toBe(true);
  });

  it("names every field of a new account's profile, in the form's order", () => {
    expect(missingForOrdering(EMPTY)).toEqual([
      'address',
      'phno',
      'cardHolderName',
      'cardNumber',
      'cardExpirationMonth',
      'cardExpirationYear',
      'billingZipCode',
    ]);
    expect(isProfileComplete(EMPTY)).toBe(false);
  });

  it.each([
    ['a blank address', { address: '   ' }, 'address'],
    ['a phone number shorter than 10 digits', { phno: '555123' }, 'phno'],
    ['a blank card holder', { cardHolderName: ' ' }, 'cardHolderName'],
    ['no saved card', { cardLast4: null }, 'cardNumber'],
    ['no expiry month', { cardExpirationMonth: null }, 'cardExpirationMonth'],
    ['no expiry year', { cardExpirationYear: null }, 'cardExpirationYear'],
    ['a blank billing zip code', { billingZipCode: '  ' }, 'billingZipCode'],
  ])('counts %s as missing', (_, change, field) => {
    const profile = { ...COMPLETE, ...change };
    expect(missingForOrdering(profile)).toEqual([field]);
    expect(isProfileComplete(profile)).toBe(false);
  });

  it("tells the customer what to add with the profile form's labels", () => {
    expect(missingFieldsNotice(['address', 'phno', 'cardNumber', 'billingZipCode'])).toBe(
      'To place orders, add: Address, Phone, Card number, Billing zip code.',
    );
    expect(missingFieldsNotice(missingForOrdering(EMPTY))).toBe(
      'To place orders, add: Address, Phone, Card holder name, Card number, Expiry month, Expiry year, Billing zip code.',
    );
  });
});
