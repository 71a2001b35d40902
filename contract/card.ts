/** Card rules shared by the profile screen and the server; free of zod (see auth.ts for the schema). */

export const CARD_EXPIRY_YEARS = 20;

/** Expiry year choices are the current year plus the next 19. */
export function expiryYears(now = new Date()): number[] {
  const first = now.getFullYear();
  return Array.from({ length: CARD_EXPIRY_YEARS }, (_, i) => first + i);
}
export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Luhn checksum (ISO/IEC 7812): catches typos in card numbers before we keep the last four. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
