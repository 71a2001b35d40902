-- name: failed sign-ins that no longer count are purged
      -- A row counts for a day after its last failure (accounts/signInThrottle.ts); the purge then deletes it
      -- (retention/purge.ts), found through this index rather than by reading the whole table.
      create index sign_in_failures_last_failure_idx on sign_in_failures (last_failure_at);
