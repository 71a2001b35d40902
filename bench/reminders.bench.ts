import { openDatabase, type Db } from '../server/db/db';
import { migrate } from '../server/db/migrate';
import { runReminderSweep } from '../server/modules/reminders/reminderSweep';
import { onPostgres, tempDataDir, type BenchSection } from './lib';

/**
 * The reminder run at scale: 100,000 occasions across 1,000 customers. One run with nothing due
 * (the common case: its cost must not grow with the occasions stored), then one with 1,000 due
 * (each decided, its reminder recorded and its email queued in the same transaction).
 */
const CUSTOMERS = 1000;
const OCCASIONS = 100_000;
const DUE = 1000;
const RUNS = 20;

interface ReminderFigures {
  database: string;
  occasions: number;
  idleMedianMs: number;
  idleMaxMs: number;
  dueMs: number;
  queued: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function measure(db: Db, database: string): Promise<ReminderFigures> {
  await migrate(db);
  await db.exec(`
    insert into users (name, email, password_hash, time_zone, email_verified_at)
      select 'Bench ' || i, 'reminders' || i || '@example.com', 'x',
             (array['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Tokyo'])[1 + i % 4], now()
      from generate_series(1, ${CUSTOMERS}) i;
    insert into occasions (user_id, recipient_name, relationship, occasion, date, next_check_at)
      select u.id, 'Person ' || g, 'Friend', 'Birthday', date '1990-01-01' + (g % 365),
             now() + interval '1 day' + (g % 300) * interval '1 day'
      from users u cross join generate_series(1, ${OCCASIONS / CUSTOMERS}) g;
    analyze;
  `);
  // Verified customers and a budget no run reaches: the figures are the run's own work.
  const mail = { publicUrl: 'http://bench.local', dailyLimit: 1_000_000 };
  const idle: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const r = await runReminderSweep(db, mail);
    idle.push(performance.now() - started);
    if (r.checked !== 0) throw new Error(`expected nothing due, ${r.checked} checked`);
  }
  idle.sort((a, b) => a - b);
  // 1,000 occasions fall due now, each with a reminder 7 days ahead of a date 3 days away.
  await db.exec(`
    update occasions set next_check_at = now() - interval '1 minute', remind_days_before = '{7}',
           date = (current_date + 3) - interval '30 years'
     where id in (select id from occasions order by id limit ${DUE});
  `);
  const started = performance.now();
  const due = await runReminderSweep(db, mail);
  const dueMs = performance.now() - started;
  return {
    database,
    occasions: OCCASIONS,
    idleMedianMs: quantile(idle, 0.5),
    idleMaxMs: idle[idle.length - 1],
    dueMs,
    queued: due.queued,
  };
}

export default async function remindersBench(): Promise<BenchSection> {
  const rows: ReminderFigures[] = [];
  const pglite = await openDatabase({ dataDir: tempDataDir() });
  try {
    rows.push(await measure(pglite, 'PGlite'));
  } finally {
    await pglite.close();
  }
  const pg = await onPostgres(async (url) => {
    const db = await openDatabase({ databaseUrl: url, dataDir: tempDataDir() });
    try {
      return await measure(db, 'PostgreSQL');
    } finally {
      await db.close();
    }
  });
  if ('result' in pg) rows.push(pg.result);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const markdown = [
    `${OCCASIONS.toLocaleString('en-US')} occasions across ${CUSTOMERS.toLocaleString('en-US')} customers; goal: a run with nothing due well under 1 s.`,
    '',
    '| database | run, nothing due: median / max of 20 | run with 1,000 due (decided, recorded, emails queued) |',
    '|---|---|---|',
    ...rows.map(
      (r) => `| ${r.database} | ${ms(r.idleMedianMs)} / ${ms(r.idleMaxMs)} | ${ms(r.dueMs)} (${r.queued} queued) |`,
    ),
    ...('skipped' in pg ? ['', pg.skipped] : []),
  ].join('\n');
  return { title: 'Reminder run', markdown, data: rows };
}
