import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openPostgres } from '../../server/db/db';
import { enqueueMail } from '../../server/modules/mail/mailQueue';
import { runReminderSweep } from '../../server/modules/reminders/reminderSweep';
import { call, signUpWithProfile, startTestApp, until, verifyAddress, type TestApp } from '../api/helpers';
import { isoDateFromNow, occasionInput, orderInput } from '../support/fixtures';
import { createDatabase } from '../support/postgres';

/**
 * The reminder run and "Order a gift" for the same customers at the same moment, on PostgreSQL, with three
 * reminder runs at once (three instances starting together): no deadlock, no 5xx, no failed run.
 * Every occasion has a reminder due today, so each run queues one per occasion, and each customer orders
 * for their occasions while the runs hold them.
 */
const CUSTOMERS = 16;
const OCCASIONS_EACH = 12;
const ROUNDS = 3;
const RUNS_AT_ONCE = 3;

let database: Awaited<ReturnType<typeof createDatabase>>;
let testApp: TestApp;
let admin: pg.Client;
const customers: Array<{ token: string; occasionIds: string[] }> = [];

async function deadlocksSoFar(client = admin): Promise<number> {
  const { rows } = await client.query<{ deadlocks: string }>(
    'select deadlocks from pg_stat_database where datname = current_database()',
  );
  return Number(rows[0].deadlocks);
}

/**
 * The deadlocks PostgreSQL counted in the app's database. A backend reports its statistics when idle or
 * when it ends: close the app's connections and wait until they are gone before reading the count.
 */
async function deadlocksOnceClosed(app: FastifyInstance, client = admin): Promise<number> {
  await app.close();
  await until(async () => {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows[0].n === 0;
  }, "the app's connections to end");
  return deadlocksSoFar(client);
}

beforeAll(async () => {
  database = await createDatabase(inject('postgresUrl'), 'giftwise_deadlocks');
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  testApp = await startTestApp({ DATABASE_URL: database.url, MAX_OPEN_ORDERS: '100000' });
  const { app } = testApp;
  for (let c = 0; c < CUSTOMERS; c++) {
    const { token, email } = await signUpWithProfile(app);
    await verifyAddress({ app }, email);
    const occasionIds: string[] = [];
    for (let o = 0; o < OCCASIONS_EACH; o++) {
      const res = await call(app, {
        method: 'POST',
        url: '/api/occasions',
        token,
        payload: occasionInput({
          recipientName: `Friend ${o}`,
          date: isoDateFromNow(7),
          repeatsYearly: false,
          remindDaysBefore: [7],
        }),
      });
      expect(res.status).toBe(201);
      occasionIds.push(res.body._id as string);
    }
    customers.push({ token, occasionIds });
  }
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await admin?.end();
  await database?.drop();
});

describe("the mail gate's count (PostgreSQL)", () => {
  it("takes no lock on the customer's users row: a reminder counted while a request holds that row does not wait", async () => {
    // The reminder run counts each email in mail_budgets while it holds occasion locks; a lock on users taken
    // there (a foreign key's key-share check) would wait on a request that locked users first, in the opposite
    // order to decision 0012's.
    const { app } = testApp;
    const { email } = await signUpWithProfile(app);
    await verifyAddress({ app }, email);
    const { rows } = await admin.query<{ id: string }>('select id from users where email = $1', [email]);
    const request = new pg.Client({ connectionString: database.url });
    await request.connect();
    try {
      await request.query('begin');
      await request.query('select 1 from users where id = $1 for update', [rows[0].id]);
      const queued = await app.db.transaction(async (tx) => {
        await tx.query("set local lock_timeout = '2s'");
        return enqueueMail(
          tx,
          { account: rows[0].id, kind: 'reminder', dailyLimit: 20 },
          { subject: 'Reminder', text: 'A date is coming.' },
        );
      });
      expect(queued).not.toBeNull();
    } finally {
      await request.query('rollback');
      await request.end();
    }
  });
});

describe('the reminder run and orders at the same moment (PostgreSQL)', () => {
  it('never deadlock and never answer 5xx', async () => {
    const { app } = testApp;
    const before = await deadlocksSoFar();
    const statuses: number[] = [];
    const failedRuns: string[] = [];
    let queued = 0;

    for (let round = 0; round < ROUNDS; round++) {
      // Every occasion due again, in a random order, so each run's batch mixes every customer's occasions.
      await admin.query('delete from occasion_reminders');
      await admin.query("update occasions set next_check_at = now() - random() * interval '1 hour'");
      const runs = Array.from({ length: RUNS_AT_ONCE }, () =>
        runReminderSweep(app.db, { publicUrl: 'http://app.test', dailyLimit: 1_000_000 }).then(
          (r) => void (queued += r.queued),
          (err: unknown) => void failedRuns.push(String(err)),
        ),
      );
      const orders = customers.map(async ({ token, occasionIds }, c) => {
        for (const [o, occasionId] of occasionIds.entries()) {
          const res = await call(app, {
            method: 'POST',
            url: '/api/gifts/addgift',
            token,
            // Another recipient and date: the order does not cover the reminder, so the run still sends it.
            payload: orderInput({ recipientName: `Order ${round}-${c}-${o}`, date: isoDateFromNow(3), occasionId }),
          });
          statuses.push(res.status);
        }
      });
      await Promise.all([...runs, ...orders]);
    }

    expect(failedRuns).toEqual([]);
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    expect(queued).toBe(ROUNDS * CUSTOMERS * OCCASIONS_EACH);

    expect((await deadlocksOnceClosed(app)) - before).toBe(0);
  }, 120_000);
});

describe('deleting an occasion while an order is placed for it (PostgreSQL)', () => {
  it('never deadlocks and answers 404 or 201 to the order, never 5xx', async () => {
    const own = await createDatabase(inject('postgresUrl'), 'giftwise_occasion_delete');
    const client = new pg.Client({ connectionString: own.url });
    await client.connect();
    const race = await startTestApp({ DATABASE_URL: own.url, MAX_OPEN_ORDERS: '100000' });
    try {
      const { app } = race;
      const results: string[] = [];
      const racers = await Promise.all(Array.from({ length: 8 }, () => signUpWithProfile(app)));
      for (let round = 0; round < 5; round++) {
        await Promise.all(
          racers.map(async ({ token }, c) => {
            const occasion = await call(app, {
              method: 'POST',
              url: '/api/occasions',
              token,
              payload: occasionInput(),
            });
            const occasionId = occasion.body._id as string;
            const order = (recipientName: string) =>
              call(app, {
                method: 'POST',
                url: '/api/gifts/addgift',
                token,
                payload: orderInput({ recipientName, date: isoDateFromNow(3), occasionId }),
              });
            // An order already placed for it: deleting the occasion unlinks that order.
            expect((await order(`Placed ${round}-${c}`)).status).toBe(201);
            const [placed, deleted] = await Promise.all([
              order(`Racing ${round}-${c}`),
              call(app, { method: 'DELETE', url: `/api/occasions/${occasionId}`, token }),
            ]);
            results.push(`order ${placed.status}`, `delete ${deleted.status}`);
          }),
        );
      }
      const unexpected = results.filter((r) => !['order 201', 'order 404', 'delete 200'].includes(r));
      expect(unexpected).toEqual([]);
      expect(await deadlocksOnceClosed(app, client)).toBe(0);
    } finally {
      await race.close();
      await client.end();
      await own.drop();
    }
  });
});

describe('Db.transaction on PostgreSQL', () => {
  const warnings: object[] = [];
  const log = { warn: (details: object) => void warnings.push(details) };
  /** Fails with this SQLSTATE in the database, as PostgreSQL reports a deadlock or a serialization failure. */
  const raise = (code: string) => `do $$ begin raise exception 'simulated' using errcode = '${code}'; end $$`;

  it('runs a transaction again after a deadlock or a serialization failure, a bounded number of times', async () => {
    const db = await openPostgres(database.url, { log });
    try {
      await db.exec('create table retry_probe (attempt int)');
      let attempts = 0;
      const answer = await db.transaction(async (tx) => {
        attempts++;
        await tx.query('insert into retry_probe values ($1)', [attempts]);
        if (attempts === 1) await tx.exec(raise('40P01'));
        if (attempts === 2) await tx.exec(raise('40001'));
        return 'done';
      });
      expect(answer).toBe('done');
      expect(attempts).toBe(3);
      // The failed attempts were rolled back: only the last one's row is there.
      expect((await db.query('select attempt from retry_probe')).rows).toEqual([{ attempt: 3 }]);
      expect(warnings).toHaveLength(2);

      // One that keeps failing gives up with the database's error; other errors are not retried.
      let forever = 0;
      await expect(
        db.transaction(async (tx) => {
          forever++;
          await tx.exec(raise('40P01'));
        }),
      ).rejects.toMatchObject({ code: '40P01' });
      expect(forever).toBe(3);
      let once = 0;
      await expect(
        db.transaction(async (tx) => {
          once++;
          await tx.exec(raise('23505'));
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect(once).toBe(1);
    } finally {
      await db.close();
    }
  });
});
