-- name: sessions a person can see and end: a public id, last use, device, and an idle limit for admin sessions
      -- public_id names a session to its owner in the devices list and its sign-out, so the token hash never
      -- leaves the database. last_seen_at is moved forward by the session check itself, at most once a minute.
      -- browser and os are the names parsed from the User-Agent at sign-in (the raw header is not kept);
      -- client_address is the address the sign-in came from. All go with the row, which the purge deletes
      -- SESSION_RETENTION_DAYS after the session ended.
      -- idle_minutes: the session ends after this long unused (admin sessions); null never (customer sessions).
      alter table sessions
        add column public_id uuid not null default gen_random_uuid(),
        add column last_seen_at timestamptz not null default now(),
        add column browser text,
        add column os text,
        add column client_address text,
        add column idle_minutes integer check (idle_minutes > 0);
      create unique index sessions_public_id_key on sessions (public_id);
