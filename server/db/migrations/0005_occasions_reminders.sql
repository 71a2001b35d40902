-- name: occasions that recur, reminders ahead of them, preferences and the calendar feed
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
