import { describe, expect, it } from 'vitest';

import { DatabaseDamagedError } from './db/db';
import { DatabaseLockedError } from './db/dirLock';
import { MetricsListenError } from './metrics/metricsServer';
import { startupFailureLine, startupProblem } from './startup';

const where = { port: 3000, host: '0.0.0.0' };
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('startup failures', () => {
  it.each([
    [
      withCode('listen EADDRINUSE', 'EADDRINUSE'),
      'Cannot listen on port 3000 on 0.0.0.0: it is already in use. Stop the other process or set PORT.',
    ],
    [
      withCode('listen EACCES', 'EACCES'),
      'Cannot listen on port 3000 on 0.0.0.0: permission denied (ports below 1024 need privileges). Set PORT.',
    ],
    [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      'Cannot use the PostgreSQL database in DATABASE_URL: connect ECONNREFUSED 127.0.0.1:5432',
    ],
    [
      withCode('password authentication failed for user "app"', '28P01'),
      'Cannot use the PostgreSQL database in DATABASE_URL: password authentication failed for user "app"',
    ],
    [
      withCode('database "nope" does not exist', '3D000'),
      'Cannot use the PostgreSQL database in DATABASE_URL: database "nope" does not exist',
    ],
    [new Error('Invalid configuration: PORT: too big'), 'Invalid configuration: PORT: too big'],
    [
      new MetricsListenError({ port: 9464, host: '127.0.0.1' }, withCode('listen EADDRINUSE', 'EADDRINUSE')),
      'Cannot listen for /metrics on port 9464 on 127.0.0.1: it is already in use. Set METRICS_PORT or METRICS_HOST.',
    ],
  ])('explains %s in one line', (err, line) => {
    expect(startupProblem(err, where)).toBe(line);
    expect(startupFailureLine(err, where)).toBe(`Giftwise could not start: ${line}`);
  });

  it('blames the data directory, not the port, for a folder it cannot write', () => {
    const err = Object.assign(new Error("EACCES: permission denied, mkdir '/srv/data/pglite'"), {
      code: 'EACCES',
      syscall: 'mkdir',
      path: '/srv/data/pglite',
    });
    const line = startupFailureLine(err, where);
    expect(line).toMatch(
      /^Giftwise could not start: Cannot use DATA_DIR: mkdir \/srv\/data\/pglite failed: permission denied \(EACCES\)\. DATA_DIR must be a folder that the server's user \(uid \d+\) owns and can write; fix it or set DATA_DIR\.$/,
    );
    expect(line).not.toContain('port');
    const readOnly = Object.assign(new Error('EROFS'), {
      code: 'EROFS',
      syscall: 'open',
      path: '/srv/data/pglite.lock',
    });
    expect(startupProblem(readOnly, where)).toContain(
      'open /srv/data/pglite.lock failed: the file system is read-only (EROFS)',
    );
  });

  it('says a damaged PGlite database is damaged, without the WebAssembly abort text', () => {
    const err = new DatabaseDamagedError(
      '/srv/data/pglite',
      new Error('Aborted(). Build with -sASSERTIONS for more info.'),
    );
    expect(startupFailureLine(err, where)).toBe(
      'Giftwise could not start: The PGlite database in /srv/data/pglite could not be opened (PostgreSQL aborted while reading it): ' +
        'its files are damaged or not a PGlite database. Restore DATA_DIR from a backup, or move it aside to start with an empty database.',
    );
  });

  it('passes a locked data directory’s own explanation through', () => {
    const err = new DatabaseLockedError('/data/pglite.lock', {
      pid: 42,
      hostname: 'box',
      startedAt: '2026-01-01T00:00:00Z',
    });
    expect(startupFailureLine(err, where)).toBe(`Giftwise could not start: ${err.message}`);
    expect(startupFailureLine(err, where)).not.toContain('\n');
  });

  it('treats anything else as unexpected (its stack is printed too), still folded to one line', () => {
    const err = new Error('boom\n  at somewhere');
    expect(startupProblem(err, where)).toBeNull();
    expect(startupFailureLine(err, where)).toBe('Giftwise could not start: boom at somewhere');
  });
});
