import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * Server-side password rules for new passwords (sign-up, password reset, admins), beyond the length
 * the request schema checks: not the account's email, not one character repeated, and not a common
 * password. "Common" is zxcvbn's estimate of under a million guesses, which covers its list of the
 * most used passwords and their simple variants (capitals, digits appended, l33t, keyboard walks).
 * The SPA never loads this: its dictionaries are large, and the server has the last word anyway.
 */

export const PASSWORD_IS_EMAIL = 'Password must not be your email address';
export const PASSWORD_ONE_CHARACTER = 'Password must not be one character repeated';
export const PASSWORD_TOO_COMMON =
  'Password is too common or too easy to guess. Choose a longer one, for example a few unrelated words';

/** zxcvbn score 2 and above: at least 10^6 guesses. */
const MIN_SCORE = 2;

let checker: ZxcvbnFactory | null = null;
/** Built on first use: loading the dictionaries takes a moment that only password changes need. */
function zxcvbn(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({
    dictionary: common.dictionary,
    graphs: common.adjacencyGraphs,
    // Matching time grows fast with length (about 150 ms at 256 characters); the first 64 decide.
    maxLength: 64,
  });
  return checker;
}

/** Why this new password is refused for the account with this email, or null when it may be used. */
export function weakPasswordProblem(password: string, email: string): string | null {
  const normalisedEmail = email.trim().toLowerCase();
  if (password.trim().toLowerCase() === normalisedEmail) return PASSWORD_IS_EMAIL;
  if (new Set(password).size === 1) return PASSWORD_ONE_CHARACTER;
  // The email and its local part count as words an attacker knows.
  const userInputs = [normalisedEmail, normalisedEmail.split('@')[0]].filter((s) => s.length > 0);
  return zxcvbn().check(password, userInputs).score < MIN_SCORE ? PASSWORD_TOO_COMMON : null;
}

/** The same, for the "New password" field of a change of password: the refusal names that field. */
export function newPasswordProblem(password: string, email: string): string | null {
  return weakPasswordProblem(password, email)?.replace(/^Password/, 'New password') ?? null;
}
