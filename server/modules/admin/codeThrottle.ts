import type { Queryable } from '../../db/db';
import type { PasswordCheckSettings } from '../accounts/passwordChange';
import {
  clearSignInFailures,
  recordSignInFailure,
  releaseClaim,
  signInLookup,
  type SignInAccount,
} from '../accounts/signInThrottle';
import { adminEmail } from './admins';

/** The 429 of a code typed while the admin's count of failures says wait (it counts sign-ins and codes alike). */
export const CODES_THROTTLED = 'Too many failed sign-ins or codes for this account.';

/**
 * A code typed in a signed-in admin session (the fresh code; the enrolment's) goes through the admin's sign-in
 * throttle, one count with sign-in (decision 0038): a stolen session guesses codes no faster than sign-in allows,
 * from any address, and the admin is emailed as for failed sign-ins. `attempt` checks the code: null when it was
 * wrong (counted), its answer when it was right (the count is cleared). What it throws counts as neither.
 */
export async function throttledCode<T>(
  db: Queryable,
  adminId: string,
  { throttle, notice }: PasswordCheckSettings,
  attempt: (admin: SignInAccount) => Promise<T | null>,
): Promise<T | null> {
  // The session was checked a moment ago: no email means the admin was removed since, and nothing is tried.
  const email = await adminEmail(db, adminId);
  if (email === null) return null;
  const lookup = await signInLookup(db, 'admin', email, throttle, CODES_THROTTLED);
  if (!lookup.account) return null;
  let answer: T | null;
  try {
    answer = await attempt(lookup.account);
  } catch (err) {
    await releaseClaim(db, 'admin', email, lookup);
    throw err;
  }
  if (answer === null) await recordSignInFailure(db, 'admin', email, lookup, throttle, notice);
  else await clearSignInFailures(db, 'admin', lookup);
  return answer;
}
