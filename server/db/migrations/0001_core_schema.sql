-- name: core schema: accounts, sessions, resets, orders, status history, enquiries
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
