import { PHONE_LENGTH } from './limits';

/**
 * A phone number as a person writes or pastes it, read into the PHONE_LENGTH digits the phone fields keep.
 * Free of zod and of libphonenumber-js: the SPA's phone field and the server's contact import both read numbers
 * with it, and neither may grow by it.
 */
export interface ReadPhone {
  /** The number's own PHONE_LENGTH digits. */
  digits: string;
  /** The country calling code written in front of it, digits only ("44" of "+44 20 7946 0958"), if any. */
  callingCode?: string;
}

/** What a phone number may be written with besides its digits: spaces, dashes, dots, slashes, brackets and a "+". */
const PHONE_CHARACTERS = /^[\d\s().\-/+]*$/;
/** The trunk zero some write after the country code, "+44 (0)20 …": not part of the number. */
const TRUNK_ZERO = /\(0\)/g;
/** The longest calling code (ITU-T E.164: one to three digits). */
const CALLING_CODE_MAX = 3;

/**
 * The digits of "(555) 123-4567", "555.123.4567", "555 123 4567", "+1 555 123 4567", "1-555-123-4567" or
 * "+44 20 7946 0958", with the calling code written in front of them; null when the text cannot become
 * PHONE_LENGTH digits (too few or too many, or a letter: nothing typed is dropped without a word).
 */
export function readPhone(text: string): ReadPhone | null {
  const written = text.trim().replace(TRUNK_ZERO, '');
  if (!PHONE_CHARACTERS.test(written) || written.lastIndexOf('+') > 0) return null;
  const digits = written.replace(/\D/g, '');
  const codeLength = digits.length - PHONE_LENGTH;
  if (written.startsWith('+')) {
    return codeLength >= 1 && codeLength <= CALLING_CODE_MAX
      ? { digits: digits.slice(codeLength), callingCode: digits.slice(0, codeLength) }
      : null;
  }
  if (codeLength === 0) return { digits };
  // North America's long-distance prefix: "1-555-123-4567" is +1 555 123 4567.
  if (codeLength === 1 && digits.startsWith('1')) return { digits: digits.slice(1), callingCode: '1' };
  return null;
}

/** The message beside the country box, and the server's refusal, for a code that is no country's. */
export const CALLING_CODE_MESSAGE = 'Country code must be a country calling code, like +1 or +44';
