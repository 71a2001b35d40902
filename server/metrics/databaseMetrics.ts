import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';

import type { Db } from '../db/db';
import type { PeriodicJob } from '../lib/periodicJob';

/**
 * One statement per scrape, each part through an index: the pending emails through the worker's partial index
 * (migration 4), the reminder run's backlog through occasions_next_check_idx. Failed emails are few, but nothing
 * indexes them: counting them reads the table once (sent rows included).
 */
const SCRAPE_SQL = `select
    (select count(*) from mail_queue where status = 'pending')::int as pending,
    (select count(*) from mail_queue where status = 'failed')::int as failed,
    coalesce((select extract(epoch from now() - min(created_at)) from mail_queue where status = 'pending'), 0)::float8
      as oldest_pending_seconds,
    coalesce((select extract(epoch from now() - min(next_check_at)) from occasions where next_check_at <= now()), 0)::float8
      as reminder_lag_seconds`;

/** A scrape does not wait longer than this for the database (Prometheus' own default timeout is 10 s). */
const READ_TIMEOUT_MS = 5000;

interface ScrapeRow {
  pending: number;
  failed: number;
  oldest_pending_seconds: number;
  reminder_lag_seconds: number;
}

/**
 * The gauges read at scrape time: the connection pool (PostgreSQL only; see Db.poolStats), the mail queue, the
 * reminder run. Returns the
 * function that brings them up to date; when the database cannot be read, giftwise_database_up is 0 and the
 * figures read from it are absent (the mail counts) or NaN.
 */
export function databaseGauges(
  registry: Registry,
  db: Db,
  reminders: PeriodicJob,
  log: FastifyBaseLogger,
): () => Promise<void> {
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });
  const poolMax = gauge('giftwise_db_pool_max_connections', 'Connections to PostgreSQL this server may open');
  const pool = gauge('giftwise_db_pool_connections', 'Open connections to PostgreSQL, in use or idle', ['state']);
  const waiting = gauge('giftwise_db_pool_waiting_requests', 'Database calls waiting for a free connection');
  const up = gauge('giftwise_database_up', "1 when this scrape's read of the database succeeded, else 0");
  const mail = gauge('giftwise_mail_queue_emails', 'Emails in the queue not yet sent, by status', ['status']);
  const oldest = gauge(
    'giftwise_mail_queue_oldest_pending_age_seconds',
    'Age of the oldest email still pending (queued or waiting for a retry); 0 when none is',
  );
  const lastSuccess = gauge(
    'giftwise_reminder_last_success_timestamp_seconds',
    'When a reminder run in this process last finished without an error (Unix time; 0 before the first)',
  );
  const lag = gauge(
    'giftwise_reminder_lag_seconds',
    "How long the longest-waiting occasion has been due for its reminder check (any server's run clears it); 0 when none is",
  );

  return async () => {
    const stats = db.poolStats?.();
    if (stats) {
      poolMax.set(stats.max);
      pool.set({ state: 'in_use' }, stats.total - stats.idle);
      pool.set({ state: 'idle' }, stats.idle);
      waiting.set(stats.waiting);
    }
    lastSuccess.set((reminders.lastSuccessAt()?.getTime() ?? 0) / 1000);
    try {
      const row = await withTimeout(db.query<ScrapeRow>(SCRAPE_SQL), READ_TIMEOUT_MS);
      const figures = row.rows[0];
      mail.set({ status: 'pending' }, figures.pending);
      mail.set({ status: 'failed' }, figures.failed);
      oldest.set(figures.oldest_pending_seconds);
      lag.set(figures.reminder_lag_seconds);
      up.set(1);
    } catch (err) {
      log.warn({ err }, 'metrics: could not read the database');
      up.set(0);
      mail.reset();
      oldest.set(NaN);
      lag.set(NaN);
    }
  };
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
