import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
} from 'kysely';

import type { Queryable, QueryOptions, QueryResult } from './db';
import type { Database } from './schema';

/**
 * Kysely as a query builder only: it checks table and column names and types against schema.ts at compile time
 * and writes the SQL and its parameters; the statement runs through db.ts like any other (named statements on
 * PGlite, the transaction retry, the outage classifier), so Kysely never holds a connection.
 */
export const qb = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** Runs a query built with qb (or Kysely's sql tag) on `db`: a transaction's tx, or the database itself. */
export function run<R>(db: Queryable, query: Compilable<R>, options?: QueryOptions): Promise<QueryResult<R>> {
  const { sql, parameters } = query.compile();
  return db.query<R>(sql, [...parameters], options);
}

/** The rows of a query built with qb. */
export async function rowsOf<R>(db: Queryable, query: Compilable<R>, options?: QueryOptions): Promise<R[]> {
  return (await run(db, query, options)).rows;
}
