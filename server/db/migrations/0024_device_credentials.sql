-- name: device credentials: a browser that signed in to an account before is told apart from unknown devices
      -- OWASP's "device cookie" (decision 0041): after a successful sign-in the browser gets a random secret bound to
      -- the account, kept here only as its SHA-256. A sign-in that presents it is held by its own failures
      -- (failures, last_failure_at: free failures, then a wait; too many and the row is deleted), not by the
      -- account's sign_in_failures, which then counts unknown devices alone. expires_at moves forward with each
      -- successful use; the purge deletes a row once it expired, and the account's deletion deletes its rows.
      create table device_credentials (
        token_hash text primary key,
        kind text not null check (kind in ('customer', 'admin')),
        user_id uuid references users(id) on delete cascade,
        admin_id uuid references admins(id) on delete cascade,
        created_at timestamptz not null default now(),
        last_used_at timestamptz not null default now(),
        expires_at timestamptz not null,
        failures integer not null default 0,
        last_failure_at timestamptz,
        check ((kind = 'customer' and user_id is not null and admin_id is null)
            or (kind = 'admin' and admin_id is not null and user_id is null))
      );
      create index device_credentials_user_idx on device_credentials (user_id) where user_id is not null;
      create index device_credentials_admin_idx on device_credentials (admin_id) where admin_id is not null;
      create index device_credentials_expires_idx on device_credentials (expires_at);

      -- The device credential a session was signed in with: a check of the password or of a code inside that
      -- session counts on it (the session proves the known browser). Null for sessions from before, or whose
      -- credential is gone: those count on the account's throttle as before.
      alter table sessions
        add column device_token_hash text references device_credentials(token_hash) on delete set null;
      create index sessions_device_idx on sessions (device_token_hash) where device_token_hash is not null;
