import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

import { openPostgres } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';

export interface TempPostgres {
  /** Connection string of the server's `postgres` database (user app, trust auth, loopback only). */
  url: string;
  port: number;
  /** Stops the server and deletes its files. */
  stop: () => void;
  /** Stops the server (fast shutdown: open connections are cut) and keeps its files, for startServer. */
  stopServer: () => void;
  /** Starts the server again on the same port and files, and waits until it accepts connections. */
  startServer: () => void;
}

function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .map(Number)
        .filter((v) => v >= 15)
        .sort((a, b) => b - a)
    : [];
  if (versions.length === 0) {
    throw new Error(
      'PostgreSQL 15+ not found under /usr/lib/postgresql: apt-get install postgresql (scripts/ensure-test-deps.sh does it as root)',
    );
  }
  return path.join(root, String(versions[0]), 'bin');
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
function run(bin: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(cmd, argv, { stdio: 'pipe' });
}

/**
 * Tests throw the server away, so it need not survive a crash of the machine: no fsync, no waiting for the
 * write-ahead log at commit, no full pages in it. The benchmarks keep PostgreSQL's defaults (`durable`).
 */
const THROWAWAY_SETTINGS = '-c fsync=off -c synchronous_commit=off -c full_page_writes=off';

/**
 * A random port for a throwaway server, below Linux's ephemeral range (32768-60999): a port in that range (55000-59999
 * before) can be held by any socket the system gives a port to, such as a test server listening on port 0.
 */
const randomServerPort = () => 20_000 + Math.floor(Math.random() * 10_000);

/** What the server's log says, for an error: a start that fails says only "Examine the log output". */
function withLog(err: unknown, logFile: string): Error {
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').trim().split('\n').slice(-10).join('\n') : '';
  return new Error(`${err instanceof Error ? err.message : String(err)}\nPostgreSQL's log:\n${log || '(empty)'}`);
}

/**
 * Starts a throwaway PostgreSQL server in a temporary directory on a loopback port
 * (initdb, then pg_ctl start) and returns how to reach and stop it. The port is PG_TEST_PORT when set (a machine
 * whose users keep to given ports), a random one otherwise, drawn again if another socket holds it.
 */
export function startPostgres({
  port: givenPort = Number(process.env.PG_TEST_PORT) || undefined,
  durable = false,
}: { port?: number; durable?: boolean } = {}): TempPostgres {
  const bin = pgBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  run(path.join(bin, 'initdb'), ['-D', dir, '-U', 'app', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const logFile = path.join(dir, 'log');
  const pgCtl = (...args: string[]) => run(path.join(bin, 'pg_ctl'), ['-D', dir, '-w', ...args]);
  let port = givenPort ?? randomServerPort();
  const startServer = () => {
    try {
      pgCtl(
        '-l',
        logFile,
        '-o',
        `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200 ${durable ? '' : THROWAWAY_SETTINGS}`,
        'start',
      );
    } catch (err) {
      throw withLog(err, logFile);
    }
  };
  const stopServer = () => pgCtl('-m', 'fast', 'stop');
  for (let tries = 1; ; tries++) {
    try {
      startServer();
      break;
    } catch (err) {
      const portTaken = String(err).includes('Address already in use');
      if (!portTaken || givenPort !== undefined || tries === 3) {
        fs.rmSync(dir, { recursive: true, force: true });
        throw err;
      }
      port = randomServerPort();
    }
  }
  return {
    url: `postgres://app@127.0.0.1:${port}/postgres`,
    port,
    stopServer,
    startServer,
    stop: () => {
      try {
        stopServer();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A new database on a (throwaway) server: its connection string, and how to drop it. Empty, or a copy of
 * `template` (a database no one is connected to, such as the migrated one of createTemplateDatabase).
 */
export async function createDatabase(serverUrl: string, prefix = 'giftwise_test', template?: string) {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A database migrated to the current schema, to copy for each test file (createDatabase's `template`):
 * copying it is much faster than applying every migration again. Answers its name.
 */
export async function createTemplateDatabase(serverUrl: string, name = 'giftwise_template'): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return name;
}
