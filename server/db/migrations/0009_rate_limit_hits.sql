-- name: rate-limit counts shared by every server on the database
      -- One row per limited key (a hash of the call and the client address or customer): how many requests it
      -- made in its current window, and when that window ends. Every server counts here, so N servers allow the
      -- configured rate between them. UNLOGGED: a count is worth nothing after a crash (PostgreSQL then empties
      -- the table, and a client starts a fresh window), and skipping the write-ahead log makes each count cheaper.
      create unlogged table rate_limit_hits (
        key text primary key,
        window_ends_at timestamptz not null,
        hits integer not null
      );
