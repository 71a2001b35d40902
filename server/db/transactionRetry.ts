/** Where a retry is noted: the Db's log (db.ts's DbLog), named here so that this file need not import db.ts. */
export interface RetryLog {
  warn(details: object, message: string): void;
}

/**
 * SQLSTATEs after which PostgreSQL asks for the whole transaction to be run again: serialization_failure
 * and deadlock_detected (PostgreSQL rolled it back to free the others).
 */
const RETRYABLE = new Set(['40001', '40P01']);

/** Attempts in all; bounded, so a conflict that keeps coming back still fails the call. */
export const TRANSACTION_ATTEMPTS = 3;

/**
 * Runs `attempt` (one whole transaction) and, when it fails with a retryable SQLSTATE, again after a short
 * random wait (so two transactions that collided do not collide again in step), at most TRANSACTION_ATTEMPTS
 * times in all.
 */
export async function retryConflicts<T>(attempt: () => Promise<T>, log: RetryLog): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (n >= TRANSACTION_ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw err;
      const delayMs = Math.round(5 + Math.random() * 20 * n);
      log.warn({ code, attempt: n, delayMs }, 'transaction hit a deadlock or serialization failure; running it again');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
