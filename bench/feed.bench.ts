import fs from 'node:fs';

import { buildApp } from '../server/app';
import { loadConfig } from '../server/config/config';
import { tempDataDir, type BenchSection } from './lib';

/**
 * The calendar feed of a customer with 500 occasions (MAX_OCCASIONS) and 100 orders, read in-process (no network):
 * a full read builds the whole iCalendar, as every read did before the feed had an ETag; a read that sends back the
 * current ETag gets 304 from one indexed lookup, without the feed being built.
 */
const OCCASIONS = 500;
const ORDERS = 100;
const READS = 40;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function timed(reads: number, read: () => Promise<number>, expected: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < reads; i++) {
    const started = performance.now();
    const status = await read();
    times.push(performance.now() - started);
    if (status !== expected) throw new Error(`expected ${expected}, got ${status}`);
  }
  return times.sort((a, b) => a - b);
}

export default async function feedBench(): Promise<BenchSection> {
  const dataDir = tempDataDir();
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      STATIC_DIR: '',
      PUBLIC_URL: 'http://bench.local',
      FEED_TOKEN_RATE_LIMIT: '100000',
      FEED_ADDRESS_RATE_LIMIT: '100000',
      REMINDER_SWEEP_SECONDS: '86400',
    }),
    { logger: false },
  );
  try {
    await app.ready();
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/createUser',
      payload: { name: 'Feed Bench', email: 'feed.bench@example.com', password: 'correct horse battery' },
    });
    const token = signUp.json<{ authtoken: string }>().authtoken;
    await app.db.exec(`
      insert into occasions (user_id, recipient_name, relationship, occasion, date)
        select u.id, 'Person ' || g, 'Friend', 'Birthday', date '1990-01-01' + g
          from users u cross join generate_series(1, ${OCCASIONS}) g where u.email = 'feed.bench@example.com';
      insert into gift_orders (user_id, recipient_name, relationship, occasion, address, phone_number, email,
                               interests, budget, date)
        select u.id, 'Friend ' || g, 'Friend', 'Birthday', '1 Bench Road', '5550001111', 'f@example.com', 'Books',
               '30', current_date + g
          from users u cross join generate_series(1, ${ORDERS}) g where u.email = 'feed.bench@example.com';
      analyze;
    `);
    const rotated = await app.inject({ method: 'POST', url: '/api/calendar/rotate', headers: { 'auth-token': token } });
    const path = new URL(rotated.json<{ url: string }>().url).pathname;
    const first = await app.inject({ method: 'GET', url: path });
    const etag = first.headers.etag as string;

    const full = await timed(READS, async () => (await app.inject({ method: 'GET', url: path })).statusCode, 200);
    const cached = await timed(
      READS,
      async () => (await app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } })).statusCode,
      304,
    );
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const figures = {
      occasions: OCCASIONS,
      orders: ORDERS,
      bytes: first.body.length,
      fullMedianMs: quantile(full, 0.5),
      fullP95Ms: quantile(full, 0.95),
      notModifiedMedianMs: quantile(cached, 0.5),
      notModifiedP95Ms: quantile(cached, 0.95),
    };
    const markdown = [
      `One customer with ${OCCASIONS} occasions and ${ORDERS} orders (a ${(figures.bytes / 1024).toFixed(0)} kB feed), PGlite, ` +
        `${READS} reads each, in-process. A full read is what every read cost before the ETag; a calendar app ` +
        'holding the current feed now gets 304 from one indexed lookup (rate-limit count included in both).',
      '',
      '| read | median | p95 |',
      '|---|---|---|',
      `| full (200, the feed built) | ${ms(figures.fullMedianMs)} | ${ms(figures.fullP95Ms)} |`,
      `| If-None-Match with the current ETag (304) | ${ms(figures.notModifiedMedianMs)} | ${ms(figures.notModifiedP95Ms)} |`,
    ].join('\n');
    return {
      title: 'Calendar feed, 500 occasions',
      markdown,
      data: figures,
      headlines: [
        {
          figure: 'calendar feed 304 median vs full read',
          shown: `${ms(figures.notModifiedMedianMs)} vs ${ms(figures.fullMedianMs)}`,
          goal: 'a 304 under a tenth of a full read',
          met: figures.notModifiedMedianMs * 10 < figures.fullMedianMs,
        },
      ],
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
