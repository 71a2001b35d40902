import { getCountries, getCountryCallingCode, parsePhoneNumberWithError } from 'libphonenumber-js/min';

/**
 * Country calling codes, checked and written with libphonenumber-js's smallest metadata. The server's order schema
 * checks them with it; the SPA loads this module only lazily (the order form's country box, a phone shown with its
 * code), so that the metadata stays out of the first download.
 */

/** "+44", " 44 ": a plus (or not) and one to three digits. */
const WRITTEN_CODE = /^\+?(\d{1,3})$/;

let known: Set<string> | undefined;
/** Every country's calling code ("1", "44", …), read from the metadata once. */
const knownCodes = () => (known ??= new Set(getCountries().map((country) => getCountryCallingCode(country))));

/** The code as kept and shown, "+44", when `written` is a country's calling code; otherwise null. */
export function callingCode(written: string): string | null {
  const digits = WRITTEN_CODE.exec(written.trim())?.[1];
  return digits !== undefined && knownCodes().has(digits) ? `+${digits}` : null;
}

/**
 * A 10-digit phone number with its code as people read it, grouped as its country writes numbers ("+44 20 7946
 * 0958"); the code and the digits as they are when the country has no such format.
 */
export function phoneWithCode(code: string, digits: string): string {
  try {
    return parsePhoneNumberWithError(`${code}${digits}`).formatInternational();
  } catch {
    return `${code} ${digits}`;
  }
}
