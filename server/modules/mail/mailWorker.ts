import type { FastifyBaseLogger } from 'fastify';

import type { Queryable } from '../../db/db';
import type { Mailer } from './mailer';
import { claimDueMail, markMailFailed, markMailSent, releaseMail, retryDelayMs } from './mailQueue';

export interface MailWorkerOptions {
  db: Queryable;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** How often to look for due messages when nothing kicks the worker. */
  pollMs: number;
  /** Attempts per message before it is marked failed and left alone. */
  maxAttempts: number;
  /** Delay before the first retry; it doubles with each further failure. */
  firstRetryMs: number;
  /** Strings that must never reach last_error or the log (the SMTP password). */
  secrets?: string[];
}

export interface MailWorker {
  /** Begins delivering: a round now, then one every pollMs. */
  start(): void;
  /** Look for due messages now (after an enqueue), instead of at the next poll. No-op until started. */
  kick(): void;
  /** No new rounds; waits for the round in progress, up to `waitMs`. */
  stop(waitMs?: number): Promise<void>;
}

/**
 * A claimed message is left to this worker for this long. Longer than a slow SMTP exchange
 * (nodemailer's own timeouts), so a live worker's message is not sent again by another.
 */
const LEASE_MS = 10 * 60 * 1000;
const BATCH = 10;
const MAX_ERROR_CHARS = 500;

/** Delivers queued mail in the background once started: polls, and runs at once when kicked. */
export function createMailWorker(opts: MailWorkerOptions): MailWorker {
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  const describe = (err: unknown): string => {
    let text =
      err instanceof Error ? `${(err as NodeJS.ErrnoException).code ?? err.name}: ${err.message}` : String(err);
    for (const secret of opts.secrets ?? []) if (secret) text = text.replaceAll(secret, '***');
    return text.slice(0, MAX_ERROR_CHARS);
  };

  async function deliver(): Promise<void> {
    for (;;) {
      const batch = await claimDueMail(opts.db, BATCH, LEASE_MS);
      for (const [i, mail] of batch.entries()) {
        if (stopped) {
          // Shutting down: hand back what was claimed but not tried, for the next worker to take at once.
          await releaseMail(
            opts.db,
            batch.slice(i).map((m) => m.id),
          );
          return;
        }
        try {
          await opts.mailer.send(mail);
        } catch (err) {
          const error = describe(err);
          const giveUp = mail.attempts >= opts.maxAttempts;
          await markMailFailed(opts.db, mail.id, error, retryDelayMs(mail.attempts, opts.firstRetryMs), giveUp);
          if (giveUp)
            opts.log.error({ mailId: mail.id, attempts: mail.attempts, error }, 'email not delivered; giving up');
          else opts.log.warn({ mailId: mail.id, attempts: mail.attempts, error }, 'email delivery failed; will retry');
          continue;
        }
        await markMailSent(opts.db, mail.id);
      }
      if (batch.length < BATCH || stopped) return;
    }
  }

  function run(): void {
    if (!started || stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = deliver()
      .catch((err: unknown) => opts.log.error({ err }, 'mail queue round failed'))
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          run();
          return;
        }
        timer = setTimeout(run, opts.pollMs);
        timer.unref();
      });
  }

  return {
    start() {
      started = true;
      run();
    },
    kick: run,
    async stop(waitMs = 10_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (!running) return;
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise<void>((resolve) => (giveUp = setTimeout(resolve, waitMs)))]);
      clearTimeout(giveUp);
    },
  };
}
