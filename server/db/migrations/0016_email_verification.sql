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
      -- that counted one email whether that email was within the budget. No foreign key, for the reason
      -- unsubscribe_links has none (migration 12): the reminder run counts here while it holds occasion locks,
      -- and the key's key-share lock on users would wait on a request that locked users first
      -- (docs/decisions/0012). Deleting an account deletes its row (the trigger below).
      create table mail_budgets (
        user_id uuid primary key,
        day date not null,
        sent integer not null default 0,
        held integer not null default 0,
        last_allowed boolean not null default true
      );
      create function users_delete_mail_budget() returns trigger language plpgsql as $$
      begin
        delete from mail_budgets where user_id = old.id;
        return null;
      end
      $$;
      create trigger users_mail_budget_delete after delete on users
        for each row execute function users_delete_mail_budget();
