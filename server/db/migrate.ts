import type { Db } from './db';
import { MIGRATIONS, type Migration } from './migrations';

// Any constant works; it only has to be the same for every server sharing the database.
const MIGRATION_LOCK_KEY = 7_203_114;

/**
 * Applies pending migrations, each in its own transaction. The advisory lock lets several
 * servers start at once against one PostgreSQL without racing to create the same tables.
 */
export async function migrate(db: Db, migrations: Migration[] = MIGRATIONS): Promise<number[]> {
  // Under the lock too: two servers running `create table if not exists` at once on a new database
  // both pass the existence check, and one fails on pg_type's unique index.
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
  });
  const applied: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const seen = await tx.query('select 1 from schema_migrations where version = $1', [m.version]);
      if (seen.rowCount > 0) return false;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}
