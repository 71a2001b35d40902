import { afterAll, afterEach, describe, expect, it } from 'vitest';

import { VERIFICATION_SUBJECT } from '../../server/modules/accounts/emailVerification';
import type { Mail } from '../../server/modules/mail/mailer';
import { enqueueMail } from '../../server/modules/mail/mailQueue';
import { createMailWorker } from '../../server/modules/mail/mailWorker';
import { closedPort, startSmtpSink, type SmtpSink } from '../support/smtpSink';
import {
  call,
  mailsTo,
  resetTokenIn,
  signUp,
  startTestApp,
  uniqueEmail,
  until,
  waitForMailsTo,
  type TestApp,
} from './helpers';

interface QueueRow {
  id: string;
  to_address: string;
  subject: string;
  body: string | null;
  html: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
  /** False while a worker holds the message (claimed: attempts already counted, the send not yet done). */
  waiting: boolean;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await startTestApp(env);
  cleanups.push(t.close);
  return t;
}

async function sink(options: Parameters<typeof startSmtpSink>[0] = {}): Promise<SmtpSink> {
  const s = await startSmtpSink(options);
  cleanups.push(s.close);
  return s;
}

const queued = async (t: TestApp, to: string) =>
  (
    await t.app.db.query<QueueRow>(
      `select id::text as id, to_address, subject, body, html, status, attempts, last_error,
              next_attempt_at < now() + interval '1 minute' as waiting
         from mail_queue where to_address = $1 and subject <> $2 order by id`,
      [to, VERIFICATION_SUBJECT],
    )
  ).rows;

/** The password-reset email among what an SMTP sink got for `email` (its sign-up's verification email goes there too). */
const isResetTo = (email: string) => (m: { to: string[]; data: string }) =>
  m.to.includes(email) && m.data.includes('Subject: Reset your Giftwise password');

const forgot = (t: TestApp, email: string) =>
  call(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

describe('forgot-password through the mail queue', () => {
  it('answers a known and an unknown email alike; only the known one is queued, then delivered to the outbox', async () => {
    const t = await app();
    const { email } = await signUp(t.app);
    const ghost = uniqueEmail('ghost');

    const known = await forgot(t, email);
    const unknown = await forgot(t, ghost);
    expect(known).toEqual({ status: 200, body: { success: true } });
    expect(unknown).toEqual(known);

    // The row is read as it is now: the worker may already have sent it (and dropped its parts; the SMTP-down test
    // below reads both parts of a row that cannot be sent yet).
    const [row] = await queued(t, email);
    expect(row).toMatchObject({ to_address: email, subject: 'Reset your Giftwise password' });
    const [mail] = await waitForMailsTo(t.dataDir, email);
    expect(mail).toContain('Subject: Reset your Giftwise password');
    // The outbox keeps both parts, as SMTP would get them.
    expect(mail).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail).toMatch(/Content-Type: text\/plain[\s\S]*Content-Type: text\/html/);
    // Delivered: marked sent after one attempt, and the body's two parts (a live link) are no longer kept.
    const sent = await until(
      async () => (await queued(t, email)).find((r) => r.status === 'sent'),
      'the message to be marked sent',
    );
    expect(sent).toMatchObject({ id: row.id, attempts: 1, body: null, html: null, last_error: null });

    expect(await queued(t, ghost)).toEqual([]);
    expect(mailsTo(t.dataDir, ghost)).toEqual([]);
  });

  it('answers at once with a slow SMTP server: the request never waits on mail', async () => {
    const slow = await sink({ greetingDelayMs: 3000 });
    const t = await app({ SMTP_URL: slow.url });
    const { email } = await signUp(t.app);

    for (const address of [email, uniqueEmail('ghost')]) {
      const started = performance.now();
      const res = await forgot(t, address);
      const took = performance.now() - started;
      expect(res).toEqual({ status: 200, body: { success: true } });
      // Sending inside the request would take the server's 3 s greeting at least.
      expect(took).toBeLessThan(1500);
    }
    // The sign-up's verification email takes the slow server's greeting first.
    const delivered = await until(
      () => slow.messages.find(isResetTo(email)),
      'delivery through the slow server',
      20_000,
    );
    expect(delivered.data).toContain('resetpass/');
    // Over SMTP too, both parts: the text and the HTML as alternatives of one message.
    expect(delivered.data).toMatch(/Content-Type: multipart\/alternative/);
    expect(delivered.data).toMatch(/Content-Type: text\/plain[\s\S]*Content-Type: text\/html/);
  });

  it('with SMTP down, still answers success, keeps the message queued counting attempts, and delivers once SMTP works', async () => {
    const port = await closedPort();
    const t = await app({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_MS: '100', MAIL_POLL_MS: '50' });
    const { email } = await signUp(t.app);

    expect(await forgot(t, email)).toEqual({ status: 200, body: { success: true } });
    // A claim counts the attempt before the send is tried (and leases the row for minutes), so wait until the
    // second attempt has failed, not merely begun: a send still in flight could reach the sink started below.
    const failing = await until(
      async () => (await queued(t, email)).find((r) => r.attempts >= 2 && r.waiting),
      'two failed attempts',
    );
    expect(failing.status).toBe('pending');
    expect(failing.last_error).toMatch(/ECONNREFUSED/);
    // Both parts are queued, rendered once: the text and the HTML, each with the link.
    expect(failing.body).toContain('/resetpass/');
    expect(failing.html).toMatch(/^<!DOCTYPE html[^>]*><html[\s\S]*\/resetpass\/[\s\S]*<\/html>$/);

    const smtp = await sink({ port });
    const delivered = await until(() => smtp.messages.find(isResetTo(email)), 'delivery once SMTP is up', 15_000);
    const [row] = await until(
      async () => ((await queued(t, email))[0]?.status === 'sent' ? queued(t, email) : false),
      'marked sent',
    );
    expect(row.attempts).toBeGreaterThan(failing.attempts);
    expect(smtp.messages.filter(isResetTo(email))).toHaveLength(1);

    // The delivered link works.
    const token = resetTokenIn(delivered.data);
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'set after the outage' },
    });
    expect(reset.body).toEqual({ success: true });
  });

  it('gives up after MAIL_MAX_ATTEMPTS and marks the message failed', async () => {
    const port = await closedPort();
    const t = await app({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_RETRY_MS: '20',
      MAIL_POLL_MS: '50',
      MAIL_MAX_ATTEMPTS: '3',
    });
    const { email } = await signUp(t.app);
    await forgot(t, email);
    const failed = await until(
      async () => (await queued(t, email)).find((r) => r.status === 'failed'),
      'the message to be given up',
    );
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
    // Given up for good: no further attempts.
    await new Promise((r) => setTimeout(r, 300));
    expect((await queued(t, email))[0].attempts).toBe(3);
  });
});

describe('enqueueMail and the worker', () => {
  it('writes the mail in the caller transaction: a rollback leaves nothing queued', async () => {
    const t = await app({ MAIL_POLL_MS: '3600000' });
    const to = uniqueEmail('rollback');
    await expect(
      t.app.db.transaction(async (tx) => {
        await enqueueMail(tx, { staffAddress: to }, { subject: 'never', text: 'never sent' });
        throw new Error('the decision to send was rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queued(t, to)).toEqual([]);
  });

  it('several workers on one database deliver each message exactly once, with its headers', async () => {
    // The app's own worker polls once an hour here, so only the workers below take these messages.
    const t = await app({ MAIL_POLL_MS: '3600000' });
    const to = uniqueEmail('many');
    const ids = await t.app.db.transaction(async (tx) =>
      Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          enqueueMail(
            tx,
            { staffAddress: to },
            { subject: `message ${i}`, text: `body ${i}`, headers: { 'X-Giftwise-Test': `h${i}` } },
          ),
        ),
      ),
    );
    const delivered: Array<{ worker: number; mail: Mail }> = [];
    // What the workers logged (a failed round, a failed send): shown if the wait below runs out. Seen once in CI on
    // PostgreSQL under load (10 s passed; 0.1 s is usual), and not reproduced since: this says why next time.
    const logged: unknown[] = [];
    const log = {
      ...t.app.log,
      error: (...args: unknown[]) => void logged.push(['error', ...args]),
      warn: (...args: unknown[]) => void logged.push(['warn', ...args]),
    } as typeof t.app.log;
    const workers = [0, 1, 2].map((worker) =>
      createMailWorker({
        db: t.app.db,
        mailer: {
          async send(mail) {
            await new Promise((r) => setTimeout(r, 5));
            delivered.push({ worker, mail });
          },
        },
        log,
        pollMs: 20,
        maxAttempts: 3,
        firstRetryMs: 10,
      }),
    );
    cleanups.push(async () => {
      await Promise.all(workers.map((w) => w.stop()));
    });
    for (const w of workers) w.start();
    await until(() => delivered.length >= 30 || undefined, 'every message to be delivered').catch(
      async (err: Error) => {
        const rows = await queued(t, to);
        const state = rows.map(
          (r) => `${r.status}/${r.attempts}/${r.waiting ? 'due' : 'leased'}/${r.last_error ?? ''}`,
        );
        throw new Error(
          `${err.message}: ${delivered.length} delivered; queue ${JSON.stringify(state)}; logged ${JSON.stringify(logged)}`,
        );
      },
    );
    await new Promise((r) => setTimeout(r, 200));

    expect(delivered.map((d) => d.mail.subject).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => `message ${i}`).sort(),
    );
    expect(delivered.every((d) => d.mail.headers?.['X-Giftwise-Test'] === `h${d.mail.subject.split(' ')[1]}`)).toBe(
      true,
    );
    const rows = await queued(t, to);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe('stopping the worker', () => {
  it('finishes the email in hand and hands back the rest it had claimed, due at once and their attempt uncounted', async () => {
    const t = await app({ MAIL_POLL_MS: '3600000' });
    const to = uniqueEmail('stop');
    await t.app.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await enqueueMail(tx, { staffAddress: to }, { subject: `stop ${i}`, text: 'x' });
    });
    let release!: () => void;
    const inHand = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const worker = createMailWorker({
      db: t.app.db,
      mailer: {
        async send(mail) {
          await inHand;
          sent.push(mail.subject);
        },
      },
      log: t.app.log,
      pollMs: 20,
      maxAttempts: 3,
      firstRetryMs: 10,
    });
    worker.start();
    await until(async () => (await queued(t, to)).every((r) => r.attempts === 1), 'all three to be claimed');
    const stopped = worker.stop();
    release();
    await stopped;

    expect(sent).toEqual(['stop 0']);
    const rows = await queued(t, to);
    expect(rows.map((r) => [r.subject, r.status, r.attempts])).toEqual([
      ['stop 0', 'sent', 1],
      ['stop 1', 'pending', 0],
      ['stop 2', 'pending', 0],
    ]);
    const due = await t.app.db.query<{ n: string }>(
      'select count(*)::text as n from mail_queue where to_address = $1 and status = $2 and next_attempt_at <= now()',
      [to, 'pending'],
    );
    expect(due.rows[0].n).toBe('2');
  });
});

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
