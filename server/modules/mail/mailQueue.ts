import type { Queryable } from '../../db/db';
import type { Mail } from './mailer';

/**
 * The durable outgoing-mail queue (table mail_queue). Anything that decides to send mail enqueues it
 * with the same transaction that records the decision, so either both happen or neither does; the
 * worker (mailWorker.ts) delivers it afterwards, never inside a request. Delivery is at-least-once:
 * a worker that dies after the SMTP server accepted a message but before marking it sent lets the
 * message be sent again once its lease runs out.
 */
export async function enqueueMail(tx: Queryable, mail: Mail): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'insert into mail_queue (to_address, subject, body, headers) values ($1, $2, $3, $4) returning id::text as id',
    [mail.to, mail.subject, mail.text, JSON.stringify(mail.headers ?? {})],
  );
  return rows[0].id;
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
    headers: Record<string, string>;
    attempts: number;
  }>(
    `update mail_queue set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
     where id in (
       select id from mail_queue where status = 'pending' and next_attempt_at <= now()
       order by next_attempt_at, id limit $1 for update skip locked)
     returning id::text as id, to_address, subject, body, headers, attempts`,
    [limit, leaseMs],
  );
  return rows
    .map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      text: r.body,
      headers: r.headers,
      attempts: r.attempts,
    }))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * Delivered: the body and the List-Unsubscribe header (which may hold live links) are dropped; the row stays as a
 * record.
 */
export async function markMailSent(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update mail_queue set status = 'sent', sent_at = now(), body = null, headers = headers - 'List-Unsubscribe',
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
