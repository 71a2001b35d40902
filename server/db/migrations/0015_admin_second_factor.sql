-- name: admins' TOTP second factor with recovery codes, fresh-second-factor sessions, and sign-in throttling per account
      -- The admin's TOTP secret, encrypted with TOTP_ENCRYPTION_KEY when set (decision 0015); null until enrolled.
      -- totp_pending_secret is the one offered by the enrolment screen, kept until a code confirms it.
      -- totp_last_step is the last 30-second step whose code was accepted: a code is taken only for a later step,
      -- in one conditional update, so no code works twice, even on two servers at once.
      alter table admins add column totp_secret text;
      alter table admins add column totp_pending_secret text;
      alter table admins add column totp_last_step bigint;

      -- Ten single-use recovery codes per enrolled admin, stored only as SHA-256.
      create table admin_recovery_codes (
        admin_id uuid not null references admins(id) on delete cascade,
        code_hash text not null,
        used_at timestamptz,
        primary key (admin_id, code_hash)
      );

      -- An admin session made before the admin enrolled opens only the enrolment calls; second_factor_at is when
      -- this session last passed a TOTP or recovery code (sensitive actions want it recent).
      alter table sessions add column enrol_only boolean not null default false;
      alter table sessions add column second_factor_at timestamptz;

      -- Failed sign-ins per account, keyed by the email as typed (lower case), whether or not an account has it,
      -- so the answer never tells whether one exists. Past a few failures each attempt waits, longer after each further failure.
      create table sign_in_failures (
        kind text not null check (kind in ('customer', 'admin')),
        email text not null,
        failures integer not null,
        last_failure_at timestamptz not null,
        primary key (kind, email)
      );
