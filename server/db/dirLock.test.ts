import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { acquireDirLock, DatabaseLockedError } from './dirLock';

let dir: string;
let lockFile: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-lock-'));
  lockFile = path.join(dir, 'pglite.lock');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const strict = { foreignHost: 'refuse' as const };
const writeOwner = (pid: number, hostname = os.hostname()) =>
  fs.writeFileSync(lockFile, JSON.stringify({ pid, hostname, startedAt: '2026-01-01T00:00:00.000Z' }));

describe('acquireDirLock', () => {
  it('writes this process into the lock, and release removes it', () => {
    const lock = acquireDirLock(lockFile, strict);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    expect(fs.statSync(lockFile).mode & 0o777).toBe(0o600);
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
    lock.release(); // twice is harmless
  });

  it('refuses a second holder in the same process until the first releases', () => {
    const lock = acquireDirLock(lockFile, strict);
    expect(() => acquireDirLock(lockFile, strict)).toThrow(DatabaseLockedError);
    lock.release();
    acquireDirLock(lockFile, strict).release();
  });

  it('refuses while another live process holds it, naming that process', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeOwner(holder.pid!);
      expect(() => acquireDirLock(lockFile, strict)).toThrow(
        new RegExp(
          `^The database is in use by process ${holder.pid} on .*PGlite allows one process per data directory`,
        ),
      );
      expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(holder.pid);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock whose process is gone, or that cannot be read', () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeOwner(gone);
    acquireDirLock(lockFile, strict).release();
    fs.writeFileSync(lockFile, 'not json');
    acquireDirLock(lockFile, strict).release();
  });

  it('a lock from another host: a tool refuses, the server warns and takes it over', () => {
    writeOwner(1, 'some-other-host');
    expect(() => acquireDirLock(lockFile, strict)).toThrow(/in use by process 1 on some-other-host/);
    const warn = vi.fn();
    acquireDirLock(lockFile, { foreignHost: 'takeover', warn }).release();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('some-other-host'));
  });
});
