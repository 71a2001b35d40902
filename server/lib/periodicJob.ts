import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  /** Runs the job now, then every `everyMs`. */
  start(): void;
  /** No new run starts; waits for the one in progress. */
  stop(): Promise<void>;
  /** When a run in this process last finished without an error (null before the first). */
  lastSuccessAt(): Date | null;
}

/**
 * A background job of one server: run once at start, then on a timer that does not keep the process alive.
 * A run never overlaps the previous one (a tick that finds it still going is skipped), and a failure is
 * logged and left to the next run: nothing a run throws reaches an unhandled rejection.
 */
export function createPeriodicJob(opts: {
  run: () => Promise<void>;
  everyMs: number;
  log: FastifyBaseLogger;
  /** The log line of a failed run. */
  failure: string;
}): PeriodicJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let lastSuccess: Date | null = null;
  const tick = () => {
    if (stopped || running) return;
    running = opts
      .run()
      .then(() => {
        lastSuccess = new Date();
      })
      .catch((err: unknown) => opts.log.error({ err }, opts.failure))
      .finally(() => {
        running = null;
      });
  };
  return {
    start() {
      tick();
      timer = setInterval(tick, opts.everyMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
    lastSuccessAt: () => lastSuccess,
  };
}
