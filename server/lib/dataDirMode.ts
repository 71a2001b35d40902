import fs from 'node:fs';
import path from 'node:path';

/**
 * Files in DATA_DIR (the database, its write-ahead log with emails and password hashes, the
 * initial admin password) are for the server's user only. New files get that from the umask the
 * server and the CLI set at start; this fixes a tree made before, or by hand: every folder and file
 * loses its group and other permission bits (the owner's bits stay as they are).
 */
export const PRIVATE_UMASK = 0o077;

/** Strips group and other permissions below dataDir, and from dataDir itself; a missing dataDir is left alone. */
export function restrictFileModes(dataDir: string): void {
  let stats: fs.Stats;
  try {
    stats = fs.lstatSync(dataDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  restrict(dataDir, stats);
}

function restrict(target: string, stats: fs.Stats): void {
  // A link is not followed: what it points to is outside DATA_DIR's care.
  if (stats.isSymbolicLink()) return;
  if ((stats.mode & 0o077) !== 0) fs.chmodSync(target, stats.mode & 0o7700);
  if (!stats.isDirectory()) return;
  for (const name of fs.readdirSync(target)) {
    const child = path.join(target, name);
    try {
      restrict(child, fs.lstatSync(child));
    } catch (err) {
      // The database may remove a file between the listing and its turn: nothing left to close.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
