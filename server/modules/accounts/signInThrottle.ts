import type { Queryable } from '../../db/db';
import { HttpError } from '../../lib/errors';
import { verifyPassword } from '../../lib/secrets';
import { enqueueMail, type MailRecipient } from '../mail/mailQueue';
import { signInFailuresEmail } from './accountEmails';
import { deleteIfLockedOut, SUBJECT_COLUMN } from './deviceCredentials';
import type { SessionKind } from './sessions';

/**
 * Sign-in throttling per account (table sign_in_failures), beside the per-address rate limit: after
 * `freeFailures` failed sign-ins with one email, each further attempt must wait 1 s after the last failure, then
 * 2 s, 4 s… up to `maxDelaySeconds`, so guessing one account's password from many addresses stays slow, yet its
 * owner waits at most that long. Counted by the email as typed, whether or not an account has it: an unknown email
 * is throttled the same way, so the answer tells nothing. A success clears the count; a day without failures too.
 *
 * An attempt on an email with failures on record claims its turn before the password is checked: one conditional
 * statement counts it as failed in advance while the count allows an attempt now, so of attempts sent at once only
 * those the count allows go on to the password (decision 0038). The caller then clears the count (success) or
 * releases the claim (neither: a right password still waiting for its code); a failure has nothing more to write.
 * An email with no failures on record is only read, until it fails.
 *
 * All of that counts unknown devices only (decision 0041). An attempt that presents a valid device credential of the
 * account (deviceCredentials.ts: a browser that signed in before, or the session it signed in) is held by that
 * credential's own count instead, kept the same way on its row of device_credentials: as many free failures, the same
 * waits, and past SIGN_IN_DEVICE_LOCKOUT_FAILURES the credential is deleted. Its success leaves the account's count
 * alone, so an attacker keeping the throttle up gets no new free failures from the owner's sign-ins.
 */

export interface ThrottleSettings {
  freeFailures: number;
  maxDelaySeconds: number;
  /** Failures after which a device credential is deleted. */
  deviceLockoutFailures: number;
  /** Days a device credential lasts after its last successful sign-in. */
  deviceDays: number;
}

/** The owner's notice of failed sign-ins: the site's address its link starts with, and whom to tell it is queued. */
export interface FailureNotice {
  publicUrl: string;
  onQueued: () => void;
}

/** The refusal of an unknown device: the owner may be the one reading it, so it says what still works. */
export const THROTTLED_MESSAGE =
  'Too many failed sign-ins for this account: someone may be guessing its password. You can still sign in from a ' +
  'browser you signed in with before, or reset your password.';
/** An admin's: admins change their password signed in (or have it set with `npm run admin -- password`). */
export const ADMIN_THROTTLED_MESSAGE =
  'Too many failed sign-ins for this account: someone may be guessing its password. You can still sign in from a ' +
  'browser you signed in with before.';
/** The refusal of a known device waiting after its own failures. */
export const DEVICE_THROTTLED_MESSAGE = 'Too many failed sign-ins from this browser.';

/** The wait, in the words of the refusal: whole seconds under a minute, then whole minutes, rounded up. */
export function waitInWords(seconds: number): string {
  const [n, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `Try again in ${n} ${unit}${n === 1 ? '' : 's'}.`;
}

export const WRONG_CREDENTIALS = 'Email or password is incorrect';

/** Failures count for this long after the last one; then the count starts again (and the purge deletes the row). */
export const FAILURES_COUNT_FOR_DAYS = 1;

/** A 429 for a throttled account, with the seconds to wait (sent as Retry-After). */
const signInThrottled = (seconds: number, reason: string) =>
  new HttpError(429, `${reason} ${waitInWords(seconds)}`, undefined, { 'retry-after': String(seconds) });

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
  /** The email's failures with this attempt counted, when it claimed its turn; null when none were on record. */
  claimed: number | null;
  /** The failures on record before the claim (what releasing it restores). */
  before: { failures: number; lastFailureAt: Date | null } | null;
  /** The hash of the valid device credential the attempt presented: its count is the one claimed (null: unknown device). */
  device: string | null;
}

const ACCOUNTS: Record<SessionKind, { table: string; columns: string }> = {
  customer: { table: 'users', columns: '' },
  admin: { table: 'admins', columns: ', a.totp_secret' },
};

/**
 * The failures on record still count ($1 kind, $2 email or device credential hash, $3 free failures, $4 the longest
 * wait in seconds; `f` the row of sign_in_failures or device_credentials).
 */
const STILL_COUNTS = `f.last_failure_at > now() - make_interval(days => ${FAILURES_COUNT_FOR_DAYS})`;
/** When the next attempt may go, once the free failures are used up. */
const NEXT_ATTEMPT_AT = `f.last_failure_at + make_interval(secs => least($4::int, power(2, least(f.failures - $3::int, 30))))`;
/**
 * The seconds this email must still wait (null or not above 0: none). Against the clock, not now(): a statement's
 * now() is when its transaction began, which can precede a claim its snapshot already sees; the wait then came out a
 * second longer than Retry-After should say (seen on PostgreSQL with 20 attempts at once).
 */
const WAIT_SECONDS = `case when ${STILL_COUNTS} and f.failures >= $3::int
  then ceil(extract(epoch from (${NEXT_ATTEMPT_AT} - clock_timestamp())))::int end`;

interface FailuresRow {
  failures: number | null;
  last_failure_at: Date | null;
  wait_seconds: number | null;
}

/**
 * The turn of an attempt on an email with failures on record: the attempt is counted as failed in advance, in one
 * conditional statement, when the count allows one now. Of claims at once, PostgreSQL makes each wait for the one
 * before and check the condition again against its count, so only as many go on as the count allows. Answers the
 * count with the claim (null: not claimed) and the row as it was before it.
 */
/** The count a claim takes its turn on: the account's (by email), or a device credential's own (by its hash). */
const COUNTS = {
  account: { table: 'sign_in_failures', row: 'f.kind = $1 and f.email = lower($2)' },
  device: { table: 'device_credentials', row: 'f.kind = $1 and f.token_hash = $2' },
} as const;

const claimSql = ({ table, row }: (typeof COUNTS)[keyof typeof COUNTS]) => `with claim as (
    update ${table} f
       set failures = case when ${STILL_COUNTS} then f.failures + 1 else 1 end, last_failure_at = now()
     where ${row}
       and (not (${STILL_COUNTS}) or f.failures < $3::int or ${NEXT_ATTEMPT_AT} <= clock_timestamp())
     returning f.failures
  )
  select (select failures from claim) as claimed, f.failures, f.last_failure_at, ${WAIT_SECONDS} as wait_seconds
    from (select 1) one
    left join ${table} f on ${row}`;

// A device credential's count is claimed on every attempt that presents it (one row per browser, so no read saved).
const CLAIM_SQL = { account: claimSql(COUNTS.account), device: claimSql(COUNTS.device) };

/**
 * The account signing in, and its throttling: one read, which is all an email with no failures on record costs;
 * with failures on record that still count, the attempt claims its turn (CLAIM_SQL), or is refused (429 with the
 * seconds to wait) before any password is checked. With `device`, the hash of a device credential presented (by the
 * browser, or the session it signed in), a valid one of this account claims its own turn instead.
 */
export async function signInLookup(
  db: Queryable,
  kind: SessionKind,
  email: string,
  settings: ThrottleSettings,
  refusal = THROTTLED_MESSAGE,
  device: string | null = null,
): Promise<SignInLookup> {
  const { table, columns } = ACCOUNTS[kind];
  const params = [kind, email.trim(), settings.freeFailures, settings.maxDelaySeconds];
  const { rows } = await db.query<Partial<SignInAccount> & FailuresRow & { device: string | null }>(
    `select a.id, a.email, a.password_hash${columns}, f.failures, ${WAIT_SECONDS} as wait_seconds,
            d.token_hash as device
       from (select 1) one
       left join ${table} a on lower(a.email) = lower($2)
       left join sign_in_failures f on f.kind = $1 and f.email = lower($2) and ${STILL_COUNTS}
       left join device_credentials d on d.token_hash = $5 and d.kind = $1 and d.${SUBJECT_COLUMN[kind]} = a.id
                                     and d.expires_at > now()`,
    [...params, device],
  );
  const account = rows[0].id ? (rows[0] as SignInAccount) : null;
  const known = rows[0].device;
  if (known) {
    const turn = await claimTurn(db, 'device', [kind, known, ...params.slice(2)], DEVICE_THROTTLED_MESSAGE);
    if (turn.claimed !== null) return { account, ...turn, device: known };
    // Deleted since the read (locked out by another attempt): this one is an unknown device's.
  }
  const unclaimed: SignInLookup = { account, claimed: null, before: null, device: null };
  if (rows[0].failures === null) return unclaimed;
  return { account, ...(await claimTurn(db, 'account', params, refusal, rows[0])), device: null };
}

/**
 * Claims the attempt's turn on a count (CLAIM_SQL), or refuses it with the wait. A claim lost to another attempt
 * reads the wait that one set; after a few, the answer is to wait a second. `read`: the count as the lookup saw it.
 */
async function claimTurn(
  db: Queryable,
  count: 'account' | 'device',
  params: unknown[],
  refusal: string,
  read: FailuresRow | null = null,
): Promise<Pick<SignInLookup, 'claimed' | 'before'>> {
  for (let claimRow = read, tries = 0; ; tries++) {
    if (claimRow?.wait_seconds != null && claimRow.wait_seconds > 0) {
      throw signInThrottled(claimRow.wait_seconds, refusal);
    }
    if (tries === 3) throw signInThrottled(1, refusal);
    const claim = (await db.query<FailuresRow & { claimed: number | null }>(CLAIM_SQL[count], params)).rows[0];
    if (claim.claimed !== null) {
      const before =
        claim.failures === null ? null : { failures: claim.failures, lastFailureAt: claim.last_failure_at };
      return { claimed: claim.claimed, before };
    }
    // Cleared meanwhile (a success, or the credential deleted): nothing on record to claim.
    if (claim.failures === null) return { claimed: null, before: null };
    claimRow = claim;
  }
}

/**
 * Counts a failed attempt (a wrong password, or a wrong second-factor code) unless its claim already did and, when
 * this failure is the one that starts the waiting, emails the account's owner (once per burst; none for an
 * unknown email) and wakes the mail worker.
 */
export async function recordSignInFailure(
  db: Queryable,
  kind: SessionKind,
  email: string,
  lookup: SignInLookup,
  settings: ThrottleSettings,
  notice: FailureNotice,
): Promise<void> {
  // A known device's failure was counted by its claim; past the lockout its credential is gone.
  if (lookup.device) return deleteIfLockedOut(db, lookup.device, lookup.claimed ?? 0, settings.deviceLockoutFailures);
  const failures = lookup.claimed ?? (await countFailure(db, kind, email));
  const owner = lookup.account;
  if (failures !== settings.freeFailures || !owner) return;
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
      publicUrl: notice.publicUrl,
    }),
  );
  if (queued !== null) notice.onQueued();
}

/** A failure of an email with none on record when its attempt began: one upsert, answering the count. */
async function countFailure(db: Queryable, kind: SessionKind, email: string): Promise<number> {
  const { rows } = await db.query<{ failures: number }>(
    `insert into sign_in_failures as f (kind, email, failures, last_failure_at) values ($1, lower($2), 1, now())
     on conflict (kind, email) do update set
       failures = case when ${STILL_COUNTS} then f.failures + 1 else 1 end,
       last_failure_at = now()
     returning failures`,
    [kind, email.trim()],
  );
  return rows[0].failures;
}

/**
 * A successful sign-in starts the count again (a statement only when failures were on record): a known device's own
 * count, or the account's for an unknown device.
 */
export async function clearSignInFailures(db: Queryable, kind: SessionKind, lookup: SignInLookup): Promise<void> {
  if (lookup.claimed === null || !lookup.account) return;
  if (lookup.device) {
    await db.query('update device_credentials set failures = 0, last_failure_at = null where token_hash = $1', [
      lookup.device,
    ]);
    return;
  }
  await endSignInThrottle(db, kind, lookup.account.email);
}

/**
 * An attempt that neither failed nor succeeded (the right password, its code still to come) gives its claim back:
 * the count is as it was, unless another attempt claimed just before or since (then this one stays counted).
 */
export async function releaseClaim(db: Queryable, kind: SessionKind, email: string, lookup: SignInLookup) {
  const { claimed, before, device } = lookup;
  if (claimed === null || !before) return;
  // The claim counted on top of what it read (or afresh, when that no longer counted): no other claim came between.
  const stillCounted =
    before.lastFailureAt !== null && before.lastFailureAt.getTime() > Date.now() - FAILURES_COUNT_FOR_DAYS * 86_400_000;
  if (claimed !== (stillCounted ? before.failures + 1 : 1)) return;
  const { table, row } = COUNTS[device ? 'device' : 'account'];
  await db.query(`update ${table} f set failures = $3, last_failure_at = $4 where ${row} and f.failures = $5`, [
    kind,
    device ?? email.trim(),
    before.failures,
    before.lastFailureAt,
    claimed,
  ]);
}

/**
 * A reset or a change of password ends the account's throttle at once: whoever was guessing now guesses at a new
 * password, and the owner signs in with it from any device.
 */
export async function endSignInThrottle(db: Queryable, kind: SessionKind, email: string): Promise<void> {
  await db.query('delete from sign_in_failures where kind = $1 and email = lower($2)', [kind, email.trim()]);
}

/**
 * The first factor of a sign-in: the throttle, then the password (the same work for an unknown email). A wrong
 * one is counted and refused with 401; the account is answered otherwise, and its caller then clears the count
 * (clearSignInFailures) or releases the claim (releaseClaim): a claimed attempt stays counted as failed until then.
 * `failed` records a later failure (a wrong second-factor code) the same way. `device`: the hash of the device
 * credential presented (deviceCredentials.ts), which, when valid, is the count that holds the attempt.
 */
export async function checkPassword(
  db: Queryable,
  kind: SessionKind,
  credentials: { email: string; password: string },
  settings: ThrottleSettings,
  notice: FailureNotice,
  device: string | null = null,
): Promise<{ lookup: SignInLookup; account: SignInAccount; failed: (message: string) => Promise<HttpError> }> {
  const refusal = kind === 'admin' ? ADMIN_THROTTLED_MESSAGE : THROTTLED_MESSAGE;
  const lookup = await signInLookup(db, kind, credentials.email, settings, refusal, device);
  const failed = async (message: string) => {
    await recordSignInFailure(db, kind, credentials.email, lookup, settings, notice);
    return new HttpError(401, message);
  };
  const ok = await verifyPassword(lookup.account?.password_hash, credentials.password);
  if (!ok || !lookup.account) throw await failed(WRONG_CREDENTIALS);
  return { lookup, account: lookup.account, failed };
}
