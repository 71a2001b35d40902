import type { FastifyBaseLogger } from 'fastify';

import type { RetentionDays } from '../../config/config';
import type { Queryable } from '../../db/db';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodicJob';
import { FAILURES_COUNT_FOR_DAYS } from '../accounts/signInThrottle';
import { RECIPIENT_CAP_DAYS } from '../mail/mailQueue';

/**
 * The purge: what is no longer needed is deleted once it is past its retention (docs/operations.md,
 * "Retention"). Nothing still in use is touched: live sessions, reset links that can still be used and
 * emails still pending delivery all stay, whatever their age.
 */

/** Rows deleted per statement: a backlog (the first purge of an old database) goes in short steps. */
const BATCH = 5000;

export interface PurgeCounts {
  sessions: number;
  passwordResets: number;
  verificationLinks: number;
  unsubscribeLinks: number;
  emails: number;
  signInFailures: number;
  recipientMailCounts: number;
  deviceCredentials: number;
}

/**
 * Each kind of row past its retention, as `where` conditions over an age in days ($1), and the columns that name a
 * row. One condition per statement, so each delete reads one index (of migration 10, or of its table's).
 */
export const PURGES: Record<keyof PurgeCounts, { table: string; key: string; conditions: string[] }> = {
  sessions: {
    table: 'sessions',
    key: 'token_hash',
    conditions: ['expires_at < now() - make_interval(days => $1)', 'revoked_at < now() - make_interval(days => $1)'],
  },
  // A link is used before it expires, and expires minutes after it is made: its expiry is when it ended.
  passwordResets: {
    table: 'password_resets',
    key: 'token_hash',
    conditions: ['expires_at < now() - make_interval(days => $1)'],
  },
  // Email-verification links: the same rule, and the reset links' retention.
  verificationLinks: {
    table: 'email_verifications',
    key: 'token_hash',
    conditions: ['expires_at < now() - make_interval(days => $1)'],
  },
  // An unsubscribe link lasts 90 days (mail/unsubscribeLinks.ts): kept, like reset links, a while after it ended.
  unsubscribeLinks: {
    table: 'unsubscribe_links',
    key: 'token_hash',
    conditions: ['expires_at < now() - make_interval(days => $1)'],
  },
  // A failed email's next_attempt_at is set when it was given up (plus its last retry delay, at most an hour).
  emails: {
    table: 'mail_queue',
    key: 'id',
    conditions: [
      `status = 'sent' and sent_at < now() - make_interval(days => $1)`,
      `status = 'failed' and next_attempt_at < now() - make_interval(days => $1)`,
    ],
  },
  // Failed sign-ins of an email, once its last failure no longer counts (they hold an email someone typed).
  signInFailures: {
    table: 'sign_in_failures',
    key: 'kind, email',
    conditions: ['last_failure_at < now() - make_interval(days => $1)'],
  },
  // An address's count of verification and reset emails, once its last one no longer counts (the cap looks back a day).
  recipientMailCounts: {
    table: 'recipient_mail_counts',
    key: 'address_hash',
    conditions: ['last_sent_at < now() - make_interval(days => $1)'],
  },
  // A browser's device credential (decision 0041), once it expired: it no longer tells its browser from others.
  deviceCredentials: {
    table: 'device_credentials',
    key: 'token_hash',
    conditions: ['expires_at < now() - make_interval(days => $1)'],
  },
};

/** The days each kind is kept: a setting, or (failed sign-ins, device credentials) as long as they count, no longer. */
const RETENTION_OF: Record<keyof PurgeCounts, (retention: RetentionDays) => number> = {
  sessions: (r) => r.sessions,
  passwordResets: (r) => r.resetLinks,
  verificationLinks: (r) => r.resetLinks,
  unsubscribeLinks: (r) => r.resetLinks,
  emails: (r) => r.sentMail,
  signInFailures: () => FAILURES_COUNT_FOR_DAYS,
  recipientMailCounts: () => RECIPIENT_CAP_DAYS,
  deviceCredentials: () => 0,
};

/** One batch of rows matching a condition; `skip locked`, so the purge never waits on a row in use. */
export const batchSql = (table: string, key: string, condition: string) =>
  `select ${key} from ${table} where ${condition} limit ${BATCH} for update skip locked`;

/** Deletes what matches one condition, a batch at a time. */
async function deleteWhere(db: Queryable, table: string, key: string, condition: string, days: number) {
  let deleted = 0;
  for (;;) {
    const { rowCount } = await db.query(`delete from ${table} where (${key}) in (${batchSql(table, key, condition)})`, [
      days,
    ]);
    deleted += rowCount;
    if (rowCount < BATCH) return deleted;
  }
}

/** Deletes every row past its retention; answers how many of each kind. */
export async function purgeExpired(db: Queryable, retention: RetentionDays): Promise<PurgeCounts> {
  const counts = {} as PurgeCounts;
  for (const kind of Object.keys(PURGES) as Array<keyof PurgeCounts>) {
    const { table, key, conditions } = PURGES[kind];
    counts[kind] = 0;
    for (const condition of conditions) {
      counts[kind] += await deleteWhere(db, table, key, condition, RETENTION_OF[kind](retention));
    }
  }
  return counts;
}

const PURGE_JOB = 'purge';

/**
 * True for the one caller that may run the job now: none started it in the last `minGapMs`. One statement,
 * so of several servers on one database asking at once, exactly one gets true (the others wait for its row
 * and then see it moved).
 */
export async function claimJobRun(db: Queryable, name: string, minGapMs: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into job_runs (name, started_at) values ($1, now())
     on conflict (name) do update set started_at = excluded.started_at
       where job_runs.started_at <= now() - make_interval(secs => $2::double precision / 1000)
     returning name`,
    [name, minGapMs],
  );
  return rowCount === 1;
}

/**
 * The purge, tried once the server is ready and then every `everyMs`. A try runs only if no server sharing
 * the database started one in the last half interval, so a fleet purges about once per interval, not once per
 * server. A failure is logged and the next try starts over.
 */
export function createPurgeScheduler(opts: {
  db: Queryable;
  retention: RetentionDays;
  everyMs: number;
  log: FastifyBaseLogger;
}): PeriodicJob {
  async function purgeIfDue(): Promise<void> {
    if (!(await claimJobRun(opts.db, PURGE_JOB, opts.everyMs / 2))) return;
    const purged = await purgeExpired(opts.db, opts.retention);
    // Counts only: the rows held addresses and subjects, which must not move into the log.
    if (Object.values(purged).some((count) => count > 0)) {
      opts.log.info({ purged, retentionDays: opts.retention }, 'expired data purged');
    } else {
      opts.log.debug({ retentionDays: opts.retention }, 'nothing past its retention to purge');
    }
  }

  return createPeriodicJob({
    run: purgeIfDue,
    everyMs: opts.everyMs,
    log: opts.log,
    failure: 'purge of expired data failed',
  });
}
