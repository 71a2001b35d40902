/**
 * `npm run backup -- FILE` and `npm run restore -- FILE [--force]`: the embedded database (PGlite in DATA_DIR)
 * to a file and back (server/db/backup.ts). With DATABASE_URL set they refuse and name pg_dump / pg_restore.
 */
import fs from 'node:fs';
import path from 'node:path';

import { loadConfig } from '../config/config';
import { BackupError, restoreBackup, takeBackup } from '../db/backup';
import { DatabaseLockedError } from '../db/dirLock';
import { writeFileAtomic } from '../lib/atomicFile';
import { restrictFileModes } from '../lib/dataDirMode';
import { messageOf } from '../lib/errors';
import { CliError, runCli } from './runCli';

const USAGE = `Usage: npm run backup -- FILE
       npm run restore -- FILE [--force]

backup   Writes the database in DATA_DIR (PGlite) to FILE, a gzipped tar of PGlite's data directory
         (readable by you only). The server may keep running: it takes the backup itself and sends it
         over DATA_DIR/backup.sock, between two statements, so the backup is the database at one moment
         and holds everything acknowledged before the command started. A stopped database is opened here.
         FILE is written under a temporary name and renamed when complete; an existing FILE is replaced.
restore  Restores FILE into DATA_DIR (PGlite). Stop the server first: a database in use is never
         touched. A DATA_DIR that already holds a database is refused unless --force is given; the
         database there is then moved aside to DATA_DIR/pglite.before-restore-TIME, not deleted.
         The outbox and other files in DATA_DIR are not part of a backup.

With DATABASE_URL (PostgreSQL), use PostgreSQL's own tools instead:
  pg_dump --format=custom --file=FILE "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" FILE`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function embeddedDataDir(): string {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new CliError(
      'DATABASE_URL is set: back up and restore PostgreSQL with pg_dump and pg_restore ' +
        '(see npm run backup -- --help, and "Backups" in docs/operations.md).',
    );
  }
  return config.dataDir;
}

async function backup(file: string): Promise<void> {
  const dataDir = embeddedDataDir();
  const { bytes, from } = await takeBackup(dataDir);
  const target = path.resolve(file);
  await writeFileAtomic(target, bytes);
  const how = from === 'running server' ? 'taken from the running server' : 'server not running: database opened here';
  console.info(`Backup of ${dataDir} written to ${target} (${megabytes(bytes.length)}; ${how}).`);
}

async function restore(file: string, force: boolean): Promise<void> {
  const dataDir = embeddedDataDir();
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    throw new CliError(`Cannot read ${file}: ${messageOf(err)}`);
  }
  const { movedAside } = await restoreBackup(dataDir, bytes, force);
  restrictFileModes(dataDir);
  const aside = movedAside ? ` The database that was there is now in ${movedAside}.` : '';
  console.info(`Restored ${path.resolve(file)} into ${dataDir}.${aside} Start the server to use it.`);
}

async function run(argv: string[]): Promise<boolean> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const args = rest.filter((a) => a !== '--force');
  if (command === 'backup' && args.length === 1 && !force) await backup(args[0]);
  else if (command === 'restore' && args.length === 1) await restore(args[0], force);
  else return false;
  return true;
}

process.exitCode = await runCli({
  argv: process.argv.slice(2),
  usage: USAGE,
  run,
  expected: [BackupError, DatabaseLockedError],
});
