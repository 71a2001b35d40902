import { describe, expect, it } from 'vitest';
import { DatabaseLockedError } from './db/dirLock';
import { startupFailureLine, startupProblem } from './startup';

const where = { port: 3000, host: '0.0.0.0' };
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('startup failures', () => {
  it.each([
    [withCode('listen EADDRINUSE', 'EADDRINUSE'), 'Cannot listen on port 3000 on 0.0.0.0: it is already in use. Stop the other process or set PORT.'],
    [withCode('listen EACCES', 'EACCES'), 'Cannot listen on port 3000 on 0.0.0.0: permission denied (ports below 1024 need privileges). Set PORT.'],
    [withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), 'Cannot use the PostgreSQL database in DATABASE_URL: connect ECONNREFUSED 127.0.0.1:5432'],
    [withCode('password authentication failed for user "app"', '28P01'), 'Cannot use the PostgreSQL database in DATABASE_URL: password authentication failed for user "app"'],
    [withCode('database "nope" does not exist', '3D000'), 'Cannot use the PostgreSQL database in DATABASE_URL: database "nope" does not exist'],
    [new Error('Invalid configuration: PORT: too big'), 'Invalid configuration: PORT: too big'],
  ])('explains %s in one line', (err, line) => {
    expect(startupProblem(err, where)).toBe(line);
    expect(startupFailureLine(err, where)).toBe(`Giftwise could not start: ${line}`);
  });

  it('passes a locked data directory’s own explanation through', () => {
    const err = new DatabaseLockedError('/data/pglite.lock', { pid: 42, hostname: 'box', startedAt: '2026-01-01T00:00:00Z' });
    expect(startupFailureLine(err, where)).toBe(`Giftwise could not start: ${err.message}`);
    expect(startupFailureLine(err, where)).not.toContain('\n');
  });

  it('treats anything else as unexpected (its stack is printed too), still folded to one line', () => {
    const err = new Error('boom\n  at somewhere');
    expect(startupProblem(err, where)).toBeNull();
    expect(startupFailureLine(err, where)).toBe('Giftwise could not start: boom at somewhere');
  });
});
