import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createPeriodicJob } from './periodicJob';

function logSpy() {
  const errors: string[] = [];
  const log = { error: (_details: object, message: string) => errors.push(message) } as unknown as FastifyBaseLogger;
  return { log, errors };
}

describe('createPeriodicJob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at start and on each tick, never two runs at once', async () => {
    let finish: () => void = () => undefined;
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const job = createPeriodicJob({ run, everyMs: 1000, ...logSpy(), failure: 'failed' });
    job.start();
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2500); // two ticks while the first run is still going: skipped
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(job.lastSuccessAt()).toBeInstanceOf(Date);
    finish();
    await job.stop();
  });

  it('logs a failed run and carries on at the next tick; stop() waits for the run in hand', async () => {
    const { log, errors } = logSpy();
    let calls = 0;
    const job = createPeriodicJob({
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database gone');
      },
      everyMs: 1000,
      log,
      failure: 'reminder run failed',
    });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual(['reminder run failed']);
    expect(job.lastSuccessAt()).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    expect(job.lastSuccessAt()).not.toBeNull();
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(2);
  });
});
