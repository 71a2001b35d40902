import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import { claimJobRun, purgeExpired } from '../../server/modules/retention/purge';
import { captureLog } from './admin.helpers';
import { startTestApp, until, type TestApp } from './helpers';

/**
 * What is kept, and for how long: a server purges, once ready and then on a schedule, the sessions that
 * ended (expired or revoked) more than SESSION_RETENTION_DAYS ago, the reset links that expired more than
 * RESET_LINK_RETENTION_DAYS ago, the sent or failed emails older than SENT_MAIL_RETENTION_DAYS, and the
 * failed sign-ins and the counts of an address's verification and reset emails that no longer count (the last one
 * more than a day ago); it keeps everything still in use or younger. Rows are made with timestamps in the past, straight in SQL.
 */
const RETENTION = { SESSION_RETENTION_DAYS: '7', RESET_LINK_RETENTION_DAYS: '2', SENT_MAIL_RETENTION_DAYS: '30' };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ago = (days: number) => `now() - interval '${days} days'`;
const ahead = (days: number) => `now() + interval '${days} days'`;

/** Sessions, reset links and emails on both sides of each retention period, named by what should happen. */
async function seed(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const [{ id: userId }] = (
    await db.query<{ id: string }>(
      `insert into users (name, email, password_hash) values ('Kept Customer', 'retention@example.com', 'x') returning id`,
    )
  ).rows;
  const [{ id: adminId }] = (
    await db.query<{ id: string }>(
      `insert into admins (email, password_hash) values ('retention.admin@example.com', 'x') returning id`,
    )
  ).rows;
  const sessions: Array<[string, string, string | null]> = [
    ['purge:expired-8-days-ago', ago(8), null],
    ['purge:revoked-8-days-ago', ahead(20), ago(8)],
    ['purge:revoked-and-expired-long-ago', ago(100), ago(120)],
    ['keep:live', ahead(30), null],
    ['keep:expired-6-days-ago', ago(6), null],
    ['keep:revoked-1-day-ago', ahead(29), ago(1)],
  ];
  for (const [hash, expires, revoked] of sessions) {
    await db.query(
      `insert into sessions (token_hash, kind, user_id, created_at, expires_at, revoked_at)
       values ($1, 'customer', $2, ${ago(200)}, ${expires}, ${revoked ?? 'null'})`,
      [hash, userId],
    );
  }
  await db.query(
    `insert into sessions (token_hash, kind, admin_id, created_at, expires_at) values ('purge:admin-expired-9-days-ago', 'admin', $1, ${ago(39)}, ${ago(9)})`,
    [adminId],
  );
  const links: Array<[string, string, string | null]> = [
    ['purge:link-expired-3-days-ago', ago(3), null],
    ['purge:link-used-3-days-ago', ago(3), ago(3)],
    ['keep:link-expired-1-day-ago', ago(1), null],
    ['keep:link-used-just-now', `now() + interval '10 minutes'`, 'now()'],
    ['keep:link-live', `now() + interval '10 minutes'`, null],
  ];
  for (const [hash, expires, used] of links) {
    await db.query(
      `insert into password_resets (token_hash, user_id, created_at, expires_at, used_at)
       values ($1, $2, ${expires} - interval '15 minutes', ${expires}, ${used ?? 'null'})`,
      [hash, userId],
    );
  }
  // Email-verification links share the reset links' retention.
  const verifications: Array<[string, string, string | null]> = [
    ['purge:verify-expired-3-days-ago', ago(3), null],
    ['keep:verify-expired-1-day-ago', ago(1), null],
    ['keep:verify-live', ahead(1), null],
  ];
  for (const [hash, expires, used] of verifications) {
    await db.query(
      `insert into email_verifications (token_hash, user_id, email, created_at, expires_at, used_at)
       values ($1, $2, 'retention@example.com', ${expires} - interval '48 hours', ${expires}, ${used ?? 'null'})`,
      [hash, userId],
    );
  }
  // Pending ones are due far ahead, so the mail worker leaves them alone during the test.
  const mails: Array<[string, string, string, string | null, string | null]> = [
    ['purge:sent-31-days-ago', 'sent', ago(31), ago(31), null],
    ['purge:failed-31-days-ago', 'failed', ago(32), null, ago(31)],
    ['keep:sent-29-days-ago', 'sent', ago(29), ago(29), null],
    ['keep:failed-1-day-ago', 'failed', ago(1), null, ago(1)],
    ['keep:pending-queued-60-days-ago', 'pending', ago(60), null, ahead(1)],
  ];
  for (const [subject, status, created, sent, next] of mails) {
    await db.query(
      `insert into mail_queue (to_address, subject, body, status, created_at, sent_at, next_attempt_at)
       values ('someone@example.com', $1, case when $2 = 'sent' then null else 'body' end, $2, ${created}, ${sent ?? 'null'},
               ${next ?? 'now()'})`,
      [subject, status],
    );
  }
  // A device credential goes once it expired (decision 0041); one in use stays, and one about to expire.
  const devices: Array<[string, string, string, string | null]> = [
    ['purge:device-expired-1-day-ago', 'customer', ago(1), userId],
    ['purge:admin-device-expired-just-now', 'admin', `now() - interval '1 minute'`, null],
    ['keep:device-live', 'customer', ahead(60), userId],
    ['keep:admin-device-expires-in-a-minute', 'admin', `now() + interval '1 minute'`, null],
  ];
  for (const [hash, kind, expires, customer] of devices) {
    await db.query(
      `insert into device_credentials (token_hash, kind, user_id, admin_id, expires_at) values ($1, $2, $3, $4, ${expires})`,
      [hash, kind, customer, customer ? null : adminId],
    );
  }

  // Failed sign-ins count for a day after the last one (accounts/signInThrottle.ts), then go.
  const failures: Array<[string, string, string]> = [
    ['customer', 'purge-failed-25-hours-ago@example.com', `now() - interval '25 hours'`],
    ['admin', 'purge-failed-3-days-ago@example.com', ago(3)],
    ['customer', 'keep-failed-23-hours-ago@example.com', `now() - interval '23 hours'`],
    ['admin', 'keep-failed-just-now@example.com', 'now()'],
  ];
  for (const [kind, email, last] of failures) {
    await db.query(
      `insert into sign_in_failures (kind, email, failures, last_failure_at) values ($1, $2, 7, ${last})`,
      [kind, email],
    );
  }
  // An address's count of verification and reset emails counts for a day after its last one (mail/mailQueue.ts).
  const recipientCounts: Array<[string, string]> = [
    ['purge:count-25-hours-ago', `now() - interval '25 hours'`],
    ['keep:count-23-hours-ago', `now() - interval '23 hours'`],
  ];
  for (const [hash, last] of recipientCounts) {
    await db.query(
      `insert into recipient_mail_counts (address_hash, recent_sends, last_sent_at) values ($1, array[${last}], ${last})`,
      [hash],
    );
  }
}

async function remaining(app: FastifyInstance) {
  const names = async (sql: string) => (await app.db.query<{ name: string }>(sql)).rows.map((r) => r.name).sort();
  return {
    sessions: await names(
      `select token_hash as name from sessions where token_hash like 'purge:%' or token_hash like 'keep:%'`,
    ),
    links: await names('select token_hash as name from password_resets'),
    verifications: await names('select token_hash as name from email_verifications'),
    mails: await names('select subject as name from mail_queue'),
    signInFailures: await names('select email as name from sign_in_failures'),
    recipientMailCounts: await names('select address_hash as name from recipient_mail_counts'),
    deviceCredentials: await names('select token_hash as name from device_credentials'),
  };
}

const KEPT = {
  sessions: ['keep:expired-6-days-ago', 'keep:live', 'keep:revoked-1-day-ago'],
  links: ['keep:link-expired-1-day-ago', 'keep:link-live', 'keep:link-used-just-now'],
  verifications: ['keep:verify-expired-1-day-ago', 'keep:verify-live'],
  mails: ['keep:failed-1-day-ago', 'keep:pending-queued-60-days-ago', 'keep:sent-29-days-ago'],
  signInFailures: ['keep-failed-23-hours-ago@example.com', 'keep-failed-just-now@example.com'],
  recipientMailCounts: ['keep:count-23-hours-ago'],
  deviceCredentials: ['keep:admin-device-expires-in-a-minute', 'keep:device-live'],
};

async function app(env: Record<string, string>, options: Parameters<typeof startTestApp>[1]): Promise<TestApp> {
  const t = await startTestApp(env, options);
  cleanups.push(t.close);
  return t;
}

describe('retention', () => {
  it('purges, once the server is ready, exactly the rows past their retention, and logs only counts', async () => {
    const log = captureLog();
    const t = await app(RETENTION, { logger: log.logger, beforeReady: seed });

    const line = await until(
      () => log.lines.find((l) => l.includes('"msg":"expired data purged"')),
      'the purge to run and log what it purged',
      10_000,
    );
    expect(await remaining(t.app)).toEqual(KEPT);
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(entry.purged).toEqual({
      sessions: 4,
      passwordResets: 2,
      verificationLinks: 1,
      unsubscribeLinks: 0,
      emails: 2,
      signInFailures: 2,
      recipientMailCounts: 1,
      deviceCredentials: 2,
    });
    // Counts only: no address, subject or token reaches the log.
    expect(line).not.toMatch(/@|purge[:-]|keep[:-]/);
  });

  it('runs once per interval across servers sharing the database, and a second purge finds nothing', async () => {
    const log = captureLog();
    const t = await app(RETENTION, { logger: log.logger, beforeReady: seed });
    await until(() => log.lines.find((l) => l.includes('"msg":"expired data purged"')), 'the first purge', 10_000);

    // The purge this server ran at start holds the job for half an interval (30 of the default 60 minutes).
    expect(await claimJobRun(t.app.db, 'purge', 30 * 60_000)).toBe(false);
    // Several servers asking at once for a job nobody ran yet: exactly one may run it.
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimJobRun(t.app.db, 'test-job', 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJobRun(t.app.db, 'test-job', 60_000)).toBe(false);
    // Once the gap has passed, the next try runs.
    await t.app.db.query(`update job_runs set started_at = now() - interval '2 minutes' where name = 'test-job'`);
    expect(await claimJobRun(t.app.db, 'test-job', 60_000)).toBe(true);

    expect(await purgeExpired(t.app.db, { sessions: 7, resetLinks: 2, sentMail: 30 })).toEqual({
      sessions: 0,
      passwordResets: 0,
      verificationLinks: 0,
      unsubscribeLinks: 0,
      emails: 0,
      signInFailures: 0,
      recipientMailCounts: 0,
      deviceCredentials: 0,
    });
    expect(await remaining(t.app)).toEqual(KEPT);
  });
});
