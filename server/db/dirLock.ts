import fs from 'node:fs';
import os from 'node:os';

/**
 * PGlite takes no lock on its data directory: two processes opening it both succeed, both write,
 * and the directory ends up corrupt (electric-sql/pglite#1106). This is the lock it lacks — a
 * postmaster.pid of our own beside the directory, naming the process that holds it.
 */
export class DatabaseLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockOwner,
  ) {
    super(
      `The database is in use by process ${holder.pid} on ${holder.hostname} (started ${holder.startedAt}), ` +
        `probably the Giftwise server. PGlite allows one process per data directory: stop that process first. ` +
        `If it is gone, delete ${lockFile}.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

export interface DirLock {
  release(): void;
}

export interface LockOptions {
  /**
   * A lock written on another host (a container, a shared volume) cannot be checked for liveness.
   * 'takeover' (the server, so a recreated container can start) warns and takes it;
   * 'refuse' (one-off tools) stops instead.
   */
  foreignHost: 'takeover' | 'refuse';
  warn?: (message: string) => void;
}

/** Locks this process holds, so a restarted container whose new process reuses the old pid is not blocked. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockFile: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.hostname === 'string'
      ? { pid: owner.pid, hostname: owner.hostname, startedAt: String(owner.startedAt ?? 'unknown') }
      : null;
  } catch {
    return null;
  }
}

/** Takes the lock or throws DatabaseLockedError; stale locks (their process is gone) are taken over. */
export function acquireDirLock(lockFile: string, options: LockOptions): DirLock {
  const me: LockOwner = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
      heldHere.add(lockFile);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(lockFile);
        process.off('exit', release);
        if (readOwner(lockFile)?.pid === me.pid) fs.rmSync(lockFile, { force: true });
      };
      process.on('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readOwner(lockFile);
    if (owner) {
      const sameHost = owner.hostname === me.hostname;
      if (sameHost && owner.pid === me.pid && heldHere.has(lockFile)) throw new DatabaseLockedError(lockFile, owner);
      if (sameHost && owner.pid !== me.pid && isAlive(owner.pid)) throw new DatabaseLockedError(lockFile, owner);
      if (!sameHost) {
        if (options.foreignHost === 'refuse') throw new DatabaseLockedError(lockFile, owner);
        options.warn?.(`Taking over the database lock ${lockFile} left by process ${owner.pid} on ${owner.hostname}`);
      }
    }
    // Stale (or unreadable): remove it and try again; a racing process may win, and the loop sees its lock.
    fs.rmSync(lockFile, { force: true });
  }
  const owner = readOwner(lockFile);
  if (owner) throw new DatabaseLockedError(lockFile, owner);
  throw new Error(`Could not take the database lock ${lockFile}`);
}
