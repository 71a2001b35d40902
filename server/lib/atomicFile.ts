import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `data` to `file` so that `file` either does not exist or holds all of it, even if the process
 * dies or the disk fills up midway: the data goes to a temporary name in the same folder (a dot-prefixed
 * `.tmp`, so readers looking for `*.eml` or the final name never pick it up), is flushed to disk, and is
 * then renamed over `file`, which is atomic on one file system. The folder is flushed after the rename so
 * the new name survives a power cut too (the caller records the write as done once this returns).
 */
export async function writeFileAtomic(file: string, data: Uint8Array, mode = 0o600): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await fs.writeFile(temp, data, { mode, flush: true });
    await fs.rename(temp, file);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
  await syncDirectory(dir);
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
