import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

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
 * Starts a throwaway PostgreSQL server in a temporary directory on a loopback port
 * (initdb, then pg_ctl start) and returns how to reach and stop it.
 */
export function startPostgres(port = 55_000 + Math.floor(Math.random() * 5_000)): TempPostgres {
  const bin = pgBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  run(path.join(bin, 'initdb'), ['-D', dir, '-U', 'app', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const pgCtl = (...args: string[]) => run(path.join(bin, 'pg_ctl'), ['-D', dir, '-w', ...args]);
  const startServer = () =>
    pgCtl(
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=on -c max_connections=200`,
      'start',
    );
  const stopServer = () => pgCtl('-m', 'fast', 'stop');
  startServer();
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

/** A new, empty database on a (throwaway) server: its connection string, and how to drop it. */
export async function createDatabase(serverUrl: string, prefix = 'giftwise_test') {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
