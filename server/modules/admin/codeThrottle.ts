import type { Queryable } from '../../db/db';
import { sessionAccount } from '../accounts/deviceCredentials';
import type { PasswordCheckSettings } from '../accounts/passwordChange';
import type { Session } from '../accounts/sessions';
import {
  clearSignInFailures,
  recordSignInFailure,
  releaseClaim,
  signInLookup,
  type SignInAccount,
} from '../accounts/signInThrottle';

/** The 429 of a code typed while the admin's count of failures says wait (it counts sign-ins and codes alike). */
export const CODES_THROTTLED = 'Too many failed sign-ins or codes for this account.';

/**
 * A code typed in a signed-in admin session (the fresh code; the enrolment's) goes through the admin's sign-in
 * throttle, one count with sign-in (decision 0038): a stolen session guesses codes no faster than sign-in allows,
 * from any address, and the admin is emailed as for failed sign-ins. A session signed in from a known browser (its
 * device credential, decision 0041) counts on that credential instead, as its sign-ins do: an attacker keeping the
 * account's throttle up does not hold the admin's own session. `attempt` checks the code: null when it was wrong
 * (counted), its answer when it was right (the count is cleared). What it throws counts as neither.
 */
export async function throttledCode<T>(
  db: Queryable,
  session: Session,
  { throttle, notice }: PasswordCheckSettings,
  attempt: (admin: SignInAccount) => Promise<T | null>,
): Promise<T | null> {
  // The session was checked a moment ago: no email means the admin was removed since, and nothing is tried.
  const signedIn = await sessionAccount(db, session);
  if (signedIn === null) return null;
  const { email, device } = signedIn;
  const lookup = await signInLookup(db, 'admin', email, throttle, CODES_THROTTLED, device);
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
