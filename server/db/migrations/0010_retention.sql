-- name: retention: when each fleet-wide job last started, and indexes for purging what is past its retention
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
