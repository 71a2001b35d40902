import { MIGRATION_SOURCES } from './migrationSources';

/**
 * Versioned schema migrations, applied in order at start-up (migrate.ts): one file per version in
 * server/db/migrations/, named `NNNN_what_it_does.sql`, whose first line is `-- name: …` (kept in
 * schema_migrations). Never edit one that has shipped: add the next file instead. Plain PostgreSQL, so
 * PGlite and a PostgreSQL server share one schema.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const FILE_NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;
const NAME_LINE = /^-- name: (.+)\n/;

/** The migrations of `sources` (file name → text), in version order; a misnamed or misnumbered file throws. */
export function parseMigrations(sources: Readonly<Record<string, string>>): Migration[] {
  const migrations = Object.entries(sources)
    .map(([file, sql]) => {
      const version = FILE_NAME.exec(file)?.[1];
      const name = NAME_LINE.exec(sql)?.[1];
      if (!version) throw new Error(`Migration file ${file}: the name must look like 0001_what_it_does.sql`);
      if (!name) throw new Error(`Migration file ${file}: the first line must be "-- name: what it does"`);
      // The whole file runs, its comments with it: they are not stored anywhere.
      return { version: Number(version), name, sql };
    })
    .sort((a, b) => a.version - b.version);
  // A gap or a repeated number is a file added by mistake (or one lost in a merge).
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Migration ${i + 1} is missing or numbered twice`);
  });
  return migrations;
}

export const MIGRATIONS: Migration[] = parseMigrations(MIGRATION_SOURCES);
