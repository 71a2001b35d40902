import { describe, expect, inject, it } from 'vitest';

import { openPglite, openPostgres, type Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations';
import { bootstrapAdmin } from '../../server/modules/admin/admins';
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
      expect(await migrate(db)).toContain(8);
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
