-- name: outgoing mail queue, delivered in the background with retries
      -- Written in the same transaction as the decision to send; a worker (server/modules/mail/mailWorker.ts)
      -- delivers it. A worker claims a message by moving next_attempt_at past now() (a lease), so with
      -- several servers on one database each message has one deliverer at a time.
      create table mail_queue (
        id bigint generated always as identity primary key,
        to_address text not null,
        subject text not null,
        -- Cleared once sent: a message may carry a live link (password reset) that must not outlive delivery.
        body text,
        headers jsonb not null default '{}',
        status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        last_error text,
        created_at timestamptz not null default now(),
        sent_at timestamptz
      );
      -- The worker's claim: the oldest due pending messages.
      create index mail_queue_due_idx on mail_queue (next_attempt_at, id) where status = 'pending';
