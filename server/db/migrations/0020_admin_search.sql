-- name: admin search finds a word anywhere in a recipient's or customer's name or email: trigram indexes
      -- pg_trgm ships with PostgreSQL (a trusted extension: the database's owner may create it) and with PGlite,
      -- which loads it when the database opens (server/db/db.ts). A search of three characters or more reads these
      -- indexes (lower(x) like '%word%'); shorter ones still match from the start, from migration 6's prefix indexes.
      -- fastupdate off: each insert writes its trigrams into the index at once. With it on, new entries wait in a
      -- pending list that only VACUUM (or autovacuum, which PGlite does not run) merges; every search would read that
      -- list whole, and the planner, pricing it, turns to reading the table instead.
      create extension if not exists pg_trgm;
      create index gift_orders_recipient_trgm_idx on gift_orders
        using gin (lower(recipient_name) gin_trgm_ops) with (fastupdate = off);
      create index users_name_trgm_idx on users using gin (lower(name) gin_trgm_ops) with (fastupdate = off);
      create index users_email_trgm_idx on users using gin (lower(email) gin_trgm_ops) with (fastupdate = off);
