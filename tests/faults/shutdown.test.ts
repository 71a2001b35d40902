import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { copyPgliteTemplate } from '../support/pgliteTemplate';
import { randomTestPort } from '../support/ports';
import { serverArgs } from '../support/serverBundle';
import { describeFetchError } from '../support/serverProcess';

/**
 * Graceful shutdown: SIGTERM while requests are in flight. The server stops accepting connections,
 * answers every request it had already received (2xx, their orders stored), closes the database and
 * exits 0. "In flight" is made certain rather than timed: some requests send their headers and only
 * half their body before the signal, and finish it after; the server's own log shows when each
 * request arrived and when it was answered.
 */
const PORT = randomTestPort(4010, 40);
const SLOW = 4;
const BURST = 20;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface LogLine {
  msg?: string;
  reqId?: string;
  req?: { url?: string };
  res?: { statusCode?: number };
}

interface LoggedServer {
  url: string;
  child: ChildProcess;
  log: LogLine[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The real server (server/main.ts) with its JSON log (level info) collected line by line. */
async function startServer(env: Record<string, string>): Promise<LoggedServer> {
  const child = spawn(process.execPath, serverArgs('main'), {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'info', STATIC_DIR: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  const log: LogLine[] = [];
  let partial = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) log.push(JSON.parse(line) as LogLine);
  });
  const url = `http://127.0.0.1:${PORT}`;
  const started = Date.now();
  // What the last health check got (a status, or why the request failed), for the error below.
  let lastCheck = 'no check yet';
  try {
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
        const res = await fetch(`${url}/healthz`).catch((err: Error) => {
          lastCheck = describeFetchError(err);
          return null;
        });
        if (res) lastCheck = `HTTP ${res.status}`;
        return res?.ok === true;
      },
      60_000,
      'the server to become healthy',
    );
  } catch (err) {
    // Free the port for the next test at once (not in afterAll), and say what the server had done so far.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const lastLines = log.slice(-5).map((l) => JSON.stringify(l));
    throw new Error(
      `${(err as Error).message} after ${seconds} s (the last check: ${lastCheck}); ` +
        `its last log lines: ${lastLines.join(' | ') || 'none'}`,
      {
        cause: err,
      },
    );
  }
  return { url, child, log, exited };
}

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const order = (recipientName: string) =>
  JSON.stringify({
    recipientName,
    relationship: 'Friend',
    occasion: 'Birthday',
    address: '9 Drain Road',
    phoneNumber: '5550007777',
    email: 'drain@example.com',
    interests: 'Tea',
    budget: '30',
    // Ten days ahead: a curated gift (the default option) needs a week.
    date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  });

async function customer(url: string): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const signUp = await fetch(`${url}/api/auth/createUser`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      name: 'Drain Tester',
      email: `drain.${Date.now()}@example.com`,
      password: 'drain test password',
    }),
  });
  const token = ((await signUp.json()) as { authtoken: string }).authtoken;
  const profile = await fetch(`${url}/api/auth/updateUser`, {
    method: 'PUT',
    headers: { ...json, 'auth-token': token },
    body: JSON.stringify({
      name: 'Drain Tester',
      address: '9 Drain Road',
      phno: '5550007777',
      cardHolderName: 'Drain Tester',
      cardNumber: '4242424242424242',
      cvv: '123',
      cardExpirationMonth: 3,
      cardExpirationYear: new Date().getFullYear() + 2,
      billingZipCode: '10001',
    }),
  });
  expect(profile.status).toBe(200);
  return token;
}

/**
 * An addgift whose headers and first half of body go out now; `finish()` sends the rest. Its
 * connection is kept alive by the client, as browsers and proxies do: the server must close it.
 */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: SLOW });
cleanups.push(() => keepAlive.destroy());
function halfSentOrder(url: string, token: string, recipientName: string) {
  const body = Buffer.from(order(recipientName));
  const req = http.request(`${url}/api/gifts/addgift`, {
    method: 'POST',
    agent: keepAlive,
    headers: { 'content-type': 'application/json', 'content-length': body.length, 'auth-token': token },
  });
  const answer = new Promise<{ status: number; body: Record<string, unknown>; connection?: string }>(
    (resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text) as Record<string, unknown>,
            connection: res.headers.connection,
          }),
        );
      });
      req.on('error', reject);
    },
  );
  req.write(body.subarray(0, body.length >> 1));
  return { answer, finish: () => req.end(body.subarray(body.length >> 1)) };
}

const arrived = (log: LogLine[]) =>
  log.filter((l) => l.msg === 'incoming request' && l.req?.url === '/api/gifts/addgift');

async function drainOnSigterm(env: Record<string, string>) {
  const server = await startServer(env);
  const token = await customer(server.url);

  const slow = Array.from({ length: SLOW }, (_, i) => halfSentOrder(server.url, token, `slow-${i}`));
  const burst = Array.from({ length: BURST }, (_, i) =>
    fetch(`${server.url}/api/gifts/addgift`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'auth-token': token },
      body: order(`burst-${i}`),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> })),
  );
  // Every request has reached the server before the signal.
  await until(() => arrived(server.log).length === SLOW + BURST, 20_000, 'every request to arrive');

  server.child.kill('SIGTERM');
  await until(() => server.log.some((l) => l.msg === 'shutting down'), 10_000, 'the signal to be handled');
  // It stops accepting: a new connection is refused while the half-sent requests are still open.
  await until(
    async () =>
      await fetch(`${server.url}/healthz`).then(
        () => false,
        () => true,
      ),
    10_000,
    'the listener to close',
  );
  expect(server.child.exitCode).toBeNull();

  for (const s of slow) s.finish();
  const slowAnswers = await Promise.all(slow.map((s) => s.answer));
  // Answered while draining: each says its connection closes, so no idle keep-alive holds the exit.
  expect(slowAnswers.map((a) => a.connection)).toEqual(Array(SLOW).fill('close'));
  const answers = [...slowAnswers, ...(await Promise.all(burst))];
  expect(answers.map((a) => a.status)).toEqual(Array(SLOW + BURST).fill(201));
  expect(answers.every((a) => a.body.success === true)).toBe(true);

  expect(await server.exited).toEqual({ code: 0, signal: null });
  const shutdownAt = server.log.findIndex((l) => l.msg === 'shutting down');
  const orderIds = new Set(arrived(server.log).map((l) => l.reqId));
  const answeredAfterSignal = server.log
    .slice(shutdownAt)
    .filter((l) => l.msg === 'request completed' && orderIds.has(l.reqId) && l.res?.statusCode === 201);
  // At least the half-sent ones were answered after the signal: they really were in flight.
  expect(answeredAfterSignal.length).toBeGreaterThanOrEqual(SLOW);
  // Nothing written after it: the log is flushed before the process exits. On failure, the log's last lines.
  const tail = server.log.slice(-8).map((l) => `${l.msg} ${l.reqId ?? ''}`);
  expect(server.log.at(-1)?.msg, tail.join('\n')).toBe('shut down cleanly');

  // The database was closed cleanly: a new server on it has every acknowledged order.
  const again = await startServer(env);
  const stored = (await (
    await fetch(`${again.url}/api/gifts/getgifts`, { headers: { 'auth-token': token } })
  ).json()) as Array<{
    recipientName: string;
  }>;
  expect(stored.map((o) => o.recipientName).sort()).toEqual(
    [
      ...Array.from({ length: SLOW }, (_, i) => `slow-${i}`),
      ...Array.from({ length: BURST }, (_, i) => `burst-${i}`),
    ].sort(),
  );
  again.child.kill('SIGTERM');
  expect(await again.exited).toEqual({ code: 0, signal: null });
}

describe('SIGTERM with requests in flight', () => {
  it('on PGlite: stops accepting, answers every received request with 2xx, closes the database, exits 0', async () => {
    const dataDir = copyPgliteTemplate(inject('pgliteTemplate'), 'giftwise-drain-');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await drainOnSigterm({ DATA_DIR: dataDir });
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 120_000);

  it('on PostgreSQL: the same', async () => {
    const serverUrl = inject('postgresUrl');
    const name = `giftwise_drain_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-drain-pg-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await drainOnSigterm({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
  }, 120_000);
});
