import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { openPglite, pgliteDirOf } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';

/**
 * A DATA_DIR whose PGlite database is migrated to the current schema, made once per test run: PGlite's initdb and
 * every migration take seconds (tens of seconds on a busy machine), copying the files takes a fraction of that. A
 * plain copy of the closed database's directory was measured faster than PGlite's dumpDataDir and loadDataDir.
 */
export async function createPgliteTemplate(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-template-'));
  const db = await openPglite(pgliteDirOf(dataDir));
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return dataDir;
}

/** A new temporary DATA_DIR holding a copy of `template`'s database (nothing else: no outbox, no lock). */
export function copyPgliteTemplate(template: string, prefix = 'giftwise-api-'): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(pgliteDirOf(template), pgliteDirOf(dataDir), { recursive: true });
  return dataDir;
}
