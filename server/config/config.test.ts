import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { loadConfig, SETTING_LIST } from './config';

/**
 * The environment `set -a; . ./.env.example; set +a` gives, as the file's header says to use it: read by a real
 * shell (quoting, `<` and all), from an empty environment, so only the file's variables are there.
 */
function exportedEnvExample(): Record<string, string> {
  const out = execFileSync('/bin/sh', ['-c', 'set -e; set -a; . ./.env.example; set +a; env -0'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {},
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const shells = new Set(['PWD', 'SHLVL', '_', 'OLDPWD']);
  return Object.fromEntries(
    out
      .split('\0')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
      .filter(([name]) => !shells.has(name)),
  );
}

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

  it('reads an empty value as unset: exporting .env.example as it is gives every documented default', () => {
    const exported = exportedEnvExample();
    expect(Object.keys(exported)).toEqual(expect.arrayContaining(SETTING_LIST.map(([name]) => name)));
    expect(loadConfig(exported)).toEqual(loadConfig({}));
  });

  it('reads any empty setting as unset, but STATIC_DIR, whose empty value means the API only', () => {
    const unset = loadConfig({});
    for (const [name] of SETTING_LIST) {
      if (name !== 'STATIC_DIR') expect(loadConfig({ [name]: '' }), name).toEqual(unset);
    }
    expect(loadConfig({ STATIC_DIR: '' }).staticDir).toBeNull();
    expect(unset).toMatchObject({ port: 3000, host: 'localhost', publicUrl: 'http://localhost:3000' });
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: '' }).publicUrl).toBe('http://localhost:8080');
  });
});
