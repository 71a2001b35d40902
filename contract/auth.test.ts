import { describe, expect, it } from 'vitest';

import { expiryYears, passesLuhn, updateUserBody, userProfile, type UserProfile } from './auth';

describe('passesLuhn', () => {
  it('accepts well-known test card numbers', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
  });
  it('rejects a mistyped digit and non-digits', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242-4242')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('expiryYears', () => {
  it('is the current year and the next 19', () => {
    const years = expiryYears(new Date('2026-11-21T00:00:00Z'));
    expect(years).toHaveLength(20);
    expect(years[0]).toBe(2026);
    expect(years[19]).toBe(2045);
  });
});

describe('updateUserBody', () => {
  const base = {
    name: 'Ann',
    address: '1 Main St',
    phno: '5551234567',
    cardHolderName: 'Ann',
    cardExpirationMonth: 1,
    cardExpirationYear: new Date().getFullYear(),
    billingZipCode: '12345',
  };
  it('strips spaces from the card number', () => {
    const parsed = updateUserBody.parse({ ...base, cardNumber: '4242 4242 4242 4242', cvv: '123' });
    expect(parsed.cardNumber).toBe('4242424242424242');
  });
  it('refuses a number failing Luhn, a bad CVV and an expiry year out of range', () => {
    expect(updateUserBody.safeParse({ ...base, cardNumber: '4242424242424241' }).success).toBe(false);
    expect(updateUserBody.safeParse({ ...base, cvv: '12' }).success).toBe(false);
    expect(updateUserBody.safeParse({ ...base, cardExpirationYear: new Date().getFullYear() - 1 }).success).toBe(false);
  });

  it('takes expiry month and year as <select> strings, and refuses anything but plain digits', () => {
    const year = new Date().getFullYear() + 1;
    const parsed = updateUserBody.parse({ ...base, cardExpirationMonth: '12', cardExpirationYear: String(year) });
    expect([parsed.cardExpirationMonth, parsed.cardExpirationYear]).toEqual([12, year]);
    for (const month of ['12abc', '', '1e1', ' 12', '13']) {
      expect(updateUserBody.safeParse({ ...base, cardExpirationMonth: month }).error?.issues[0].message, month).toBe(
        'Card expiration month must be a whole number from 1 to 12',
      );
    }
    expect(updateUserBody.safeParse({ ...base, cardExpirationYear: `${year}x` }).error?.issues[0].message).toBe(
      'Card expiration year must be a whole number',
    );
    expect(
      updateUserBody.parse({ ...base, cardExpirationMonth: null, cardExpirationYear: null }).cardExpirationMonth,
    ).toBeNull();
  });

  it('accepts the getUserDetails answer sent back whole: every field it holds', () => {
    const answered: UserProfile = {
      ...base,
      email: 'ann@example.com',
      cardLast4: '4242',
      autoApproveProposals: true,
    };
    // Every key the server answers is covered, so a field added to the answer is accepted back too.
    expect(Object.keys(answered).sort()).toEqual(Object.keys(userProfile.shape).sort());
    expect(updateUserBody.safeParse(answered).success).toBe(true);
    expect(updateUserBody.safeParse({ ...answered, cardLast4: null }).success).toBe(true);
    // The schema passes the email on for the server to compare with the account's.
    expect(updateUserBody.parse({ ...base, email: ' x@y.z ' }).email).toBe('x@y.z');
    expect(updateUserBody.safeParse({ ...answered, isAdmin: true }).error?.issues[0].message).toBe(
      'Unrecognized key: "isAdmin"',
    );
  });
});
