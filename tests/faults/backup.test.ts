import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { openDatabase } from '../../server/db/db';
import { until } from '../api/helpers';
import { COMPLETE_PROFILE, isoDateFromNow, orderInput, PASSWORD, uniqueEmail } from '../support/fixtures';
import { copyPgliteTemplate } from '../support/pgliteTemplate';
import { randomTestPort } from '../support/ports';
import { runProcess } from '../support/runProcess';
import { serverArgs } from '../support/serverBundle';
import { spawnServer, type ServerProcess } from '../support/serverProcess';

/**
 * `npm run backup` and `npm run restore` on PGlite, with real processes: a backup taken from a running server
 * under a write load holds every order acknowledged before the backup started, and a server started on the
 * restored DATA_DIR answers them; restore refuses a DATA_DIR in use or already holding a database (unless
 * --force), and a file that is not a backup.
 */
const PORT = randomTestPort(4500, 50, { offsets: [0, 50] });
const CLIENTS = 4;
// One customer places every order, and all are read back: lift the per-customer bounds.
const LOAD_ENV = { ORDER_WRITE_RATE_LIMIT: '1000000', MAX_OPEN_ORDERS: '1000000', CLOSED_ORDERS_LIST_LIMIT: '1000000' };

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(prefix: string, from: 'empty' | 'migrated' = 'empty'): string {
  const dir =
    from === 'migrated'
      ? copyPgliteTemplate(inject('pgliteTemplate'), prefix)
      : fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function server(dataDir: string, port: number): Promise<ServerProcess> {
  const s = await spawnServer({ DATA_DIR: dataDir, ...LOAD_ENV }, port);
  cleanups.push(() => s.kill('SIGKILL'));
  return s;
}

/** The backup CLI from source, as `npm run backup -- …` / `npm run restore -- …` run it compiled. */
function cli(args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  return runProcess(process.execPath, [...serverArgs('cli/backup'), ...args], { env });
}

async function send(url: string, method: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function customer(url: string): Promise<string> {
  const email = uniqueEmail('backup');
  const signUp = await send(`${url}/api/auth/createUser`, 'POST', { name: 'Backup Tester', email, password: PASSWORD });
  const token = signUp.body.authtoken as string;
  expect((await send(`${url}/api/auth/updateUser`, 'PUT', { ...COMPLETE_PROFILE, email }, token)).status).toBe(200);
  return token;
}

/** Places orders back to back until `running()` turns false; each acknowledged one is added to `acked`. */
async function placeOrders(url: string, token: string, client: number, running: () => boolean, acked: string[]) {
  for (let i = 0; running(); i++) {
    const recipientName = `c${client}-${i}`;
    const res = await send(
      `${url}/api/gifts/addgift`,
      'POST',
      orderInput({ recipientName, date: isoDateFromNow(3) }),
      token,
    );
    if (res.status === 201) acked.push(recipientName);
  }
}

async function recipients(url: string, token: string): Promise<Set<string>> {
  const res = await fetch(`${url}/api/gifts/getgifts`, { headers: { 'auth-token': token } });
  expect(res.status).toBe(200);
  return new Set(((await res.json()) as Array<{ recipientName: string }>).map((o) => o.recipientName));
}

describe('npm run backup / npm run restore (PGlite)', () => {
  it('backs up a running server under write load; the restored copy holds every acknowledged order', async () => {
    // The live server's database is a copy of the run's migrated one: its first start is not what this tests.
    const source = tempDir('giftwise-backup-src-', 'migrated');
    const file = path.join(tempDir('giftwise-backup-file-'), 'giftwise.tar.gz');
    const live = await server(source, PORT);
    const token = await customer(live.url);

    // A write load from several clients; the backup is taken in the middle of it.
    const acked: string[] = [];
    let loading = true;
    const clients = Array.from({ length: CLIENTS }, (_, c) => placeOrders(live.url, token, c, () => loading, acked));
    await until(() => acked.length >= 20, 'orders acknowledged before the backup', 30_000);
    const beforeStart = [...acked];
    const backup = await cli(['backup', file], source);
    const beforeReturn = [...acked];
    await until(() => acked.length > beforeReturn.length, 'orders acknowledged after the backup', 30_000);
    loading = false;
    await Promise.all(clients);

    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('from the running server');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // Only the finished file is left beside it: never a partial one.
    expect(fs.readdirSync(path.dirname(file))).toEqual(['giftwise.tar.gz']);

    const target = tempDir('giftwise-backup-dst-');
    const restore = await cli(['restore', file], target);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    const restored = await server(target, PORT + 50);
    const found = await recipients(restored.url, token);
    expect(
      beforeStart.filter((name) => !found.has(name)),
      'acknowledged before the backup started',
    ).toEqual([]);
    // Every order of the load was answered (it stopped between orders), so nothing else may appear; and the copy is
    // of one moment before the backup returned: what was acknowledged by then, plus at most one order in flight
    // per client.
    const sent = new Set(acked);
    expect([...found].filter((name) => !sent.has(name))).toEqual([]);
    expect(found.size).toBeLessThanOrEqual(beforeReturn.length + CLIENTS);

    // Restore never writes into a DATA_DIR a server is using.
    const inUse = await cli(['restore', file], target);
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toMatch(/in use by process \d+/);
    await restored.kill('SIGTERM');

    // Nor over a database, unless told --force; then the old one is moved aside, not deleted.
    const holds = await cli(['restore', file], target);
    expect(holds.code).toBe(1);
    expect(holds.stderr).toMatch(/already holds a database.*--force/);

    // With both servers stopped: a backup of the stopped source holds every acknowledged order.
    await live.kill('SIGTERM');
    const offline = await cli(['backup', file], source);
    expect(offline.code).toBe(0);
    expect(offline.stdout).toContain('server not running');
    const forced = await cli(['restore', file, '--force'], target);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    const aside = fs.readdirSync(target).filter((name) => name.startsWith('pglite.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(fs.existsSync(path.join(target, aside[0], 'PG_VERSION'))).toBe(true);

    // Read here rather than through a third server start (seconds saved; the server was shown above).
    const db = await openDatabase({ dataDir: target });
    const { rows } = await db
      .query<{ recipient_name: string }>('select recipient_name from gift_orders')
      .finally(() => db.close());
    const all = new Set(rows.map((r) => r.recipient_name));
    expect(
      acked.filter((name) => !all.has(name)),
      'acknowledged orders missing from the offline backup',
    ).toEqual([]);
  });

  it('refuses a file that is not a backup and leaves the DATA_DIR without a database', async () => {
    const target = tempDir('giftwise-backup-bad-');
    const bogus = path.join(target, 'not-a-backup.tar.gz');
    fs.writeFileSync(bogus, 'this is not a backup');
    const res = await cli(['restore', bogus], target);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/not a Giftwise backup/);
    expect(fs.readdirSync(target)).toEqual(['not-a-backup.tar.gz']);
  });
});
