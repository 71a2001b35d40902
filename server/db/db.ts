import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

import { messageOf } from '../lib/errors';
import { acquireDirLock, type LockOptions } from './dirLock';
import { preparedStatements, type TextParam } from './pglitePrepared';
import { retryConflicts } from './transactionRetry';

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
  /**
   * Runs fn in one transaction; rolls back if it throws. On PostgreSQL a transaction that fails with a
   * deadlock or serialization failure is run again (transactionRetry.ts): fn may run more than once, so it
   * must do nothing outside the transaction (count from what it returns, send mail through the queue).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * How its pool's connections are used at this moment (for /metrics). PostgreSQL only: PGlite runs each
   * statement to the end on the server's own thread, so whenever anything else runs it is idle and nothing waits
   * for it (its load shows as event-loop lag instead).
   */
  poolStats?(): PoolStats;
  /**
   * PGlite only: its data directory as a gzipped tar (PGlite's dumpDataDir). Taken between two statements
   * (PGlite runs one at a time) and read in one synchronous pass, so it is the state at one moment: every
   * commit before it is in its write-ahead log, and a transaction still open is rolled back when it is opened.
   */
  dumpDataDir?: () => Promise<Uint8Array>;
}

export interface PoolStats {
  /** Connections it may open. */
  max: number;
  /** Open now: in use or idle. */
  total: number;
  idle: number;
  /** Calls waiting for a connection. */
  waiting: number;
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
      // The admin search's trigram indexes (migration admin_search) need the extension in every session.
      extensions: { pg_trgm },
      // PostgreSQL's default 128 MB of shared buffers lives in the server's own memory here (WebAssembly):
      // 16 MB holds a small shop's working set and measured no slower with npm run bench.
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

/** Where the database layer reports what it recovered from (a pino logger fits). */
export interface DbLog {
  warn(details: object, message: string): void;
}

const consoleLog: DbLog = { warn: (details, message) => console.warn(message, details) };

export interface PostgresOptions {
  /**
   * How long opening a connection, or waiting for a free one in the pool, may take before the call fails
   * (DATABASE_CONNECT_TIMEOUT_MS; the fallback is for tools that open a database without the config).
   */
  connectTimeoutMs?: number;
  log?: DbLog;
}

/**
 * node-postgres behind the Db interface. The database may go away at any moment (a restart, a failover,
 * pg_terminate_backend, idle_session_timeout): a connection that dies is dropped from the pool and the next
 * query opens a new one; the call that was using it fails with an error that isDatabaseUnavailable knows
 * (answered 503); nothing is left to throw where no one listens, so the process carries on.
 */
export async function openPostgres(
  connectionString: string,
  { connectTimeoutMs = 10_000, log = consoleLog }: PostgresOptions = {},
): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Without it a connect to an unreachable host waits for the OS (minutes), and so does every request.
    connectionTimeoutMillis: connectTimeoutMs,
    // TCP keepalive notices a peer that vanished without closing (a failover, a dropped NAT entry).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === DATE_OID
          ? keepDateText
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection that dies is emitted here (and already removed from the pool): with no listener,
  // the 'error' event would end the process.
  pool.on('error', (err) => log.warn({ err }, 'an idle database connection failed; it was dropped'));
  await pool.query('select 1');
  const norm = <R>(res: pg.QueryResult): QueryResult<R> => ({ rows: res.rows as R[], rowCount: res.rowCount ?? 0 });

  /**
   * A client of the pool with `onError` listening from the moment the pool hands it over. The pool takes its own
   * listener off as it hands a client to a waiting caller, and may do so while it is still reading that connection's
   * data (a query of another caller just ended on it): with `await pool.connect()` the caller's listener came a
   * microtask later, and a FATAL message read right behind that query's end (the server ending the connection) was
   * an 'error' event with no listener, which ended the process (seen once in the database-outage fault test).
   */
  const connectListening = (onError: (err: Error) => void) =>
    new Promise<pg.PoolClient>((resolve, reject) => {
      pool.connect((err, client) => {
        if (err || !client) return reject(err ?? new Error('no database connection'));
        client.on('error', onError);
        resolve(client);
      });
    });

  async function runTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    // A checked-out client has no pool listener: its connection dying mid-transaction emits 'error' on the
    // client. The statement in progress fails with it anyway, so only remember it, to drop the client.
    let broken: Error | undefined;
    const onError = (err: Error) => (broken = err);
    const client = await connectListening(onError);
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
      client.removeListener('error', onError);
      // Released with an error, the client is closed rather than handed to the next caller.
      client.release(broken);
    }
  }

  return {
    driver: 'postgres',
    // node-postgres prepares a named statement once per pooled connection.
    query: async (sql, params, options) =>
      norm(await pool.query({ text: sql, values: params, name: options?.prepare })),
    exec: async (sql) => void (await pool.query(sql)),
    poolStats: () => ({
      max: pool.options.max ?? 10,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    // PGlite has one connection, so only PostgreSQL can end a transaction with a deadlock.
    transaction: (fn) => retryConflicts(() => runTransaction(fn), log),
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
export function openDatabase(
  opts: { databaseUrl?: string; dataDir: string; databaseConnectTimeoutMs?: number; log?: DbLog },
  lockOptions?: LockOptions,
): Promise<Db> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, { connectTimeoutMs: opts.databaseConnectTimeoutMs, log: opts.log })
    : openPglite(pgliteDirOf(opts.dataDir), lockOptions);
}
