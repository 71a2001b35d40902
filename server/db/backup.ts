import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';

import { messageOf } from '../lib/errors';
import { openPglite, pgliteDirOf, type Db } from './db';
import { acquireDirLock, DatabaseLockedError } from './dirLock';

/**
 * Backups of the embedded database (PGlite) as PGlite's own dump: a gzipped tar of its data directory.
 *
 * PGlite allows one process per data directory, so while the server runs it takes the backup itself: it
 * answers on a unix socket in DATA_DIR (mode 0600, inside the 0700 DATA_DIR: the server's user only) and
 * streams the dump to `npm run backup`, which writes the file. The dump is taken between two statements and
 * read in one synchronous pass, so it is the database at one moment: every order acknowledged before the
 * backup started is in it (see Db.dumpDataDir). With the server stopped, the CLI opens the database itself.
 */

/** The running server's backup socket in DATA_DIR. */
export const backupSocketOf = (dataDir: string) => path.join(dataDir, 'backup.sock');

const BACKUP_PATH = '/backup';

export class BackupError extends Error {}

export interface BackupSocket {
  close(): Promise<void>;
}

/**
 * Answers `GET /backup` on DATA_DIR/backup.sock with the database's dump. The caller holds DATA_DIR's lock,
 * so a socket file already there was left by a process that died: it is replaced.
 */
export async function serveBackups(db: Db, dataDir: string, log: FastifyBaseLogger): Promise<BackupSocket | null> {
  const dump = db.dumpDataDir;
  if (!dump) return null;
  const socketPath = backupSocketOf(dataDir);
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== BACKUP_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    const started = performance.now();
    dump().then(
      (bytes) => {
        log.info({ bytes: bytes.length, ms: Math.round(performance.now() - started) }, 'database backup taken');
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.length }).end(bytes);
      },
      (err: unknown) => {
        log.error({ err }, 'database backup failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`${messageOf(err)}\n`);
      },
    );
  });
  fs.rmSync(socketPath, { force: true });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, resolve);
    });
    fs.chmodSync(socketPath, 0o600);
  } catch (err) {
    // Not fatal: the server runs on; backups then need it stopped. (A path over ~107 bytes cannot be a socket.)
    log.warn({ err, socketPath }, 'backup socket not available: `npm run backup` will need the server stopped');
    return null;
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/** Asks the server running on DATA_DIR for a backup through its socket. */
function backupFromServer(dataDir: string): Promise<Uint8Array> {
  const socketPath = backupSocketOf(dataDir);
  return new Promise((resolve, reject) => {
    const req = http.get({ socketPath, path: BACKUP_PATH, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode !== 200) {
          reject(new BackupError(`The server could not take the backup: ${body.toString('utf8').trim()}`));
        } else if (!res.complete || body.length !== Number(res.headers['content-length'])) {
          reject(new BackupError('The connection to the server broke during the backup; nothing was written.'));
        } else resolve(new Uint8Array(body));
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT' || err.code === 'ECONNREFUSED'
          ? new BackupError(
              `A process holds the database in ${dataDir} but does not answer on ${socketPath} (an older server, ` +
                'or one whose socket could not be made): stop it and run the backup again.',
            )
          : err,
      ),
    );
  });
}

export interface Backup {
  bytes: Uint8Array;
  /** Whether a running server took it, or the database was opened here. */
  from: 'running server' | 'stopped database';
}

/** The database of DATA_DIR as a backup: from the running server, or opened here when none runs. */
export async function takeBackup(dataDir: string): Promise<Backup> {
  const pgliteDir = pgliteDirOf(dataDir);
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${dataDir} (DATA_DIR) to back up.`);
  }
  let db: Db;
  try {
    db = await openPglite(pgliteDir, { foreignHost: 'refuse' });
  } catch (err) {
    if (err instanceof DatabaseLockedError) return { bytes: await backupFromServer(dataDir), from: 'running server' };
    throw err;
  }
  try {
    return { bytes: await db.dumpDataDir!(), from: 'stopped database' };
  } finally {
    await db.close();
  }
}

export interface Restored {
  /** Where a database that was there before went (with --force), or null. */
  movedAside: string | null;
}

/**
 * Restores a backup into DATA_DIR/pglite. Never while a process holds the database (its lock is held here
 * throughout), never over a database unless `force` (which moves the old one aside, not deleting it). The
 * backup is unpacked and opened in a folder beside it first, and renamed into place only once it opened,
 * so a damaged file or a crash midway leaves no half-restored database.
 */
export async function restoreBackup(dataDir: string, bytes: Uint8Array, force: boolean): Promise<Restored> {
  const pgliteDir = pgliteDirOf(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireDirLock(`${pgliteDir}.lock`, { foreignHost: 'refuse' });
  try {
    const exists = fs.existsSync(pgliteDir);
    if (exists && fs.existsSync(path.join(pgliteDir, 'PG_VERSION')) && !force) {
      throw new BackupError(
        `${dataDir} (DATA_DIR) already holds a database. To replace it, run the restore again with --force ` +
          '(the database there now is moved aside, not deleted).',
      );
    }
    const staging = `${pgliteDir}.restoring-${randomBytes(4).toString('hex')}`;
    try {
      await openBackup(staging, bytes);
    } catch (err) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw err instanceof BackupError
        ? err
        : new BackupError(`This file is not a Giftwise backup, or it is damaged (${messageOf(err)}).`);
    }
    let movedAside: string | null = null;
    if (exists) {
      movedAside = `${pgliteDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(pgliteDir, movedAside);
    }
    fs.renameSync(staging, pgliteDir);
    return { movedAside };
  } finally {
    lock.release();
  }
}

/** Unpacks the dump into `dir` (which must not exist) and checks it opens as a Giftwise database. */
async function openBackup(dir: string, bytes: Uint8Array): Promise<void> {
  // gzip's magic number: anything else is not a dump of ours, and PGlite would only fail later and less clearly.
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new BackupError('This file is not a Giftwise backup (not gzip).');
  const pglite = new PGlite({ dataDir: dir, loadDataDir: new Blob([bytes.slice()], { type: 'application/x-gzip' }) });
  try {
    await pglite.waitReady;
    await pglite.query('select count(*) from schema_migrations');
  } finally {
    await pglite.close().catch(() => undefined);
  }
}
