import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';

import { isOutboxMail } from '../../server/modules/mail/outboxFiles';
import { copyPgliteTemplate } from '../support/pgliteTemplate';
import { randomTestPort } from '../support/ports';
import { createDatabase } from '../support/postgres';
import { spawnServer } from '../support/serverProcess';
import { closedPort } from '../support/smtpSink';

/**
 * The mail queue survives a restart: a reset email asked for while SMTP is down is acknowledged,
 * stays queued through a shutdown, and the next server on the same data delivers it (here to the
 * outbox, SMTP_URL unset), with a link that works.
 */
const PORT = randomTestPort(4110, 40);
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function post(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The password-reset email to `to` (its sign-up's verification email goes there too). */
async function waitForResetMail(dataDir: string, to: string, ms: number): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + ms;
  for (;;) {
    const mail = (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter(isOutboxMail) : [])
      .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
      .find((m) => m.includes(`To: ${to}`) && m.includes('Subject: Reset your Giftwise password'));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no email to ${to} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function queueSurvivesRestart(env: Record<string, string>, dataDir: string) {
  const email = `queue.${Date.now()}@example.com`;
  const down = await spawnServer(
    { ...env, SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, MAIL_RETRY_MS: '200' },
    PORT,
  );
  cleanups.push(() => down.kill('SIGKILL'));
  expect(
    (await post(`${down.url}/api/auth/createUser`, { name: 'Queue Tester', email, password: 'queue test password' }))
      .status,
  ).toBe(201);
  expect(await post(`${down.url}/api/auth/forgot-password`, { email })).toEqual({
    status: 200,
    body: { success: true },
  });
  // Let the worker fail at least once against the closed port, then shut down.
  await new Promise((r) => setTimeout(r, 500));
  await down.kill('SIGTERM');
  expect(down.child.exitCode).toBe(0);
  expect(fs.existsSync(path.join(dataDir, 'outbox'))).toBe(false);

  const up = await spawnServer(env, PORT);
  cleanups.push(() => up.kill('SIGKILL'));
  const mail = (await waitForResetMail(dataDir, email, 20_000)).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = /\/resetpass\/([\w-]+)/.exec(mail)![1];
  expect(await post(`${up.url}/api/auth/reset-password`, { token, password: 'set after a restart' })).toEqual({
    status: 200,
    body: { success: true },
  });
  expect((await post(`${up.url}/api/auth/loginuser`, { email, password: 'set after a restart' })).status).toBe(200);
  await up.kill('SIGTERM');
  expect(up.child.exitCode).toBe(0);
}

describe('mail queue across a restart', () => {
  it('on PGlite: a reset email queued while SMTP was down is delivered by the next server on the same DATA_DIR', async () => {
    const dataDir = copyPgliteTemplate(inject('pgliteTemplate'), 'giftwise-mailq-');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await queueSurvivesRestart({ DATA_DIR: dataDir }, dataDir);
  }, 120_000);

  it('on PostgreSQL: the same on the same database', async () => {
    const database = await createDatabase(inject('postgresUrl'), 'giftwise_mailq', inject('postgresTemplate'));
    cleanups.push(() => database.drop());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-mailq-pg-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await queueSurvivesRestart({ DATABASE_URL: database.url, DATA_DIR: dataDir }, dataDir);
  }, 120_000);
});
