import { describe, expect, it } from 'vitest';

import { loadConfig, SETTING_LIST } from './config';

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

  it('serves /metrics only when METRICS_PORT is set, on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
  });

  it('keeps ended sessions and reset links a week and email records a month by default, purging hourly', () => {
    expect(loadConfig({})).toMatchObject({
      retention: { sessions: 7, resetLinks: 7, sentMail: 30 },
      purgeIntervalMs: 3_600_000,
    });
    expect(
      loadConfig({
        SESSION_RETENTION_DAYS: '0',
        RESET_LINK_RETENTION_DAYS: '1',
        SENT_MAIL_RETENTION_DAYS: '90',
        PURGE_INTERVAL_MINUTES: '5',
      }),
    ).toMatchObject({ retention: { sessions: 0, resetLinks: 1, sentMail: 90 }, purgeIntervalMs: 300_000 });
    expect(() => loadConfig({ SESSION_RETENTION_DAYS: '-1' })).toThrow(/SESSION_RETENTION_DAYS/);
    expect(() => loadConfig({ SENT_MAIL_RETENTION_DAYS: 'forever' })).toThrow(/SENT_MAIL_RETENTION_DAYS/);
    expect(() => loadConfig({ PURGE_INTERVAL_MINUTES: '0' })).toThrow(/PURGE_INTERVAL_MINUTES/);
  });

  it('uses the default each setting documents when the variable is unset', () => {
    const unset = loadConfig({});
    for (const [name, setting] of SETTING_LIST) {
      if (setting.default !== undefined) expect(loadConfig({ [name]: setting.default }), name).toEqual(unset);
    }
  });
});
