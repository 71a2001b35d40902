import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';

import { SCHEMA_FILE, schemaSource } from '../../scripts/dbSchema';
import { openPglite, openPostgres, type Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations';
import { hashToken } from '../../server/lib/secrets';
import { bootstrapAdmin } from '../../server/modules/admin/admins';
import { schemaCatalogue } from '../support/catalogue';
import { createDatabase } from '../support/postgres';

/**
 * Several servers starting at once on one new database: each runs the migrations and the admin
 * bootstrap, and all of them must succeed with the schema applied once and one admin. On PostgreSQL
 * they are separate connection pools (as separate processes would be); on PGlite one database.
 */
const SERVERS = 4;
const ROUNDS = 3;
const quiet = { info: () => undefined, warn: () => undefined };

async function startTogether(open: () => Promise<Db[]>) {
  const dbs = await open();
  try {
    const results = await Promise.allSettled(
      dbs.map(async (db) => {
        await migrate(db);
        return bootstrapAdmin(
          db,
          { adminEmail: 'first@example.com', adminPassword: 'first admin password', dataDir: '/nonexistent' },
          quiet,
        );
      }),
    );
    const failures = results
      .filter((r) => r.status === 'rejected')
      .map((r) => String((r as PromiseRejectedResult).reason));
    expect(failures).toEqual([]);
    const kinds = results.map((r) => (r as PromiseFulfilledResult<{ kind: string }>).value.kind).sort();
    expect(kinds).toEqual(['configured-created', ...Array(SERVERS - 1).fill('configured-present')]);
    const versions = await dbs[0].query<{ version: number }>('select version from schema_migrations order by version');
    expect(versions.rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    const admins = await dbs[0].query<{ n: number }>('select count(*)::int as n from admins');
    expect(admins.rows[0].n).toBe(1);
  } finally {
    await Promise.all(dbs.map((db) => db.close()));
  }
}

describe('servers starting at once on a new database', () => {
  it(`all ${SERVERS} migrate and bootstrap without tripping over each other`, async () => {
    const serverUrl = inject('postgresUrl');
    // The race is real only between connections: several rounds on PostgreSQL, one on PGlite.
    for (let round = 0; round < (serverUrl ? ROUNDS : 1); round++) {
      if (serverUrl) {
        const database = await createDatabase(serverUrl);
        try {
          await startTogether(() => Promise.all(Array.from({ length: SERVERS }, () => openPostgres(database.url))));
        } finally {
          await database.drop();
        }
      } else {
        await startTogether(async () => {
          const db = await openPglite(null);
          // One database, several callers: close it once.
          return [db, ...Array.from({ length: SERVERS - 1 }, () => ({ ...db, close: async () => undefined }))];
        });
      }
    }
  }, 120_000);
});

describe('migration 8', () => {
  it('gives every existing customer an unsubscribe token, and every new one from the start', async () => {
    const serverUrl = inject('postgresUrl');
    const database = serverUrl ? await createDatabase(serverUrl) : null;
    const db = database ? await openPostgres(database.url) : await openPglite(null);
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version < 8),
      );
      const insert = (email: string) =>
        db.query("insert into users (name, email, password_hash) values ('Old', $1, 'x')", [email]);
      await insert('before@example.com');
      // Up to 8 only: a later migration keeps these tokens as hashes elsewhere.
      expect(
        await migrate(
          db,
          MIGRATIONS.filter((m) => m.version <= 8),
        ),
      ).toContain(8);
      await insert('after@example.com');
      const { rows } = await db.query<{ email: string; unsubscribe_token: string }>(
        'select email, unsubscribe_token from users order by email',
      );
      expect(rows.map((r) => r.email)).toEqual(['after@example.com', 'before@example.com']);
      // The shape of newToken(): 43 base64url characters; each customer's own.
      for (const row of rows) expect(row.unsubscribe_token).toMatch(/^[\w-]{43}$/);
      expect(rows[0].unsubscribe_token).not.toBe(rows[1].unsubscribe_token);
    } finally {
      await db.close();
      await database?.drop();
    }
  });
});

describe('the migration that hashes the feed and unsubscribe tokens', () => {
  it('keeps existing feed addresses and unsubscribe links working, with no token left in plain text', async () => {
    const hashing = MIGRATIONS.find((m) => m.name.startsWith('feed and unsubscribe tokens kept only as hashes'))!;
    await withDatabase(async (db) => {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version < hashing.version),
      );
      await db.query(
        `insert into users (name, email, password_hash, feed_token) values ('Old', 'old@example.com', 'x', 'old-feed-token')`,
      );
      await db.query(`insert into users (name, email, password_hash) values ('New', 'new@example.com', 'x')`);
      const { rows: before } = await db.query<{ email: string; unsubscribe_token: string }>(
        'select email, unsubscribe_token from users order by email',
      );
      await migrate(db);
      const { rows: users } = await db.query<{ email: string; feed_token_hash: string | null }>(
        'select email, feed_token_hash from users order by email',
      );
      expect(users).toEqual([
        { email: 'new@example.com', feed_token_hash: null },
        { email: 'old@example.com', feed_token_hash: hashToken('old-feed-token') },
      ]);
      const { rows: links } = await db.query<{ email: string; token_hash: string; days: number }>(
        `select u.email, l.token_hash, round(extract(epoch from l.expires_at - now()) / 86400)::int as days
           from unsubscribe_links l join users u on u.id = l.user_id order by u.email`,
      );
      expect(links).toEqual(
        before.map((b) => ({ email: b.email, token_hash: hashToken(b.unsubscribe_token), days: 90 })),
      );
      const { rows: columns } = await db.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_name = 'users' and column_name like '%token%'`,
      );
      expect(columns.map((c) => c.column_name)).toEqual(['feed_token_hash']);
    });
  });
});

/** A new database of the project under test (PGlite in memory, or one on the api-postgres server), closed after fn. */
async function withDatabase<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const serverUrl = inject('postgresUrl');
  const database = serverUrl ? await createDatabase(serverUrl) : null;
  const db = database ? await openPostgres(database.url) : await openPglite(null);
  try {
    return await fn(db);
  } finally {
    await db.close();
    await database?.drop();
  }
}

const upTo = (version: number) => MIGRATIONS.filter((m) => m.version <= version);

/**
 * A database migrated from nothing, described as its catalogue and as the Kysely types it implies: made once for
 * the two tests that compare against it (each migration from nothing costs seconds on PGlite).
 */
let fresh: Promise<{ catalogue: Awaited<ReturnType<typeof schemaCatalogue>>; source: string }> | undefined;
const freshlyMigrated = () =>
  (fresh ??= withDatabase(async (db) => {
    await migrate(db);
    return { catalogue: await schemaCatalogue(db), source: await schemaSource(db) };
  }));

describe('a new database and an upgraded one', () => {
  it('end with the same schema, the upgraded one keeping its rows', async () => {
    const { catalogue: fresh } = await freshlyMigrated();
    const upgraded = await withDatabase(async (db) => {
      // Rows at version 2, before the orders' JSON (3) and the admin console's columns and counts (6).
      await migrate(db, upTo(2));
      const customer = await db.query<{ id: string }>(
        "insert into users (name, email, password_hash) values ('Old Customer', 'old@example.com', 'x') returning id",
      );
      const userId = customer.rows[0].id;
      const orders = await db.query<{ id: string; status: string }>(
        `insert into gift_orders (user_id, recipient_name, relationship, occasion, address, phone_number, email,
                                  interests, budget, date, status)
         values ($1, 'Ann', 'Friend', 'Birthday', '1 Road', '5550100', 'ann@example.com', 'Books', '$25', '2030-01-02', 'new'),
                ($1, 'Bob', 'Brother', 'Wedding', '2 Road', '5550101', 'bob@example.com', 'Music', 'about 40', '2030-02-03', 'processed')
         returning id, status`,
        [userId],
      );
      for (const order of orders.rows) {
        await db.query('insert into order_status_events (order_id, from_status, to_status) values ($1, null, $2)', [
          order.id,
          order.status,
        ]);
      }
      await db.query(
        "insert into notes (type, name, email, details) values ('Support', 'Old', 'old@example.com', 'Hi')",
      );
      // Rows at version 5, before the counts (6), the orders version (7) and the unsubscribe tokens (8).
      await migrate(db, upTo(5));
      await db.query(
        `insert into occasions (user_id, recipient_name, relationship, occasion, date)
         values ($1, 'Ann', 'Friend', 'Birthday', '2030-01-02')`,
        [userId],
      );
      await db.query("insert into mail_queue (to_address, subject, body) values ('old@example.com', 'Hello', 'Hi')");
      expect(await migrate(db)).toEqual(MIGRATIONS.filter((m) => m.version > 5).map((m) => m.version));

      // What the upgrade computed for the rows already there.
      const { rows } = await db.query<{ recipient_name: string; api_json: string; budget_cents: number | string }>(
        'select recipient_name, api_json, budget_cents from gift_orders where status_since is not null order by recipient_name',
      );
      expect(rows.map((r) => [JSON.parse(r.api_json).recipientName, Number(r.budget_cents)])).toEqual([
        ['Ann', 2500],
        ['Bob', 0],
      ]);
      const counts = await db.query<{ status: string; n: number | string }>(
        'select status, n from order_status_counts order by status',
      );
      expect(Object.fromEntries(counts.rows.map((c) => [c.status, Number(c.n)]))).toEqual({
        finished: 0,
        new: 1,
        processed: 1,
        rejected: 0,
      });
      return schemaCatalogue(db);
    });
    expect(fresh.columns.length).toBeGreaterThan(100);
    expect(upgraded).toEqual(fresh);
  }, 120_000);
});

describe('the Kysely types of the tables (server/db/schema.ts)', () => {
  it('are those the migrations make: run `npm run db:schema` after adding one', async () => {
    const { source } = await freshlyMigrated();
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8')).toBe(source);
  });
});
