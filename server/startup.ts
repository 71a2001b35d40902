import { DatabaseDamagedError } from './db/db';
import { DatabaseLockedError } from './db/dirLock';
import { messageOf } from './lib/errors';
import { MetricsListenError } from './metrics/metricsServer';

/** What a file-system error code means for DATA_DIR, in words. */
const FILE_PROBLEMS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'not permitted: it belongs to another user',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a file stands where a folder should be',
  EEXIST: 'a file stands where a folder should be',
};

/** A file-system failure (it names a path), as one line naming the path and the cure. */
function fileProblem(e: NodeJS.ErrnoException): string | null {
  if (!e.path || !e.code || !(e.code in FILE_PROBLEMS)) return null;
  const user = typeof process.getuid === 'function' ? ` (uid ${process.getuid()})` : '';
  return (
    `Cannot use DATA_DIR: ${e.syscall ?? 'access'} ${e.path} failed: ${FILE_PROBLEMS[e.code]} (${e.code}). ` +
    `DATA_DIR must be a folder that the server's user${user} owns and can write; fix it or set DATA_DIR.`
  );
}

/** Start-up failures an operator can fix, with the one line that says how; anything else is a bug. */
export function startupProblem(err: unknown, where: { port: number; host: string } | null): string | null {
  if (err instanceof DatabaseLockedError || err instanceof DatabaseDamagedError || err instanceof MetricsListenError)
    return err.message;
  const e = err as NodeJS.ErrnoException & { code?: string };
  // Checked before the port: EACCES from mkdir or open is about a folder, not a port.
  const onFile = fileProblem(e);
  if (onFile) return onFile;
  const message = messageOf(err);
  if (message.startsWith('Invalid configuration')) return message;
  const at = where ? `port ${where.port} on ${where.host}` : 'the configured port';
  if (e.code === 'EADDRINUSE')
    return `Cannot listen on ${at}: it is already in use. Stop the other process or set PORT.`;
  if (e.code === 'EACCES')
    return `Cannot listen on ${at}: permission denied (ports below 1024 need privileges). Set PORT.`;
  if (e.code === 'EADDRNOTAVAIL') return `Cannot listen on ${at}: that address is not on this machine. Set HOST.`;
  // Reaching PostgreSQL: refused, unknown host, timeout, or the server said no (auth, missing database).
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', '28P01', '28000', '3D000'].includes(e.code ?? '')) {
    return `Cannot use the PostgreSQL database in DATABASE_URL: ${message}`;
  }
  return null;
}

/** The single line printed when the server cannot start (newlines folded, so log collectors keep it whole). */
export function startupFailureLine(err: unknown, where: { port: number; host: string } | null): string {
  const known = startupProblem(err, where);
  const reason = known ?? messageOf(err);
  return `Giftwise could not start: ${reason.replace(/\s*\n\s*/g, ' ')}`;
}
