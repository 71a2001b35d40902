import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminCli } from '../../server/cli/adminCommands';
import { SECOND_FACTOR_RESET_SUBJECT } from '../../server/modules/admin/secondFactorEmails';
import { runProcess } from '../support/runProcess';
import { serverArgs } from '../support/serverBundle';
import { adminLogin, openAppOn, seedOrder, TEST_ADMIN } from './admin.helpers';
import { call, migratedDataDir } from './helpers';

/** `npm run admin -- add EMAIL` (server/cli/admin.ts), run as its own process against a DATA_DIR. */

const ROOT = path.resolve(__dirname, '../..');

let dataDir: string;
beforeAll(async () => {
  dataDir = migratedDataDir('giftwise-admin-cli-');
  // Start the app once for its first admin, then let the database go so the CLI can open it.
  const { app } = await openAppOn(dataDir, { ADMIN_EMAIL: 'first@example.com', ADMIN_PASSWORD: 'first-password' });
  await app.close();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

type CliOptions = { env?: Record<string, string>; stdin?: string };

function cliEnv(options: CliOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env };
  if (!options.env?.ADMIN_PASSWORD) delete env.ADMIN_PASSWORD;
  delete env.DATABASE_URL;
  return env;
}

/**
 * The command as `npm run admin` runs it, as its own process (node and the bundle): the tests of how it is wired
 * (exit codes, output streams, the database lock held by another process) use this.
 */
function runCliProcess(args: string[], options: CliOptions = {}) {
  return runProcess(process.execPath, [...serverArgs('cli/admin'), ...args], {
    cwd: ROOT,
    env: cliEnv(options),
    stdin: options.stdin,
  });
}

/**
 * The same command run inside this process, on the same DATA_DIR: each process started costs a node start and a
 * PGlite start (about 2 s of CPU, and 5 to 15 s on a busy machine), which made this the slowest file of the suite.
 */
async function runCli(args: string[], options: CliOptions = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const stdin = Object.assign(Readable.from(options.stdin === undefined ? [] : [options.stdin]), { isTTY: false });
  const code = await adminCli(args, {
    env: cliEnv(options),
    stdin,
    out: (line) => out.push(`${line}\n`),
    err: (line) => err.push(`${line}\n`),
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

async function adminEmails(): Promise<string[]> {
  const { app } = await openAppOn(dataDir);
  try {
    return (await app.db.query<{ email: string }>('select email from admins order by email')).rows.map((r) => r.email);
  } finally {
    await app.close();
  }
}

// Each test starts several CLI processes, each opening PGlite: on a busy machine (load 15 on two cores) one test took
// 30 s.
describe('npm run admin -- add EMAIL', { timeout: 90_000 }, () => {
  it('adds an admin with the password from ADMIN_PASSWORD, who can then sign in', async () => {
    const res = await runCliProcess(['add', 'Helper@Example.com'], { env: { ADMIN_PASSWORD: 'helper-password' } });
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
      const { rows } = await app.db.query<{ password_hash: string }>(
        'select password_hash from admins where email = $1',
        ['helper@example.com'],
      );
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

  it('refuses a weak password (the email, one character, a common one) and changes nothing', async () => {
    for (const [password, reason] of [
      ['weak@example.com', 'Password must not be your email address'],
      ['aaaaaaaaaa', 'Password must not be one character repeated'],
      [
        'letmein123',
        'Password is too common or too easy to guess. Choose a longer one, for example a few unrelated words',
      ],
    ]) {
      const res = await runCli(['add', 'weak@example.com'], { env: { ADMIN_PASSWORD: password } });
      expect(res.code).toBe(1);
      expect(res.stderr.trim()).toBe(`Error: ${reason}. Nothing was changed.`);
    }
    expect(await adminEmails()).not.toContain('weak@example.com');
  });

  it('refuses an email with control characters, shown escaped', async () => {
    const res = await runCli(['add', 'evil\u001b[2J@example.com'], { env: { ADMIN_PASSWORD: 'lantern orbit pebble' } });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe('Error: Email must not contain control characters: evil\\u001b[2J@example.com');
    expect(res.stderr).not.toContain('\u001b');
    const removal = await runCli(['remove', 'first@example.com\r']);
    expect(removal.code).toBe(1);
    expect(removal.stderr.trim()).toBe('Error: Email must not contain control characters: first@example.com\\u000d');
    expect(await adminEmails()).toContain('first@example.com');
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
    for (const args of [['delete', 'x@example.com'], ['remove'], ['list', 'extra'], []]) {
      const res = await runCli(args);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain('Usage: npm run admin -- add EMAIL');
      expect(res.stderr).toContain('npm run admin -- remove EMAIL');
      expect(res.stderr).toContain('npm run admin -- password EMAIL');
    }
  });

  it('fails with a clear message, not a stack trace, while the server holds the database', async () => {
    const { app } = await openAppOn(dataDir);
    try {
      const res = await runCliProcess(['add', 'blocked@example.com'], { env: { ADMIN_PASSWORD: 'blocked-password' } });
      const listing = await runCliProcess(['list']);
      expect(listing.code).toBe(1);
      expect(listing.stderr).toMatch(/^Error: The database is in use by process/);
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

describe('npm run admin -- password EMAIL', { timeout: 90_000 }, () => {
  const ADMIN = { email: 'rotating@example.com', password: 'first rotating pw 3' };

  it('sets a new password read from a piped standard input and ends every session of that admin', async () => {
    expect((await runCli(['add', ADMIN.email], { env: { ADMIN_PASSWORD: ADMIN.password } })).code).toBe(0);
    const before = await openAppOn(dataDir);
    let sessions: string[];
    try {
      sessions = [await adminLogin(before.app, ADMIN.email, ADMIN.password)];
      sessions.push(await adminLogin(before.app, ADMIN.email, ADMIN.password));
    } finally {
      await before.app.close();
    }

    // ADMIN_PASSWORD (the first admin's, for `add`) is never taken as the new password.
    const res = await runCli(['password', 'ROTATING@example.com'], {
      stdin: 'second rotating pw 4\n',
      env: { ADMIN_PASSWORD: 'not this one 5' },
    });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout.trim()).toBe(
      `Password of rotating@example.com changed (${dataDir}); its sessions were ended: it signs in again with the new one.`,
    );

    const after = await openAppOn(dataDir);
    try {
      for (const token of sessions!) {
        expect((await call(after.app, { method: 'GET', url: '/api/admin/check', token })).status).toBe(401);
      }
      const login = (password: string) =>
        call(after.app, { method: 'POST', url: '/api/admin/login', payload: { email: ADMIN.email, password } });
      expect((await login(ADMIN.password)).status).toBe(401);
      expect((await login('not this one 5')).status).toBe(401);
      expect((await login('second rotating pw 4')).status).toBe(200);
    } finally {
      await after.app.close();
    }
  });

  it('refuses a weak password or an unknown email, changing nothing', async () => {
    const weak = await runCli(['password', ADMIN.email], { stdin: 'short\n' });
    expect(weak.code).toBe(1);
    expect(weak.stderr.trim()).toBe('Error: Password must be at least 8 characters. Nothing was changed.');
    const same = await runCli(['password', ADMIN.email], { stdin: `${ADMIN.email}\n` });
    expect(same.code).toBe(1);
    expect(same.stderr.trim()).toBe('Error: Password must not be your email address. Nothing was changed.');
    const unknown = await runCli(['password', 'ghost@example.com'], { stdin: 'ghostly password 6\n' });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('Error: No admin has the email ghost@example.com');

    const { app } = await openAppOn(dataDir);
    try {
      const login = await call(app, {
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: ADMIN.email, password: 'second rotating pw 4' },
      });
      expect(login.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('npm run admin -- list / remove EMAIL', { timeout: 90_000 }, () => {
  const ADMIN = { email: 'second@example.com', password: 'second admin pw 7' };

  it('lists every admin by email with when it was added', async () => {
    const res = await runCli(['list']);
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines.map((line) => line.split('\t')[0])).toEqual(await adminEmails());
    expect(lines[0]).toMatch(/^\S+@\S+\tadded \d{4}-\d\d-\d\dT/);
  });

  it('removes an admin (any letter case): its sessions end, its status changes stay in the history', async () => {
    expect((await runCli(['add', ADMIN.email], { env: { ADMIN_PASSWORD: ADMIN.password } })).code).toBe(0);
    const { app } = await openAppOn(dataDir);
    let session: string;
    try {
      session = await adminLogin(app, ADMIN.email, ADMIN.password);
      const { orderId } = await seedOrderWithChange(app, session);
      expect(orderId).toBeTruthy();
    } finally {
      await app.close();
    }

    const res = await runCli(['remove', 'SECOND@example.com']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout.trim()).toBe(
      `Admin second@example.com removed (${dataDir}) and signed out everywhere. Its 1 status change(s) stay in the order history without its email.`,
    );
    expect(await adminEmails()).not.toContain(ADMIN.email);

    const after = await openAppOn(dataDir);
    try {
      expect((await call(after.app, { method: 'GET', url: '/api/admin/check', token: session! })).status).toBe(401);
      const { rows } = await after.app.db.query<{ admin_id: string | null; to_status: string }>(
        "select admin_id, to_status from order_status_events where to_status = 'processed'",
      );
      expect(rows).toEqual([{ admin_id: null, to_status: 'processed' }]);
    } finally {
      await after.app.close();
    }
  });

  it('refuses an unknown email and the last admin, changing nothing', async () => {
    const unknown = await runCli(['remove', 'ghost@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('Error: No admin has the email ghost@example.com');

    const others = (await adminEmails()).filter((email) => email !== 'first@example.com');
    for (const email of others) expect((await runCli(['remove', email])).code).toBe(0);
    const last = await runCli(['remove', 'first@example.com']);
    expect(last.code).toBe(1);
    expect(last.stderr.trim()).toBe('Error: first@example.com is the last admin; add another one before removing it');
    expect(await adminEmails()).toEqual(['first@example.com']);
  });
});

/** Places an order for a new customer and has the signed-in admin move it to processed. */
async function seedOrderWithChange(app: FastifyInstance, adminToken: string): Promise<{ orderId: string }> {
  const { id } = await seedOrder(app);
  const res = await call(app, {
    method: 'PUT',
    url: `/api/admin/updateGiftStatus/${id}`,
    token: adminToken,
    payload: { status: 'processed' },
  });
  expect(res.status).toBe(200);
  return { orderId: id };
}

describe('npm run admin -- reset-2fa EMAIL', { timeout: 90_000 }, () => {
  const FIRST = { email: 'first@example.com', password: 'first-password' };

  it('clears the second factor and the recovery codes, ends the sessions; the admin enrols at its next sign-in', async () => {
    const enrolled = await openAppOn(dataDir, {
      ADMIN_EMAIL: FIRST.email,
      ADMIN_PASSWORD: FIRST.password,
      ADMIN_TOTP_SECRET: TEST_ADMIN.totpSecret,
    });
    let session: string;
    try {
      const { rows } = await enrolled.app.db.query<{ id: string }>('select id from admins where email = $1', [
        FIRST.email,
      ]);
      await enrolled.app.db.query(
        `insert into admin_recovery_codes (admin_id, code_hash) values ($1, 'a'), ($1, 'b')`,
        [rows[0].id],
      );
      session = await adminLogin(enrolled.app, FIRST.email, FIRST.password);
      const withoutCode = await call(enrolled.app, { method: 'POST', url: '/api/admin/login', payload: FIRST });
      expect(withoutCode.body).toMatchObject({ success: false, secondFactor: 'totp' });
    } finally {
      await enrolled.app.close();
    }

    const res = await runCli(['reset-2fa', 'FIRST@example.com']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout.trim()).toBe(
      `Second factor of first@example.com cleared (${dataDir}), and it is signed out everywhere. ` +
        'At its next sign-in at /admin it sets up an authenticator app again. An email tells it so ' +
        '(queued: a server on this database sends it).',
    );

    const after = await openAppOn(dataDir);
    try {
      expect((await call(after.app, { method: 'GET', url: '/api/admin/check', token: session! })).status).toBe(401);
      const { rows } = await after.app.db.query<{ totp_secret: string | null; codes: number }>(
        `select totp_secret, (select count(*)::int from admin_recovery_codes r where r.admin_id = a.id) as codes
           from admins a where email = $1`,
        [FIRST.email],
      );
      expect(rows).toEqual([{ totp_secret: null, codes: 0 }]);
      const mail = await after.app.db.query<{ subject: string }>(
        'select subject from mail_queue where to_address = $1',
        [FIRST.email],
      );
      expect(mail.rows.map((r) => r.subject)).toEqual([SECOND_FACTOR_RESET_SUBJECT]);
      const signIn = await call(after.app, { method: 'POST', url: '/api/admin/login', payload: FIRST });
      expect(signIn.status).toBe(200);
      expect(signIn.body.enrolmentRequired).toBe(true);
    } finally {
      await after.app.close();
    }
  });

  it('refuses an unknown email, changing nothing', async () => {
    const unknown = await runCli(['reset-2fa', 'ghost@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('Error: No admin has the email ghost@example.com');
  });
});
