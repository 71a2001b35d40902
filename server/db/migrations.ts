/**
 * Versioned schema migrations, applied in order at start-up. Never edit one that has shipped:
 * add a new entry instead. Plain PostgreSQL, so PGlite and a PostgreSQL server share one schema.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'core schema: accounts, sessions, resets, orders, status history, enquiries',
    sql: /* sql */ `
      create table users (
        id uuid primary key default gen_random_uuid(),
        name text not null,
        email text not null,
        password_hash text not null,
        address text not null default '',
        phno text not null default '',
        card_holder_name text not null default '',
        -- PCI DSS 3.4.1: only the last four digits of a card are ever kept; never the CVV.
        card_last4 char(4),
        card_exp_month smallint,
        card_exp_year smallint,
        billing_zip text not null default '',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index users_email_key on users (lower(email));

      create table admins (
        id uuid primary key default gen_random_uuid(),
        email text not null,
        password_hash text not null,
        created_at timestamptz not null default now()
      );
      create unique index admins_email_key on admins (lower(email));

      -- Tokens are random; only their SHA-256 is stored, so a leaked table grants no access.
      create table sessions (
        token_hash text primary key,
        kind text not null check (kind in ('customer', 'admin')),
        user_id uuid references users(id) on delete cascade,
        admin_id uuid references admins(id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz,
        check ((kind = 'customer' and user_id is not null and admin_id is null)
            or (kind = 'admin' and admin_id is not null and user_id is null))
      );
      create index sessions_user_idx on sessions (user_id) where user_id is not null;
      create index sessions_admin_idx on sessions (admin_id) where admin_id is not null;

      create table password_resets (
        token_hash text primary key,
        user_id uuid not null references users(id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index password_resets_user_idx on password_resets (user_id);

      create table gift_orders (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references users(id) on delete cascade,
        recipient_name text not null,
        relationship text not null,
        occasion text not null,
        gender text not null default '',
        address text not null,
        phone_number text not null,
        email text not null,
        interests text not null,
        budget text not null,
        default_option text not null default 'None',
        comments text not null default '',
        date date not null,
        status text not null default 'new' check (status in ('new', 'processed', 'finished', 'rejected')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index gift_orders_user_date_idx on gift_orders (user_id, date, created_at);
      create index gift_orders_status_date_idx on gift_orders (status, date, created_at);

      create table order_status_events (
        id bigint generated always as identity primary key,
        order_id uuid not null references gift_orders(id) on delete cascade,
        from_status text,
        to_status text not null,
        admin_id uuid references admins(id) on delete set null,
        changed_at timestamptz not null default now()
      );
      create index order_status_events_order_idx on order_status_events (order_id, changed_at);

      create table notes (
        id uuid primary key default gen_random_uuid(),
        type text not null check (type in ('Hiring', 'Brand Partner', 'Support', 'Contact Us')),
        name text not null default '',
        email text not null default '',
        details text not null default '',
        created_at timestamptz not null default now()
      );
      create index notes_type_created_idx on notes (type, created_at desc);
    `,
  },
  {
    version: 2,
    name: 'indexes that deliver each list in its exact order (with the id tiebreaker)',
    // Every list orders by a total order ending in id; an index ending one column short still
    // leaves a sort step (an incremental sort) for every request. These replace those indexes.
    sql: /* sql */ `
      -- admin getOrders: where status = $1 order by date, created_at, id limit/offset (paged)
      create index gift_orders_status_order_idx on gift_orders (status, date, created_at, id);
      drop index gift_orders_status_date_idx;

      -- getgifts: where user_id = $1 order by date, created_at, id (also serves the users foreign key)
      create index gift_orders_user_order_idx on gift_orders (user_id, date, created_at, id);
      drop index gift_orders_user_date_idx;

      -- admin getOrderDetails history: where order_id = $1 order by changed_at, id (and the foreign key)
      create index order_status_events_order_changed_idx on order_status_events (order_id, changed_at, id);
      drop index order_status_events_order_idx;

      -- admin getNotes: where type = $1 order by created_at desc, id
      create index notes_type_order_idx on notes (type, created_at desc, id);
      drop index notes_type_created_idx;
    `,
  },
  {
    version: 3,
    name: 'each order keeps its getgifts JSON, kept current by a trigger',
    sql: /* sql */ `
      -- The order exactly as GET /api/gifts/getgifts shows it (spec §3 names), built once when the
      -- row is written instead of on every read. The trigger recomputes it from the row itself on
      -- every insert and update (customer edits, status moves), in the same statement, so it can
      -- never be stale. Changing the shown fields means a new migration replacing the function.
      create function gift_orders_api_json() returns trigger language plpgsql as $$
      begin
        new.api_json := json_build_object(
          '_id', new.id::text, 'recipientName', new.recipient_name, 'relationship', new.relationship,
          'occasion', new.occasion, 'gender', new.gender, 'address', new.address, 'phoneNumber', new.phone_number,
          'email', new.email, 'interests', new.interests, 'budget', new.budget, 'defaultOption', new.default_option,
          'comments', new.comments, 'date', to_char(new.date, 'YYYY-MM-DD'), 'status', new.status)::text;
        return new;
      end
      $$;
      alter table gift_orders add column api_json text;
      create trigger gift_orders_api_json before insert or update on gift_orders
        for each row execute function gift_orders_api_json();
      -- The orders already there: the trigger computes each one's value.
      update gift_orders set api_json = '';
      alter table gift_orders alter column api_json set not null;
    `,
  },
  {
    version: 4,
    name: 'outgoing mail queue, delivered in the background with retries',
    sql: /* sql */ `
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
    `,
  },
  {
    version: 5,
    name: 'occasions that recur, reminders ahead of them, preferences and the calendar feed',
    sql: /* sql */ `
      alter table users
        add column time_zone text not null default 'UTC',
        add column reminder_emails boolean not null default true,
        add column order_emails boolean not null default true,
        -- The calendar feed's address. Kept as it is (not hashed) because the profile shows the address
        -- again; it opens that read-only feed and nothing else, and rotating it ends the old address.
        add column feed_token text,
        -- In reminder emails' unsubscribe links: it can only turn reminder emails off.
        add column unsubscribe_token text;
      create unique index users_feed_token_key on users (feed_token);
      create unique index users_unsubscribe_token_key on users (unsubscribe_token);

      create table occasions (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references users(id) on delete cascade,
        recipient_name text not null,
        relationship text not null,
        occasion text not null,
        date date not null,
        repeats_yearly boolean not null default true,
        remind_days_before smallint[] not null default '{30,7}',
        gender text not null default '',
        address text not null default '',
        phone_number text not null default '',
        email text not null default '',
        interests text not null default '',
        budget text not null default '',
        default_option text not null default 'None',
        comments text not null default '',
        -- When the reminder sweep next has something to decide for this occasion (the start of a due day
        -- in the customer's time zone); null when no reminder will ever fall due. The sweep reads only the
        -- rows due, through this index, so its cost does not grow with all the occasions stored.
        next_check_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index occasions_user_idx on occasions (user_id, date, created_at, id);
      create index occasions_next_check_idx on occasions (next_check_at) where next_check_at is not null;

      -- One row per reminder sent: (occurrence, days before) is sent at most once, across restarts and
      -- servers, because the row and the queued email are written in one transaction.
      create table occasion_reminders (
        occasion_id uuid not null references occasions(id) on delete cascade,
        occurrence date not null,
        days_before smallint not null,
        sent_at timestamptz not null default now(),
        primary key (occasion_id, occurrence, days_before)
      );

      alter table gift_orders add column occasion_id uuid references occasions(id) on delete set null;
      create index gift_orders_occasion_idx on gift_orders (occasion_id) where occasion_id is not null;
      -- Orders for a recipient and occasion near an occurrence (an order placed without naming the occasion).
      create index gift_orders_user_recipient_idx on gift_orders (user_id, lower(recipient_name), lower(occasion), date);
    `,
  },
  {
    version: 6,
    name: 'admin console: live counts, time in status, rejection reasons, budget in cents, search and sort indexes',
    sql: /* sql */ `
      -- When the order entered its current status, and the reason staff gave for a rejection (shown to the
      -- customer while the order stays rejected). Both are written with the status by applyStatusChange.
      alter table gift_orders add column status_since timestamptz, add column status_reason text;
      update gift_orders o set status_since = coalesce(
        (select max(e.changed_at) from order_status_events e where e.order_id = o.id and e.to_status = o.status),
        o.created_at);
      alter table gift_orders alter column status_since set default now(), alter column status_since set not null;
      alter table order_status_events add column reason text;

      -- The budget as a number, to sort by: kept by the database from the text the customer typed ("$49.99").
      -- 0 for the few older rows whose text is not an amount.
      alter table gift_orders add column budget_cents bigint generated always as (
        case when budget ~ '^[$]?[0-9]{1,9}([.][0-9]{1,2})?$' then round(replace(budget, '$', '')::numeric * 100)::bigint
             else 0 end) stored;

      -- getgifts shows a rejected order's reason as statusReason (absent otherwise: json_strip_nulls).
      create or replace function gift_orders_api_json() returns trigger language plpgsql as $$
      begin
        new.api_json := json_strip_nulls(json_build_object(
          '_id', new.id::text, 'recipientName', new.recipient_name, 'relationship', new.relationship,
          'occasion', new.occasion, 'gender', new.gender, 'address', new.address, 'phoneNumber', new.phone_number,
          'email', new.email, 'interests', new.interests, 'budget', new.budget, 'defaultOption', new.default_option,
          'comments', new.comments, 'date', to_char(new.date, 'YYYY-MM-DD'), 'status', new.status,
          'statusReason', case when new.status = 'rejected' then new.status_reason end))::text;
        return new;
      end
      $$;

      -- How many orders each status holds, kept by statement triggers in the same transaction as the change,
      -- so the admin's four counts are four rows read instead of counting up to 100,000 index entries each.
      -- Rows are changed in status order, so two transactions never wait on each other's counters in a cycle.
      create table order_status_counts (status text primary key, n bigint not null);
      insert into order_status_counts (status, n)
        select s, (select count(*) from gift_orders where status = s)
        from unnest(array['new', 'processed', 'finished', 'rejected']) s;
      create function order_status_counts_apply() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update order_status_counts c set n = c.n + d.n
            from (select status, count(*) n from new_rows group by status order by status) d where c.status = d.status;
        elsif tg_op = 'DELETE' then
          update order_status_counts c set n = c.n - d.n
            from (select status, count(*) n from old_rows group by status order by status) d where c.status = d.status;
        else
          update order_status_counts c set n = c.n + d.n
            from (select status, sum(k) n from (
                    select status, 1 k from new_rows union all select status, -1 from old_rows) x
                  group by status having sum(k) <> 0 order by status) d
           where c.status = d.status;
        end if;
        return null;
      end
      $$;
      create trigger order_status_counts_insert after insert on gift_orders
        referencing new table as new_rows for each statement execute function order_status_counts_apply();
      create trigger order_status_counts_update after update on gift_orders
        referencing old table as old_rows new table as new_rows for each statement execute function order_status_counts_apply();
      create trigger order_status_counts_delete after delete on gift_orders
        referencing old table as old_rows for each statement execute function order_status_counts_apply();

      -- The admin list's other orders (date order is gift_orders_status_order_idx, read backwards for -date).
      create index gift_orders_status_placed_idx on gift_orders (status, created_at, id);
      create index gift_orders_status_budget_idx on gift_orders (status, budget_cents, id);
      -- Search: recipient names, and customers' names and emails, by how they start (any case).
      create index gift_orders_status_recipient_idx on gift_orders (status, lower(recipient_name) text_pattern_ops);
      create index users_name_prefix_idx on users (lower(name) text_pattern_ops);
      create index users_email_prefix_idx on users (lower(email) text_pattern_ops);
      -- getNotes pages by keyset, newest first: (created_at, id) descending together, so the index holds
      -- both ascending and is read backwards. getNotes' tabs are counted from it too (index-only).
      drop index notes_type_order_idx;
      create index notes_type_order_idx on notes (type, created_at, id);
    `,
  },
  {
    version: 7,
    name: "a version of each customer's orders, changed by every write to them (getgifts' ETag)",
    sql: /* sql */ `
      -- A new random value whenever any of the customer's orders is placed, changed or deleted, by whatever code
      -- path: a reader holding the current value already has the current list. Random, so a value never matches
      -- another customer's, nor an earlier state of the same customer's orders.
      alter table users add column orders_version uuid not null default gen_random_uuid();
      create function users_orders_version_bump() returns trigger language plpgsql as $$
      begin
        -- The customers' rows are locked in id order, so two writes to many customers' orders never wait on
        -- each other in a cycle.
        if tg_op = 'DELETE' then
          update users u set orders_version = gen_random_uuid()
            from (select id from users where id in (select user_id from old_rows) order by id for update) c
           where u.id = c.id;
        else
          update users u set orders_version = gen_random_uuid()
            from (select id from users where id in (select user_id from new_rows) order by id for update) c
           where u.id = c.id;
        end if;
        return null;
      end
      $$;
      create trigger gift_orders_version_insert after insert on gift_orders
        referencing new table as new_rows for each statement execute function users_orders_version_bump();
      create trigger gift_orders_version_update after update on gift_orders
        referencing new table as new_rows for each statement execute function users_orders_version_bump();
      create trigger gift_orders_version_delete after delete on gift_orders
        referencing old table as old_rows for each statement execute function users_orders_version_bump();
    `,
  },
  {
    version: 8,
    name: 'every customer has an unsubscribe token from sign-up, so the reminder run never writes to users',
    sql: /* sql */ `
      -- The reminder run locks occasions and used to write users.unsubscribe_token on first use: the opposite
      -- order to placing an order (users, then the occasion), so the two deadlocked (docs/decisions/0012).
      -- 256 bits in the shape of newToken() (base64url, 43 characters), from two random UUIDs (244 random bits:
      -- PostgreSQL has no gen_random_bytes without pgcrypto).
      create function new_unsubscribe_token() returns text language sql volatile as $$
        select rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'),
                                      'base64'), '+/', '-_'), '=')
      $$;
      alter table users alter column unsubscribe_token set default new_unsubscribe_token();
      update users set unsubscribe_token = new_unsubscribe_token() where unsubscribe_token is null;
      alter table users alter column unsubscribe_token set not null;
    `,
  },
  {
    version: 9,
    name: 'rate-limit counts shared by every server on the database',
    sql: /* sql */ `
      -- One row per limited key (a hash of the call and the client address or customer): how many requests it
      -- made in its current window, and when that window ends. Every server counts here, so N servers allow the
      -- configured rate between them. UNLOGGED: a count is worth nothing after a crash (PostgreSQL then empties
      -- the table, and a client starts a fresh window), and skipping the write-ahead log makes each count cheaper.
      create unlogged table rate_limit_hits (
        key text primary key,
        window_ends_at timestamptz not null,
        hits integer not null
      );
    `,
  },
  {
    version: 10,
    name: 'retention: when each fleet-wide job last started, and indexes for purging what is past its retention',
    sql: /* sql */ `
      -- One row per scheduled job: a server runs the job only if it moves started_at forward (one statement),
      -- so a fleet on one database runs it once per interval whichever server's timer fires first.
      create table job_runs (
        name text primary key,
        started_at timestamptz not null
      );
      -- The purge (server/modules/retention/purge.ts) deletes by these: sessions that expired or were revoked,
      -- reset links that expired, and sent or failed emails by when they were sent or last tried.
      create index sessions_expires_idx on sessions (expires_at);
      create index sessions_revoked_idx on sessions (revoked_at) where revoked_at is not null;
      create index password_resets_expires_idx on password_resets (expires_at);
      create index mail_queue_sent_idx on mail_queue (sent_at) where status = 'sent';
      create index mail_queue_failed_idx on mail_queue (next_attempt_at) where status = 'failed';
    `,
  },
];
