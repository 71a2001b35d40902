import type { Db } from './db';

/**
 * PGlite is a single connection that runs one statement or transaction at a time (behind its own lock): it is in
 * use while any call is under way, and every further call waits for it. Counting the calls in progress says both.
 */
export function withPgliteStats(db: Omit<Db, 'poolStats'>): Db {
  let inProgress = 0;
  const counted =
    <A extends unknown[], T>(fn: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      inProgress += 1;
      try {
        return await fn(...args);
      } finally {
        inProgress -= 1;
      }
    };
  return {
    ...db,
    query: counted(db.query) as Db['query'],
    exec: counted(db.exec),
    transaction: counted(db.transaction) as Db['transaction'],
    poolStats: () => ({ max: 1, total: 1, idle: inProgress === 0 ? 1 : 0, waiting: Math.max(0, inProgress - 1) }),
  };
}
