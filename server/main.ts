import type { FastifyInstance } from 'fastify';

import { buildApp } from './app';
import { loadConfig, type Config } from './config/config';
import { CREATE_DATABASE_ONLY, createDatabaseInChild, isNewPgliteDir } from './db/createInChild';
import { openDatabase } from './db/db';
import { migrate } from './db/migrate';
import { PRIVATE_UMASK, restrictFileModes } from './lib/dataDirMode';
import { releaseStartupGarbage } from './releaseStartupGarbage';
import { startupFailureLine, startupProblem } from './startup';

/**
 * How long SIGTERM waits for requests in flight before giving up and exiting 1: under the usual
 * 30 s an orchestrator allows between SIGTERM and SIGKILL.
 */
const SHUTDOWN_GRACE_MS = 25_000;

/**
 * Exits once the log's lines are written. pino writes to stdout asynchronously: at process.exit it writes what is
 * queued synchronously but not a write still in flight, so under load that earlier write could land after the last
 * line, or not at all (a fault test saw "request completed" after "shut down cleanly").
 */
function exitAfterLog(app: FastifyInstance, code: number): void {
  const log = app.log as FastifyInstance['log'] & { flush?: (cb: () => void) => void };
  if (typeof log.flush !== 'function') process.exit(code);
  log.flush(() => process.exit(code));
}

// Everything the server writes (the database above all) is readable by its own user only.
process.umask(PRIVATE_UMASK);

if (process.env[CREATE_DATABASE_ONLY]) {
  // The short-lived copy of createInChild.ts: create the database and its tables (the first migrations
  // grow PGlite's memory as much as initdb does), and leave.
  const { dataDir } = loadConfig();
  const db = await openDatabase({ dataDir });
  await migrate(db);
  await db.close();
  process.exit(0);
}

let config: Config | null = null;
let app: FastifyInstance | null = null;
try {
  config = loadConfig();
  restrictFileModes(config.dataDir);
  if (!config.databaseUrl && isNewPgliteDir(config.dataDir)) createDatabaseInChild();
  app = await buildApp(config);
  // PGlite creates its files as 0666 whatever the umask (inside folders no one else can enter);
  // close them now, and again at shutdown for the files made while running.
  restrictFileModes(config.dataDir);
  const running = app;
  const dataDir = config.dataDir;

  // Graceful shutdown: stop accepting, let requests in flight finish, then close the database
  // (app.close() closes the listener, waits for open requests, then runs the onClose hooks).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      running.log.info({ signal }, 'shutting down');
      const deadline = setTimeout(() => {
        running.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still open after the grace period; exiting anyway');
        exitAfterLog(running, 1);
      }, SHUTDOWN_GRACE_MS);
      deadline.unref();
      running.close().then(
        () => {
          try {
            restrictFileModes(dataDir);
          } catch (err) {
            running.log.warn({ err, dataDir }, 'could not restrict the permissions of DATA_DIR');
          }
          running.log.info('shut down cleanly');
          exitAfterLog(running, 0);
        },
        (err: unknown) => {
          running.log.error({ err }, 'error during shutdown');
          exitAfterLog(running, 1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  releaseStartupGarbage();
} catch (err) {
  // One line an operator can act on (a second server on the same DATA_DIR, a taken port, a bad
  // setting), not an unhandled-rejection stack trace; the stack only for the unexpected.
  console.error(startupFailureLine(err, config ? { port: config.port, host: config.host } : null));
  if (startupProblem(err, null) === null) console.error(err);
  await app?.close().catch(() => undefined);
  process.exit(1);
}
