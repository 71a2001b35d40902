import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { migratedDataDir } from '../api/helpers';
import { randomTestPort } from '../support/ports';
import { serverArgs } from '../support/serverBundle';
import { spawnServer, type ServerProcess } from '../support/serverProcess';

/**
 * A server that cannot start says why in one line on stderr and exits 1: no unhandled-rejection
 * stack trace. Above all a second server on a PGlite DATA_DIR already in use, which must leave the
 * first one and its lock alone.
 */
const PORT = randomTestPort(4060, 40, { offsets: [0, 1, 2, 3] });
const dirs: string[] = [];
let first: ServerProcess | undefined;
afterAll(async () => {
  await first?.kill();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-startup-'));
  dirs.push(dir);
  return dir;
};
/** A DATA_DIR whose database exists (a copy of the run's migrated one), for the tests not about creating one. */
const existingDir = () => {
  const dir = migratedDataDir('giftwise-startup-');
  dirs.push(dir);
  return dir;
};

/** Runs server/main.ts to its end; answers its exit code and its stderr lines. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string[] }> {
  const child = spawn(process.execPath, serverArgs('main'), {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', STATIC_DIR: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: stderr.split('\n').filter((line) => line.trim() !== '') });
    }),
  );
}

describe('a server that cannot start', () => {
  it('a second server on a PGlite DATA_DIR in use exits 1 with one line naming the holder; the first carries on', async () => {
    const dataDir = existingDir();
    first = await spawnServer({ DATA_DIR: dataDir }, PORT);
    const lockFile = path.join(dataDir, 'pglite.lock');
    const holder = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { pid: number };
    expect(holder.pid).toBe(first.child.pid);

    const second = await runServer({ DATA_DIR: dataDir, PORT: String(PORT + 1) });
    expect(second.code).toBe(1);
    expect(second.stderr).toHaveLength(1);
    expect(second.stderr[0]).toMatch(
      new RegExp(
        `^Giftwise could not start: The database is in use by process ${first.child.pid} on .+ PGlite allows one process per data directory: stop that process first\\.`,
      ),
    );

    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toEqual(holder);
  }, 120_000);

  it('a taken port: one line, exit 1, and its own DATA_DIR lock released', async () => {
    expect(first, 'the first test leaves a server on PORT').toBeDefined();
    const dataDir = existingDir();
    const res = await runServer({ DATA_DIR: dataDir, PORT: String(PORT) });
    expect(res).toEqual({
      code: 1,
      stderr: [
        `Giftwise could not start: Cannot listen on port ${PORT} on 127.0.0.1: it is already in use. Stop the other process or set PORT.`,
      ],
    });
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 120_000);

  it('an invalid setting: one line, exit 1', async () => {
    const res = await runServer({ DATA_DIR: tempDir(), PORT: 'eighty' });
    expect(res.code).toBe(1);
    expect(res.stderr).toEqual([
      'Giftwise could not start: Invalid configuration: PORT: Invalid input: expected number, received NaN',
    ]);
  });
});

/** Every path under dir (dir included) whose mode lets group or others in, with that mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (p: string) => {
    const stats = fs.lstatSync(p);
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) found.push(`${(stats.mode & 0o777).toString(8)} ${p}`);
    if (stats.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return found;
}

const isRoot = process.getuid?.() === 0;

describe('DATA_DIR is for the server’s user only', () => {
  it('a new DATA_DIR: folders 0700, files for the owner only; another user cannot read the WAL', async () => {
    const parent = tempDir();
    // The parent lets everyone through, as /srv or a home folder may: only DATA_DIR's own modes protect it.
    fs.chmodSync(parent, 0o755);
    const dataDir = path.join(parent, 'data');
    const server = await spawnServer({ DATA_DIR: dataDir }, PORT + 2);
    const walDir = path.join(dataDir, 'pglite', 'pg_wal');
    try {
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(openToOthers(dataDir).filter((entry) => fs.statSync(entry.split(' ')[1]).isDirectory())).toEqual([]);
      const wal = fs.readdirSync(walDir).find((name) => /^[0-9A-F]{24}$/.test(name));
      expect(wal).toBeDefined();
      expect(fs.statSync(path.join(walDir, wal!)).mode & 0o777).toBe(0o600);
      if (isRoot) {
        const read = spawnSync('runuser', ['-u', 'nobody', '--', 'cat', path.join(walDir, wal!)], { encoding: 'utf8' });
        expect(read.status).not.toBe(0);
        expect(read.stderr).toContain('Permission denied');
      }
    } finally {
      await server.kill();
    }
    // At shutdown the files PGlite made while running are closed too.
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);

  it('an existing DATA_DIR made with 0777 folders and 0666 files is closed at start', async () => {
    const dataDir = existingDir();
    const first = await spawnServer({ DATA_DIR: dataDir }, PORT + 2);
    await first.kill();
    // What PGlite used to leave, and worse: everything open to everyone.
    const openUp = (p: string) => {
      const stats = fs.lstatSync(p);
      fs.chmodSync(p, stats.isDirectory() ? 0o777 : 0o666);
      if (stats.isDirectory()) for (const name of fs.readdirSync(p)) openUp(path.join(p, name));
    };
    openUp(dataDir);
    expect(openToOthers(dataDir).length).toBeGreaterThan(10);

    const again = await spawnServer({ DATA_DIR: dataDir }, PORT + 2);
    try {
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dataDir, 'pglite', 'global', 'pg_control')).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(dataDir, 'initial-admin-password')).mode & 0o777).toBe(0o600);
      expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    } finally {
      await again.kill();
    }
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);
});

describe('a data directory the server cannot use', () => {
  it('a DATA_DIR the server’s user cannot write: one line naming the folder, not the port', async () => {
    const dataDir = tempDir();
    // Root may write anywhere: as root the server runs without the capabilities that let it (setpriv, util-linux).
    // Still root, it reads its program wherever the checkout is, a folder only root may enter included (run as
    // `nobody`, as before, it could not). Either way the folder is its own and read-only to it.
    const uid = process.getuid!();
    fs.chmodSync(dataDir, 0o555);
    const command = [process.execPath, ...serverArgs('main')];
    const withoutOverrides = '-dac_override,-dac_read_search';
    const child = spawnSync(
      isRoot ? 'setpriv' : command[0],
      isRoot
        ? [`--bounding-set=${withoutOverrides}`, `--inh-caps=${withoutOverrides}`, '--', ...command]
        : command.slice(1),
      {
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(PORT + 3),
          LOG_LEVEL: 'warn',
          STATIC_DIR: '',
          DATA_DIR: dataDir,
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(child.status).toBe(1);
    expect(child.stderr.trim().split('\n')).toEqual([
      `Giftwise could not start: Cannot use DATA_DIR: mkdir ${path.join(dataDir, 'pglite')} failed: permission denied (EACCES). ` +
        `DATA_DIR must be a folder that the server's user (uid ${uid}) owns and can write; fix it or set DATA_DIR.`,
    ]);
  }, 120_000);

  it('a damaged database: one line saying so and where, no WebAssembly stack', async () => {
    const dataDir = existingDir();
    const server = await spawnServer({ DATA_DIR: dataDir }, PORT + 2);
    await server.kill();
    const pgliteDir = path.join(dataDir, 'pglite');
    const walDir = path.join(pgliteDir, 'pg_wal');
    const wal = fs.readdirSync(walDir).find((name) => /^[0-9A-F]{24}$/.test(name))!;
    // Overwrite the start of the write-ahead log with noise.
    const fd = fs.openSync(path.join(walDir, wal), 'r+');
    fs.writeSync(fd, Buffer.alloc(1_000_000, 0x5a), 0, 1_000_000, 0);
    fs.closeSync(fd);

    const res = await runServer({ DATA_DIR: dataDir, PORT: String(PORT + 3) });
    expect(res.code).toBe(1);
    expect(res.stderr).toEqual([
      `Giftwise could not start: The PGlite database in ${pgliteDir} could not be opened (PostgreSQL aborted while reading it): ` +
        'its files are damaged or not a PGlite database. Restore DATA_DIR from a backup, or move it aside to start with an empty database.',
    ]);
  }, 120_000);
});
