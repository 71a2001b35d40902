-- name: email verification links, and each customer's daily budget of reminder and order emails
      -- A link that proves the customer reads the address: only its SHA-256 is kept, like a password reset's.
      -- The address it was sent to is kept with it, so a link opened after the account's address changed
      -- verifies nothing.
      create table email_verifications (
        token_hash text primary key,
        user_id uuid not null references users(id) on delete cascade,
        email text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index email_verifications_user_idx on email_verifications (user_id);
      create index email_verifications_expires_idx on email_verifications (expires_at);

      -- One row per customer: the reminder and order emails of their current day (in their time zone), those
      -- sent and those held back over the budget. A new day starts the counts again in the same row, so the
      -- table never grows beyond one row per customer who has been sent mail. last_allowed tells the statement
      -- that counted one email whether that email was within the budget.
      create table mail_budgets (
        user_id uuid primary key references users(id) on delete cascade,
        day date not null,
        sent integer not null default 0,
        held integer not null default 0,
        last_allowed boolean not null default true
      );
