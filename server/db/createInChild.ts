import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { pgliteDirOf } from './db';

/**
 * PGlite's first run builds a new database (initdb) inside the server's own memory, and leaves about
 * 250 MB of freed pages that the allocator never hands back to the system: a server started on a new
 * DATA_DIR idled at about 330 MiB, one started on an existing DATA_DIR at about 240 MiB. So on a new
 * DATA_DIR the server first runs a short-lived copy of itself that only creates the database and applies
 * the migrations (which grow PGlite's memory too), and exits (that memory goes with it), then opens the
 * database as an existing one.
 */

/** Set in the copy's environment: create the PGlite database in DATA_DIR, migrate it, close it, exit. */
export const CREATE_DATABASE_ONLY = 'GIFTWISE_CREATE_DATABASE_ONLY';

/** True when DATA_DIR holds no PGlite database yet (PG_VERSION marks one). */
export const isNewPgliteDir = (dataDir: string) => !fs.existsSync(path.join(pgliteDirOf(dataDir), 'PG_VERSION'));

/**
 * Runs this same program (the same script and Node options, so from source or compiled alike) with
 * CREATE_DATABASE_ONLY set, and waits for it. False when it failed: the server then creates the database
 * itself, and reports any problem in its own words.
 */
export function createDatabaseInChild(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  const child = spawnSync(process.execPath, [...process.execArgv, script], {
    env: { ...process.env, [CREATE_DATABASE_ONLY]: '1' },
    // Silent: whatever went wrong, the server meets it again when it creates the database itself.
    stdio: 'ignore',
  });
  return child.status === 0;
}
