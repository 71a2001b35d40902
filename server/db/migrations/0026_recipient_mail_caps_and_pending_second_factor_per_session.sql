-- name: verification and reset emails counted per recipient address, and a pending second factor kept per session
      -- The verification and password-reset emails sent to one address over the last day (mail/mailQueue.ts caps them
      -- per hour and per day): keyed by the SHA-256 of the address in lower case, never the address, so that an
      -- account erased and signed up again, or a second account, meets the same count. recent_sends holds the times
      -- of those sent within the last day (at most RECIPIENT_MAIL_DAILY_LIMIT of them); one conditional upsert counts
      -- and checks, so concurrent requests and servers take their turns. The purge deletes a row once its last
      -- send no longer counts (retention/purge.ts), found through the index.
      create table recipient_mail_counts (
        address_hash text primary key,
        recent_sends timestamptz[] not null,
        last_sent_at timestamptz not null
      );
      create index recipient_mail_counts_last_sent_idx on recipient_mail_counts (last_sent_at);

      -- The secret an enrolment screen offered belongs to the enrol-only session that asked for it (sealed with
      -- TOTP_ENCRYPTION_KEY when set, as admins.totp_secret is), no longer to the admin: another session's setup,
      -- whoever made it, cannot replace it (admin/secondFactor.ts). A pending enrolment of the old column is
      -- dropped with it: its admin asks for a new secret.
      alter table sessions add column totp_pending_secret text;
      alter table admins drop column totp_pending_secret;
