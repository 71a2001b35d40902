import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../support/serverProcess';

/**
 * A server that cannot start says why in one line on stderr and exits 1: no unhandled-rejection
 * stack trace. Above all a second server on a PGlite DATA_DIR already in use, which must leave the
 * first one and its lock alone.
 */
const PORT = 4060 + Math.floor(Math.random() * 40);
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

/** Runs server/main.ts to its end; answers its exit code and its stderr lines. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
    const dataDir = tempDir();
    first = await spawnServer({ DATA_DIR: dataDir }, PORT);
    const lockFile = path.join(dataDir, 'pglite.lock');
    const holder = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { pid: number };
    expect(holder.pid).toBe(first.child.pid);

    const second = await runServer({ DATA_DIR: dataDir, PORT: String(PORT + 1) });
    expect(second.code).toBe(1);
    expect(second.stderr).toHaveLength(1);
    expect(second.stderr[0]).toMatch(
      new RegExp(`^Giftwise could not start: The database is in use by process ${first.child.pid} on .+ PGlite allows one process per data directory: stop that process first\\.`),
    );

    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toEqual(holder);
  }, 120_000);

  it('a taken port: one line, exit 1, and its own DATA_DIR lock released', async () => {
    expect(first, 'the first test leaves a server on PORT').toBeDefined();
    const dataDir = tempDir();
    const res = await runServer({ DATA_DIR: dataDir, PORT: String(PORT) });
    expect(res).toEqual({
      code: 1,
      stderr: [`Giftwise could not start: Cannot listen on port ${PORT} on 127.0.0.1: it is already in use. Stop the other process or set PORT.`],
    });
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 120_000);

  it('an invalid setting: one line, exit 1', async () => {
    const res = await runServer({ DATA_DIR: tempDir(), PORT: 'eighty' });
    expect(res.code).toBe(1);
    expect(res.stderr).toEqual(['Giftwise could not start: Invalid configuration: PORT: Invalid input: expected number, received NaN']);
  });
});
