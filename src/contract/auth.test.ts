import { describe, expect, it } from 'vitest';
import { expiryYears, passesLuhn, updateUserBody } from './auth';

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
    expect(updateUserBody.safeParse({ ...base, email: 'x@y.z' }).success).toBe(false);
  });
});
