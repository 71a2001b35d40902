import type { Queryable } from '../../db/db';
import { HttpError } from '../../lib/errors';
import { verifyPassword } from '../../lib/secrets';
import { enqueueMail, type MailRecipient } from '../mail/mailQueue';
import { signInFailuresEmail } from './accountEmails';
import type { SessionKind } from './sessions';

/**
 * Sign-in throttling per account (table sign_in_failures), beside the per-address rate limit: after
 * `freeFailures` failed sign-ins with one email, each further attempt must wait 1 s after the last failure, then
 * 2 s, 4 s… up to `maxDelaySeconds`, so guessing one account's password from many addresses stays slow, yet its
 * owner waits at most that long. Counted by the email as typed, whether or not an account has it: an unknown email
 * is throttled the same way, so the answer tells nothing. A success clears the count; a day without failures too.
 */

export interface ThrottleSettings {
  freeFailures: number;
  maxDelaySeconds: number;
}

/** The owner's notice of failed sign-ins: the site's address its link starts with, and whom to tell it is queued. */
export interface FailureNotice {
  publicUrl: string;
  onQueued: () => void;
}

export const THROTTLED_MESSAGE = 'Too many failed sign-ins for this account. Wait a moment, then try again.';

export const WRONG_CREDENTIALS = 'Email or password is incorrect';

/** A 429 for a throttled account, with the seconds to wait (sent as Retry-After). */
const signInThrottled = (seconds: number) =>
  new HttpError(429, THROTTLED_MESSAGE, undefined, { 'retry-after': String(seconds) });

export interface SignInAccount {
  id: string;
  email: string;
  password_hash: string;
  /** Admins: the stored TOTP secret (null: not enrolled). */
  totp_secret?: string | null;
}

export interface SignInLookup {
  /** The account with this email, or null. */
  account: SignInAccount | null;
  /** Whether failures are on record (a success then clears them). */
  hadFailures: boolean;
}

const ACCOUNTS: Record<SessionKind, { table: string; columns: string }> = {
  customer: { table: 'users', columns: '' },
  admin: { table: 'admins', columns: ', a.totp_secret' },
};

/**
 * The account signing in, and its throttling, in one statement; refuses (429 with the seconds to wait) while the
 * email must still wait, before any password is checked.
 */
export async function signInLookup(
  db: Queryable,
  kind: SessionKind,
  email: string,
  settings: ThrottleSettings,
): Promise<SignInLookup> {
  const { table, columns } = ACCOUNTS[kind];
  const { rows } = await db.query<Partial<SignInAccount> & { wait_seconds: number | null; failures: number | null }>(
    `select a.id, a.email, a.password_hash${columns}, f.failures,
            case when f.failures >= $3::int then ceil(extract(epoch from (
              f.last_failure_at + make_interval(secs => least($4::int, power(2, least(f.failures - $3::int, 30))))
              - now())))::int end as wait_seconds
       from (select 1) one
       left join ${table} a on lower(a.email) = lower($2)
       left join sign_in_failures f on f.kind = $1 and f.email = lower($2)
                                   and f.last_failure_at > now() - interval '1 day'`,
    [kind, email.trim(), settings.freeFailures, settings.maxDelaySeconds],
  );
  const row = rows[0];
  if (row.wait_seconds !== null && row.wait_seconds > 0) throw signInThrottled(row.wait_seconds);
  return {
    account: row.id ? (row as SignInAccount) : null,
    hadFailures: row.failures !== null,
  };
}

/**
 * Counts a failed sign-in (a wrong password, or a wrong second-factor code) and, when this failure is the one that
 * starts the waiting, emails the account's owner (once per burst; `owner` is null for an unknown email).
 * Answers whether that email was queued, so the caller can wake the mail worker.
 */
export async function recordSignInFailure(
  db: Queryable,
  kind: SessionKind,
  email: string,
  owner: SignInAccount | null,
  settings: ThrottleSettings,
  publicUrl: string,
): Promise<boolean> {
  const { rows } = await db.query<{ failures: number }>(
    `insert into sign_in_failures as f (kind, email, failures, last_failure_at) values ($1, lower($2), 1, now())
     on conflict (kind, email) do update set
       failures = case when f.last_failure_at < now() - interval '1 day' then 1 else f.failures + 1 end,
       last_failure_at = now()
     returning failures`,
    [kind, email.trim()],
  );
  if (rows[0].failures !== settings.freeFailures || !owner) return false;
  // A customer's notice passes the mail gate (held until the address is verified); an admin's goes as it is.
  const to: MailRecipient =
    kind === 'customer' ? { account: owner.id, kind: 'signInFailures' } : { staffAddress: owner.email };
  const queued = await enqueueMail(
    db,
    to,
    signInFailuresEmail({
      accountKind: kind,
      email: owner.email,
      failures: settings.freeFailures,
      maxDelaySeconds: settings.maxDelaySeconds,
      publicUrl,
    }),
  );
  return queued !== null;
}

/** A successful sign-in starts the count again (a statement only when failures were on record). */
export async function clearSignInFailures(db: Queryable, kind: SessionKind, lookup: SignInLookup): Promise<void> {
  if (!lookup.hadFailures || !lookup.account) return;
  const email = lookup.account.email;
  await db.query('delete from sign_in_failures where kind = $1 and email = lower($2)', [kind, email.trim()]);
}

/**
 * The first factor of a sign-in: the throttle, then the password (the same work for an unknown email). A wrong
 * one is counted and refused with 401; the account is answered otherwise. `failed` records a later failure (a
 * wrong second-factor code) the same way.
 */
export async function checkPassword(
  db: Queryable,
  kind: SessionKind,
  credentials: { email: string; password: string },
  settings: ThrottleSettings,
  notice: FailureNotice,
): Promise<{ lookup: SignInLookup; account: SignInAccount; failed: (message: string) => Promise<HttpError> }> {
  const lookup = await signInLookup(db, kind, credentials.email, settings);
  const failed = async (message: string) => {
    const mailed = await recordSignInFailure(db, kind, credentials.email, lookup.account, settings, notice.publicUrl);
    if (mailed) notice.onQueued();
    return new HttpError(401, message);
  };
  const ok = await verifyPassword(lookup.account?.password_hash, credentials.password);
  if (!ok || !lookup.account) throw await failed(WRONG_CREDENTIALS);
  return { lookup, account: lookup.account, failed };
}
