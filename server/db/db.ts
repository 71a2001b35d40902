import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { messageOf } from '../errors';
import { acquireDirLock, type LockOptions } from './dirLock';
import { preparedStatements, type TextParam } from './pglitePrepared';

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Names the statement so the database parses and plans it once (per connection) instead of on
   * every call: for the hot paths. One name, one constant SQL text. Parameters are sent as text
   * (strings, numbers, booleans, null). Ignored inside a transaction's own statements (tx.query).
   */
  prepare?: string;
}

/** The part of a database both drivers share: parameterised SQL in, rows out. */
export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<R>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolls back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PGlite only: its data directory as a gzipped tar (PGlite's dumpDataDir). Taken between two statements
   * (PGlite runs one at a time) and read in one synchronous pass, so it is the state at one moment: every
   * commit before it is in its write-ahead log, and a transaction still open is rolled back when it is opened.
   */
  dumpDataDir?: () => Promise<Uint8Array>;
}

const gzip = promisify(zlib.gzip);

// DATE columns come back as 'YYYY-MM-DD' strings: parsing them into JS Dates would shift them by time zone.
const DATE_OID = 1082;
const keepDateText = (value: string) => value;

/** A PGlite data directory that exists but cannot be opened: damaged files, or not PGlite's. */
export class DatabaseDamagedError extends Error {
  constructor(dataDir: string, cause: unknown) {
    const message = messageOf(cause);
    // A WebAssembly abort says only "Aborted(). Build with -sASSERTIONS for more info."
    const reason = /^Aborted\(/.test(message) ? 'PostgreSQL aborted while reading it' : message;
    super(
      `The PGlite database in ${dataDir} could not be opened (${reason}): its files are damaged or not a PGlite ` +
        'database. Restore DATA_DIR from a backup, or move it aside to start with an empty database.',
      { cause },
    );
    this.name = 'DatabaseDamagedError';
  }
}

const SERVER_LOCK: LockOptions = { foreignHost: 'takeover', warn: (message) => console.warn(message) };

/**
 * PGlite in dataDir (in memory when null). One process at a time: the directory is locked
 * (DATA_DIR/pglite.lock) and a second process gets a DatabaseLockedError instead of corrupting it.
 */
/** PGlite's shared_buffers (PostgreSQL's default is 128MB). */
const PGLITE_SHARED_BUFFERS = '16MB';

export async function openPglite(dataDir: string | null, lockOptions: LockOptions = SERVER_LOCK): Promise<Db> {
  let lock: { release(): void } | null = null;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDirLock(`${dataDir}.lock`, lockOptions);
  }
  let pglite: PGlite;
  // PGlite runs initdb in an empty directory; PG_VERSION says a database was there before.
  const existed = dataDir !== null && fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  try {
    pglite = new PGlite({
      dataDir: dataDir ?? undefined,
      parsers: { [DATE_OID]: keepDateText },
      // PostgreSQL's default 128 MB of shared buffers lives in the server's own memory here (WebAssembly):
      // 16 MB holds a small shop's working set and measured no slower (see the README's benchmarks).
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    await pglite.waitReady;
  } catch (err) {
    lock?.release();
    // A damaged database fails deep inside PGlite (an initialisation error, or a WebAssembly abort).
    throw existed && dataDir ? new DatabaseDamagedError(dataDir, err) : err;
  }
  // PGlite reports affectedRows 0 for SELECT; rowCount means "rows matched" for both drivers.
  const norm = <R>(res: { rows: unknown[]; affectedRows?: number }): QueryResult<R> => ({
    rows: res.rows as R[],
    rowCount: Math.max(res.affectedRows ?? 0, res.rows.length),
  });
  const prepared = preparedStatements(pglite);
  return {
    driver: 'pglite',
    query: async (sql, params, options) => {
      if (options?.prepare) {
        // Null while another caller's transaction is open: then query() waits for it to end.
        const answer = await prepared.run(options.prepare, sql, (params ?? []) as TextParam[]);
        if (answer) return norm(answer);
      }
      return norm(await pglite.query(sql, params as unknown[]));
    },
    exec: async (sql) => void (await pglite.exec(sql)),
    transaction: (fn) =>
      pglite.transaction((tx) =>
        fn({
          query: async (sql, params) => norm(await tx.query(sql, params as unknown[])),
          exec: async (sql) => void (await tx.exec(sql)),
        }),
      ),
    // Read uncompressed (statements wait only for that), then gzipped on libuv's threads while they run again.
    dumpDataDir: async () => gzip(new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer())),
    close: async () => {
      try {
        await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === DATE_OID
          ? keepDateText
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  await pool.query('select 1');
  const norm = <R>(res: pg.QueryResult): QueryResult<R> => ({ rows: res.rows as R[], rowCount: res.rowCount ?? 0 });
  return {
    driver: 'postgres',
    // node-postgres prepares a named statement once per pooled connection.
    query: async (sql, params, options) =>
      norm(await pool.query({ text: sql, values: params, name: options?.prepare })),
    exec: async (sql) => void (await pool.query(sql)),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async (sql, params, options) =>
            norm(await client.query({ text: sql, values: params, name: options?.prepare })),
          exec: async (sql) => void (await client.query(sql)),
        });
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    // pool.end() resolves as soon as it has asked each connection to close, not once they have
    // closed; wait for every 'remove' so nothing is still talking to the server afterwards.
    close: async () => {
      let open = pool.totalCount;
      const closed = new Promise<void>((resolve) => {
        if (open === 0) resolve();
        pool.on('remove', () => {
          open -= 1;
          if (open === 0) resolve();
        });
      });
      await pool.end();
      await closed;
    },
  };
}

/** Where PGlite keeps the database of a DATA_DIR (locked through `${pgliteDir}.lock` beside it). */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

/** PGlite in DATA_DIR/pglite by default; a PostgreSQL server when DATABASE_URL is set. */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string }, lockOptions?: LockOptions): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(pgliteDirOf(opts.dataDir), lockOptions);
}
