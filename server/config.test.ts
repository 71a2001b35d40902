import { describe, expect, it } from 'vitest';

import { loadConfig } from './config';

describe('server settings', () => {
  it('bounds slow and idle connections by default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      connectionTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
    });
    expect(loadConfig({ CONNECTION_TIMEOUT_MS: '5000', KEEP_ALIVE_TIMEOUT_MS: '3000' })).toMatchObject({
      connectionTimeoutMs: 5000,
      keepAliveTimeoutMs: 3000,
    });
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '0' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
  });
});
