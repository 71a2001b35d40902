import { describe, expect, it } from 'vitest';

import { FETCH_BAD_PORTS, randomTestPort } from '../support/ports';

/** The fault tests' servers listen on random ports, reached with fetch: a port fetch refuses is never drawn. */
describe('randomTestPort', () => {
  it('lists the ports fetch refuses: each fails with "bad port" before connecting', async () => {
    for (const port of FETCH_BAD_PORTS) {
      const refusal = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        () => 'answered',
        (err: Error) => (err.cause as Error | undefined)?.message,
      );
      expect(refusal, `port ${port}`).toBe('bad port');
    }
  });

  it('never draws a port fetch refuses, nor one whose offsets are refused', () => {
    // 4045 (lockd) is the one in shutdown.test's range, which once drew it.
    const drawn = new Set(Array.from({ length: 500 }, () => randomTestPort(4040, 10)));
    expect(drawn.has(4045)).toBe(false);
    expect(drawn.size).toBe(9);
    const paired = new Set(Array.from({ length: 200 }, () => randomTestPort(4040, 10, { step: 2, offsets: [0, 1] })));
    expect([...paired].sort()).toEqual([4040, 4042, 4046, 4048]);
    expect(() => randomTestPort(4045, 1)).toThrow('no port from 4045 to 4045');
  });
});
