import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

import packageJson from '../../package.json' with { type: 'json' };
import { LOG_REDACT, loggingOptions } from './logging';

const config = { logLevel: 'info', trustProxy: false };
type LoggerOptions = { transport?: { target: string }; redact?: unknown; stream?: unknown };

describe('the log format', () => {
  it('is pino-pretty on a terminal, secrets still redacted', () => {
    const logger = loggingOptions(config, undefined, true).logger as LoggerOptions;
    expect(logger.transport?.target).toBe('pino-pretty');
    expect(logger.redact).toEqual(LOG_REDACT);
  });

  it('is JSON lines when stdout is not a terminal (a file, a pipe, a log collector)', () => {
    const logger = loggingOptions(config, undefined, false).logger as LoggerOptions;
    expect(logger.transport).toBeUndefined();
    expect(logger.redact).toEqual(LOG_REDACT);
  });

  it('is JSON to a stream given by the caller, whatever stdout is', () => {
    const stream = process.stderr;
    const logger = loggingOptions(config, { stream }, true).logger as LoggerOptions;
    expect(logger.transport).toBeUndefined();
    expect(logger.stream).toBe(stream);
  });

  it('has pino-pretty as a production dependency (the compiled server loads it by name at run time)', () => {
    expect(Object.keys(packageJson.dependencies)).toContain('pino-pretty');
    expect(() => createRequire(import.meta.url).resolve('pino-pretty')).not.toThrow();
  });
});
