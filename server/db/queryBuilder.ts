import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type Compilable,
  type Expression,
  type ExpressionBuilder,
  type InsertObject,
  type RawBuilder,
  type SqlBool,
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

/** The rows of a statement written with Kysely's sql tag (a CTE or union the builder does not express). */
export async function rawRowsOf<R>(db: Queryable, query: RawBuilder<R>): Promise<R[]> {
  const { sql, parameters } = query.compile(qb);
  return (await db.query<R>(sql, [...parameters])).rows;
}

/**
 * `insert into table (…) select … where condition`: the row is inserted only if the condition holds when the
 * statement runs (a cap on a customer's rows, counted in the same statement). Returns the insert, to add
 * `returning` to. Its columns and select list come from the one row object, so they cannot fall out of step.
 */
export function insertWhere<T extends keyof Database & string>(
  table: T,
  row: InsertObject<Database, T>,
  condition: (eb: ExpressionBuilder<Database, never>) => Expression<SqlBool>,
) {
  const columns = Object.keys(row) as (keyof Database[T] & keyof InsertObject<Database, T> & string)[];
  return qb
    .insertInto(table)
    .columns(columns)
    .expression(
      // The sql tag sends a value as a parameter and writes an expression (now()) into the text.
      qb.selectNoFrom(columns.map((column) => sql`${row[column]}`.as(column))).where((eb) => condition(eb)),
    );
}

/**
 * Locks the customer's users row for the rest of the transaction: the first lock of every write that counts or
 * links a customer's rows (the lock order of docs/decisions/0012).
 */
export const lockCustomer = (userId: string) =>
  qb.selectFrom('users').select(sql.lit(1).as('locked')).where('id', '=', userId).forUpdate();

/**
 * `lower(email) = lower(…)`: an account's email in any letter case, as the unique indexes on lower(email) of
 * users and admins compare them (and serve the lookup).
 */
export const emailIs = (email: string) => sql<SqlBool>`lower(email) = lower(${email})`;
