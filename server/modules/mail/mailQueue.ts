import type { RecipientCap } from '../../config/config';
import type { Queryable } from '../../db/db';
import type { Mail } from './mailer';

/**
 * What each kind of customer email is for, which decides whether it waits for a verified address, whether it
 * counts against the account's daily budget (MAIL_DAILY_LIMIT), and whether it counts against its recipient
 * address's cap (RECIPIENT_MAIL_HOURLY_LIMIT and _DAILY_LIMIT). A new kind of customer email gets a line here
 * (docs/architecture.md, "Email"): only what an unverified owner needs to get into or verify their account goes
 * to an unverified address, and that is capped per address (whoever asks for it, it goes to the address);
 * anything the customer may get many of is budgeted.
 */
export const CUSTOMER_MAIL = {
  /** The link that verifies the address. */
  verification: { needsVerified: false, budgeted: false, capped: true },
  passwordReset: { needsVerified: false, budgeted: false, capped: true },
  reminder: { needsVerified: true, budgeted: true, capped: false },
  /** Staff moved one of the customer's orders. */
  orderStatus: { needsVerified: true, budgeted: true, capped: false },
  /** A step of an order's journey: a gift proposed, shipped, delivered (contract/journey.ts). */
  orderJourney: { needsVerified: true, budgeted: true, capped: false },
  /** A security notice: reminder emails were turned on again after an unsubscribe link (accounts/preferences.ts). */
  remindersOnAgain: { needsVerified: true, budgeted: false, capped: false },
  /** A security notice: repeated failed sign-ins to the account (accounts/signInThrottle.ts). */
  signInFailures: { needsVerified: true, budgeted: false, capped: false },
  /** A security notice: the password was changed from a signed-in session (accounts/passwordChange.ts). */
  passwordChanged: { needsVerified: true, budgeted: false, capped: false },
} as const satisfies Record<string, { needsVerified: boolean; budgeted: boolean; capped: boolean }>;

type CustomerMailKind = keyof typeof CUSTOMER_MAIL;
/** The kinds whose rule `rule` is true. */
type KindsWith<Rule extends 'budgeted' | 'capped'> = {
  [K in CustomerMailKind]: (typeof CUSTOMER_MAIL)[K][Rule] extends true ? K : never;
}[CustomerMailKind];
type BudgetedKind = KindsWith<'budgeted'>;
type CappedKind = KindsWith<'capped'>;

/**
 * Who an email goes to. A customer's email names their account, never an address: the address is the account's
 * own, read in the statement that queues the mail, with the account's verification and budget. Only an address
 * that belongs to no customer account (staff) is given as it is.
 */
export type MailRecipient =
  | { account: string; kind: Exclude<CustomerMailKind, BudgetedKind | CappedKind> }
  | { account: string; kind: BudgetedKind; dailyLimit: number }
  | { account: string; kind: CappedKind; cap: RecipientCap }
  | { staffAddress: string };

/** How far back the address's cap counts (RECIPIENT_MAIL_DAILY_LIMIT): the purge deletes a count older than this. */
export const RECIPIENT_CAP_DAYS = 1;

/**
 * The day the daily budget counts in: the UTC day, the same whatever time zone the customer chooses (a budget per
 * local day started again when the zone changed).
 */
export const BUDGET_DAY_SQL = `(now() at time zone 'UTC')::date`;

/** What the code that writes a budgeted customer email needs to know: where links point, and the daily budget. */
export interface CustomerMailSettings {
  publicUrl: string;
  dailyLimit: number;
}

/** An email's content; where it goes is its MailRecipient. */
export type MailContent = Omit<Mail, 'to'>;

/**
 * The one gate of customer mail, in one statement: reads the account's address and whether it is verified, counts a
 * budgeted email in the account's row of mail_budgets, counts a capped one in its address's row of
 * recipient_mail_counts, and queues the email only when the rules let it go. Each count is one upsert that holds its
 * row, so concurrent requests and servers count one after another; the cap's upsert changes the row only while the
 * last hour and day leave room (its `where` is checked against the row as the previous request left it), so what it
 * keeps back leaves no trace. An email over the budget is counted as held, and never queued.
 */
const CUSTOMER_ENQUEUE_SQL = `with account as (
    select id, email, email_verified_at is not null as verified, ${BUDGET_DAY_SQL} as day
      from users where id = $1
  ), counted as (
    insert into mail_budgets as b (user_id, day, sent, held, last_allowed)
    select id, day, 1, 0, true from account where verified and $6::int is not null
    on conflict (user_id) do update set
      sent = case when b.day = excluded.day then b.sent + (b.sent < $6::int)::int else 1 end,
      held = case when b.day = excluded.day then b.held + (b.sent >= $6::int)::int else 0 end,
      last_allowed = b.day <> excluded.day or b.sent < $6::int,
      day = excluded.day
    returning last_allowed
  ), capped as (
    insert into recipient_mail_counts as c (address_hash, recent_sends, last_sent_at)
    select encode(sha256(convert_to(lower(email), 'UTF8')), 'hex'), array[now()], now()
      from account where $8::int is not null
    on conflict (address_hash) do update set
      recent_sends = array(select s from unnest(c.recent_sends) s where s > now() - interval '${RECIPIENT_CAP_DAYS} day') || now(),
      last_sent_at = now()
    where (select count(*) from unnest(c.recent_sends) s where s > now() - interval '1 hour') < $8::int
      and (select count(*) from unnest(c.recent_sends) s where s > now() - interval '${RECIPIENT_CAP_DAYS} day') < $9::int
    returning 1
  )
  insert into mail_queue (to_address, subject, body, html, headers)
  select email, $2, $3, $7, $4 from account
   where (verified or not $5::boolean) and ($6::int is null or (select last_allowed from counted))
     and ($8::int is null or exists (select from capped))
  returning id::text as id`;

/**
 * The durable outgoing-mail queue (table mail_queue). Anything that decides to send mail enqueues it
 * with the same transaction that records the decision, so either both happen or neither does; the
 * worker (mailWorker.ts) delivers it afterwards, never inside a request. Delivery is at-least-once:
 * a worker that dies after the SMTP server accepted a message but before marking it sent lets the
 * message be sent again once its lease runs out.
 *
 * Answers the queued row's id, or null when the gate kept a customer's email back (an unverified address, the
 * day's budget spent, the address's cap reached, or no such account).
 */
export async function enqueueMail(tx: Queryable, to: MailRecipient, mail: MailContent): Promise<string | null> {
  const headers = JSON.stringify(mail.headers ?? {});
  if ('staffAddress' in to) {
    const { rows } = await tx.query<{ id: string }>(
      'insert into mail_queue (to_address, subject, body, html, headers) values ($1, $2, $3, $4, $5) returning id::text as id',
      [to.staffAddress, mail.subject, mail.text, mail.html ?? null, headers],
    );
    return rows[0].id;
  }
  const rules = CUSTOMER_MAIL[to.kind];
  const dailyLimit = rules.budgeted && 'dailyLimit' in to ? to.dailyLimit : null;
  const cap = rules.capped && 'cap' in to ? to.cap : null;
  const { rows } = await tx.query<{ id: string }>(CUSTOMER_ENQUEUE_SQL, [
    to.account,
    mail.subject,
    mail.text,
    headers,
    rules.needsVerified,
    dailyLimit,
    mail.html ?? null,
    cap?.perHour ?? null,
    cap?.perDay ?? null,
  ]);
  return rows[0]?.id ?? null;
}

export interface QueuedMail extends Mail {
  id: string;
  /** Counting the attempt just claimed. */
  attempts: number;
}

/**
 * Claims up to `limit` due messages for one delivery attempt each: counts the attempt and pushes
 * next_attempt_at `leaseMs` ahead, so no other worker takes them meanwhile, and a worker that dies
 * mid-delivery only delays them. `skip locked`: workers on other servers claim other rows at once
 * instead of waiting.
 */
export async function claimDueMail(db: Queryable, limit: number, leaseMs: number): Promise<QueuedMail[]> {
  const { rows } = await db.query<{
    id: string;
    to_address: string;
    subject: string;
    body: string;
    html: string | null;
    headers: Record<string, string>;
    attempts: number;
  }>(
    `update mail_queue set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
     where id in (
       select id from mail_queue where status = 'pending' and next_attempt_at <= now()
       order by next_attempt_at, id limit $1 for update skip locked)
     returning id::text as id, to_address, subject, body, html, headers, attempts`,
    [limit, leaseMs],
  );
  return rows
    .map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      text: r.body,
      ...(r.html !== null && { html: r.html }),
      headers: r.headers,
      attempts: r.attempts,
    }))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * Delivered: both parts of the body and the List-Unsubscribe header (which may hold live links) are dropped; the
 * row stays as a record.
 */
export async function markMailSent(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update mail_queue set status = 'sent', sent_at = now(), body = null, html = null, headers = headers - 'List-Unsubscribe',
       last_error = null
     where id = $1`,
    [id],
  );
}

/** A failed attempt: try again after `retryInMs`, or give up for good when `giveUp`. */
export async function markMailFailed(
  db: Queryable,
  id: string,
  error: string,
  retryInMs: number,
  giveUp: boolean,
): Promise<void> {
  await db.query(
    `update mail_queue set last_error = $2, status = case when $4::boolean then 'failed' else 'pending' end,
       next_attempt_at = now() + make_interval(secs => $3::double precision / 1000)
     where id = $1`,
    [id, error, retryInMs, giveUp],
  );
}

/** Claimed but never tried (the worker is stopping): due again now, the attempt not counted. */
export async function releaseMail(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `update mail_queue set attempts = attempts - 1, next_attempt_at = now() where id = any($1::bigint[]) and status = 'pending'`,
    [ids],
  );
}

/** Delay before the next attempt: the first retry after `firstRetryMs`, doubling each time, at most an hour. */
export function retryDelayMs(attemptsSoFar: number, firstRetryMs: number): number {
  return Math.min(firstRetryMs * 2 ** Math.max(0, attemptsSoFar - 1), 60 * 60 * 1000);
}
