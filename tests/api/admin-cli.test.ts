import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppOn } from './admin.helpers';

/** `npm run admin -- add EMAIL` (server/cli/admin.ts), run as its own process against a DATA_DIR. */

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-admin-cli-'));
  // Create the database once (initdb is the slow part), then let it go so the CLI can open it.
  const { app } = await openAppOn(dataDir, { ADMIN_EMAIL: 'first@example.com', ADMIN_PASSWORD: 'first-password' });
  await app.close();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function runCli(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env };
    if (!options.env?.ADMIN_PASSWORD) delete env.ADMIN_PASSWORD;
    delete env.DATABASE_URL;
    const child = spawn(TSX, ['server/cli/admin.ts', ...args], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

async function adminEmails(): Promise<string[]> {
  const { app } = await openAppOn(dataDir);
  try {
    return (await app.db.query<{ email: string }>('select email from admins order by email')).rows.map((r) => r.email);
  } finally {
    await app.close();
  }
}

describe('npm run admin -- add EMAIL', () => {
  it('adds an admin with the password from ADMIN_PASSWORD, who can then sign in', async () => {
    const res = await runCli(['add', 'Helper@Example.com'], { env: { ADMIN_PASSWORD: 'helper-password' } });
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('Admin helper@example.com added');
    expect(res.code).toBe(0);

    const { app } = await openAppOn(dataDir);
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: 'helper@example.com', password: 'helper-password' },
      });
      expect(login.statusCode).toBe(200);
      const { rows } = await app.db.query<{ password_hash: string }>('select password_hash from admins where email = $1', [
        'helper@example.com',
      ]);
      expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    } finally {
      await app.close();
    }
  });

  it('reads the password from a piped standard input', async () => {
    const res = await runCli(['add', 'piped@example.com'], { stdin: 'piped-password\n' });
    expect(res.code).toBe(0);
    expect(await adminEmails()).toContain('piped@example.com');
  });

  it('refuses an email that is already an admin (any letter case), and changes nothing', async () => {
    const before = await adminEmails();
    const res = await runCli(['add', 'FIRST@example.com'], { env: { ADMIN_PASSWORD: 'another-password' } });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe('Error: An admin with the email first@example.com already exists');
    expect(await adminEmails()).toEqual(before);
  });

  it('refuses a password shorter than 8 characters and a malformed email', async () => {
    const short = await runCli(['add', 'short@example.com'], { stdin: 'short\n' });
    expect(short.code).toBe(1);
    expect(short.stderr.trim()).toBe('Error: Password must be at least 8 characters. Nothing was changed.');
    const bad = await runCli(['add', 'not-an-email'], { env: { ADMIN_PASSWORD: 'long-enough' } });
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('Error: Enter a valid email address: not-an-email');
    expect(await adminEmails()).not.toContain('short@example.com');
  });

  it('explains its usage when called wrongly', async () => {
    const res = await runCli(['remove', 'x@example.com']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Usage: npm run admin -- add EMAIL');
  });

  it('fails with a clear message, not a stack trace, while the server holds the database', async () => {
    const { app } = await openAppOn(dataDir);
    try {
      const res = await runCli(['add', 'blocked@example.com'], { env: { ADMIN_PASSWORD: 'blocked-password' } });
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(
        new RegExp(`^Error: The database is in use by process ${process.pid} on .*stop that process first\\.`),
      );
      expect(res.stderr).not.toMatch(/\n\s+at /);
      expect((await app.db.query('select 1 from admins where email = $1', ['blocked@example.com'])).rowCount).toBe(0);
    } finally {
      await app.close();
    }
  });
});
