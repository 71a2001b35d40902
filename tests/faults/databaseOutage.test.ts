import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { mailsTo, until, verificationMailsTo, verifyTokenIn } from '../api/helpers';
import {
  COMPLETE_PROFILE,
  isoDateFromNow,
  occasionInput,
  orderInput,
  PASSWORD,
  uniqueEmail,
} from '../support/fixtures';
import { randomTestPort } from '../support/ports';
import { createDatabase, startPostgres, type TempPostgres } from '../support/postgres';
import { spawnServer, type ServerProcess } from '../support/serverProcess';

/**
 * The database goes away under a running server and a light load: first every backend of the server is
 * terminated (as a failover, idle_session_timeout or a pooler does), then PostgreSQL itself is stopped and
 * started again. The server must stay up, answer 503 (never 500, never a hang) while the database is gone,
 * 200 once it is back, lose no acknowledged write, and keep its background jobs running.
 */
const PORT = randomTestPort(4200, 50);
const UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';

let postgres: TempPostgres;
let server: ServerProcess;
let databaseName: string;
let email: string;
let token: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-outage-'));

async function api(method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'auth-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as unknown };
}

/** Ends every connection the server holds to its database. */
async function terminateServerBackends(): Promise<number> {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  // A server of its own, to stop and start: the run's shared server holds PG_TEST_PORT when that is set.
  const givenPort = Number(process.env.PG_TEST_PORT);
  postgres = startPostgres({ port: givenPort ? givenPort + 1 : undefined });
  const database = await createDatabase(postgres.url, 'giftwise_outage');
  databaseName = new URL(database.url).pathname.slice(1);
  server = await spawnServer(
    {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      ORDER_WRITE_RATE_LIMIT: '1000000',
      MAX_OPEN_ORDERS: '1000000',
      CLOSED_ORDERS_LIST_LIMIT: '1000000',
      // Every order placed under the load sends its "order received" email: the day's mail budget must leave room
      // for the reminder this test waits for.
      MAIL_DAILY_LIMIT: '1000000',
      // The background jobs run often, so they meet the outage too.
      MAIL_POLL_MS: '100',
      REMINDER_SWEEP_SECONDS: '1',
    },
    PORT,
  );
  email = uniqueEmail('outage');
  const signUp = await fetch(`${server.url}/api/auth/createUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Outage Tester', email, password: PASSWORD }),
  });
  token = ((await signUp.json()) as { authtoken: string }).authtoken;
  expect((await api('PUT', '/api/auth/updateUser', COMPLETE_PROFILE)).status).toBe(200);
  // Reminders go only to a verified address: follow the link sign-up sent, as the customer would.
  const [link] = await until(() => {
    const found = verificationMailsTo(dataDir, email);
    return found.length > 0 && found;
  }, 'the verification email');
  expect((await api('POST', '/api/auth/verify-email', { token: verifyTokenIn(link) })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  postgres?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A light load: two clients placing orders back to back, one reading the list, until stopped. */
function startLoad() {
  const acknowledged: string[] = [];
  const statuses = new Map<number | string, number>();
  const count = (status: number | string) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  let running = true;
  const writer = async (client: number) => {
    for (let i = 0; running; i++) {
      const recipientName = `c${client}-${i}`;
      try {
        const res = await api('POST', '/api/gifts/addgift', orderInput({ recipientName, date: isoDateFromNow(5) }));
        count(res.status);
        if (res.status === 201) acknowledged.push(recipientName);
        else await new Promise((r) => setTimeout(r, 50));
      } catch (err) {
        count(`network error: ${(err as Error).message}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const reader = async () => {
    while (running) {
      try {
        count((await api('GET', '/api/gifts/getgifts')).status);
      } catch (err) {
        count(`network error: ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const clients = Promise.all([writer(1), writer(2), reader()]);
  return {
    acknowledged,
    statuses,
    stop: async () => {
      running = false;
      await clients;
    },
  };
}

describe('the database goes away under a running server (PostgreSQL)', () => {
  it('stays up, answers 503 meanwhile and 200 after, and loses no acknowledged write', async () => {
    const load = startLoad();
    const ackedAfter = async (n: number, what: string) => {
      const target = load.acknowledged.length + n;
      await until(
        () => {
          if (server.child.exitCode !== null) throw new Error(`the server exited (code ${server.child.exitCode})`);
          return load.acknowledged.length >= target;
        },
        what,
        20_000,
      );
    };
    await ackedAfter(5, 'orders acknowledged before the outage');

    // 1. Every backend terminated, three times over: idle connections and ones running a query die.
    let terminated = 0;
    for (let i = 0; i < 3; i++) {
      terminated += await terminateServerBackends();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(terminated).toBeGreaterThan(0);
    await ackedAfter(5, 'orders acknowledged after the backends were terminated');
    expect(server.child.exitCode, 'the server exited when its connections were terminated').toBeNull();
    expect(server.child.signalCode).toBeNull();

    // 2. PostgreSQL stopped: health and the API answer 503 with a clear message, promptly.
    postgres.stopServer();
    const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(15_000) });
    expect(health.status).toBe(503);
    const orders = await api('GET', '/api/gifts/getgifts');
    expect(orders.status).toBe(503);
    expect(orders.body).toEqual({ success: false, error: UNAVAILABLE });
    expect(Number(orders.retryAfter)).toBeGreaterThan(0);
    const write = await api('POST', '/api/gifts/addgift', orderInput({ recipientName: 'during the outage' }));
    expect(write.status).toBe(503);
    expect(server.child.exitCode, 'the server exited while PostgreSQL was down').toBeNull();

    // 3. PostgreSQL back: the same process answers 200 again, with no restart.
    postgres.startServer();
    await until(
      async () => (await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5_000) })).status === 200,
      'healthz 200 after PostgreSQL restarted',
      20_000,
    );
    await ackedAfter(5, 'orders acknowledged after PostgreSQL restarted');
    await load.stop();
    expect(server.child.exitCode).toBeNull();

    // Every answer was a success or a 503: no 500, no dropped connection.
    const unexpected = [...load.statuses.keys()].filter((s) => ![200, 201, 503].includes(s as number));
    expect(unexpected, JSON.stringify(Object.fromEntries(load.statuses))).toEqual([]);

    // No acknowledged order is lost.
    const list = await api('GET', '/api/gifts/getgifts');
    expect(list.status).toBe(200);
    const stored = new Set((list.body as Array<{ recipientName: string }>).map((o) => o.recipientName));
    expect(load.acknowledged.filter((name) => !stored.has(name))).toEqual([]);

    // The background jobs kept their timers through the failures: a reminder due today is queued by the
    // reminder run and delivered by the mail worker.
    const occasion = await api(
      'POST',
      '/api/occasions',
      occasionInput({ date: isoDateFromNow(7), repeatsYearly: false, remindDaysBefore: [7] }),
    );
    expect(occasion.status).toBe(201);
    await until(
      () => mailsTo(dataDir, email).some((mail) => mail.includes('Grandma Rose')),
      'the reminder email in the outbox',
      20_000,
    );
  }, 120_000);
});
