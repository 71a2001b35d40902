import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

import {
  benchDuration,
  onBothDatabases,
  serialLatency,
  startServer,
  tempDataDir,
  type BenchSection,
  type LatencyResult,
  type LoadOptions,
} from './lib';
import { seedDatabase } from './seed';

/**
 * The admin console at volume (docs/admin-console.md): 100,000 orders across 1,000 customers, seeded in
 * bulk, the real compiled server started on them. One request at a time (what a member of staff waits):
 * the four counts, the first page of each view, searches by customer email and by recipient name (whole, a word
 * inside a name or email, one matching every order, two characters), and a delivery-date range; each against its goal of p99 under 50 ms. Then the CSV of all 100,000 orders:
 * how long it takes to stream, and how much the server's memory (RSS) grows meanwhile (goal: under 10 s
 * and 50 MB). On PGlite and on PostgreSQL.
 *
 * BENCH_DURATION (seconds, default 5) sets each latency measurement; BENCH_POSTGRES=false skips PostgreSQL.
 */
const CUSTOMERS = 1000;
const ORDERS_PER_CUSTOMER = 100;
/** BENCH_PORT moves both servers (this port and the next), for machines whose users keep to given ports. */
const BASE_PORT = Number(process.env.BENCH_PORT) || 3922;
const PORTS = { pglite: BASE_PORT, postgres: BASE_PORT + 1 };
const GOALS = { p99Ms: 50, csvSeconds: 10, csvGrowthMiB: 50 };

interface CsvFigures {
  rows: number;
  bytes: number;
  seconds: number;
  /** The server process's CPU time for the export (on PostgreSQL, without the database's own processes). */
  cpuSeconds: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
}

interface AdminFigures {
  database: 'PGlite' | 'PostgreSQL';
  orders: number;
  byStatus: Record<string, number>;
  /** cpuMs: the server process's CPU time per request, which the machine's other load does not inflate as it does p99. */
  calls: Array<LatencyResult & { items: number; cpuMs: number }>;
  csv: CsvFigures;
}

const isoDateFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;

/** The CPU time (user and system) a process has used, from /proc (Linux), in seconds. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th and stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** The server's resident memory, from /proc (Linux), in MiB. */
function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

async function run(
  database: AdminFigures['database'],
  env: Record<string, string>,
  port: number,
): Promise<AdminFigures> {
  const duration = benchDuration(5);
  const dataDir = tempDataDir();
  const seeded = await seedDatabase({ dataDir, databaseUrl: env.DATABASE_URL }, [
    { name: 'admin', customers: CUSTOMERS, ordersPerCustomer: ORDERS_PER_CUSTOMER },
  ]);
  // The list and the CSV export want a code passed in the last minutes (decision 0044): the seeded session's still
  // counts after the latency runs.
  const server = await startServer({ ...env, DATA_DIR: dataDir, ADMIN_FRESH_FACTOR_MINUTES: '120' }, port);
  try {
    const headers = { 'content-type': 'application/json', 'auth-token': seeded.adminToken };
    const getOrders = (body: object): LoadOptions => ({
      url: `${server.url}/api/admin/getOrders`,
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const customer = seeded.groups.admin[CUSTOMERS / 2].email;
    const calls: Array<{ title: string; opts: LoadOptions }> = [
      { title: 'GET /api/admin/orderCounts', opts: { url: `${server.url}/api/admin/orderCounts`, headers } },
      ...(['new', 'processed', 'finished', 'rejected'] as const).map((status) => ({
        title: `getOrders {"status":"${status}"} (first page)`,
        opts: getOrders({ status }),
      })),
      { title: `getOrders new, search by customer email`, opts: getOrders({ status: 'new', search: customer }) },
      // Recipient 43 of every customer is new: 1,000 matches, sorted, first 50.
      { title: 'getOrders new, search by recipient name', opts: getOrders({ status: 'new', search: 'Recipient 43' }) },
      // A word anywhere (trigram indexes): inside a customer's name, inside an email, inside a recipient's name.
      {
        title: 'getOrders new, search inside a customer name',
        opts: getOrders({ status: 'new', search: 'ustomer 500' }),
      },
      {
        title: 'getOrders new, search inside a customer email',
        opts: getOrders({ status: 'new', search: customer.slice(customer.indexOf('.'), customer.indexOf('@') + 1) }),
      },
      {
        title: 'getOrders new, search inside a recipient name',
        opts: getOrders({ status: 'new', search: 'ipient 43' }),
      },
      // The widest: a word in every customer's name, so all 45,000 new orders match.
      { title: 'getOrders new, search matching every order', opts: getOrders({ status: 'new', search: 'customer' }) },
      // Two characters match from the start (prefix indexes): every recipient starts with "re".
      { title: 'getOrders new, search of two characters', opts: getOrders({ status: 'new', search: 're' }) },
      {
        title: 'getOrders new, delivery in 30 to 60 days',
        opts: getOrders({ status: 'new', from: isoDateFromNow(30), to: isoDateFromNow(60) }),
      },
      { title: 'getOrders new, by budget, highest first', opts: getOrders({ status: 'new', sort: '-budget' }) },
    ];

    const measured: AdminFigures['calls'] = [];
    for (const c of calls) {
      const res = await fetch(c.opts.url, {
        method: c.opts.method ?? 'GET',
        headers: c.opts.headers,
        body: c.opts.body,
      });
      const body = (await res.json()) as { data?: unknown[]; success: boolean };
      if (!res.ok || !body.success)
        throw new Error(`${c.title} answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      await serialLatency('warm-up', c.opts, 0.5);
      const cpuBefore = cpuSeconds(server.pid);
      const latency = await serialLatency(c.title, c.opts, duration);
      const cpuMs = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / Math.max(1, latency.requests);
      measured.push({ ...latency, items: body.data?.length ?? 4, cpuMs });
    }

    // The export of everything, streamed: time to the last byte, and the server's RSS sampled meanwhile.
    const pid = server.pid;
    const rssBeforeMiB = rssMiB(pid);
    let rssPeakMiB = rssBeforeMiB;
    const sampler = setInterval(() => (rssPeakMiB = Math.max(rssPeakMiB, rssMiB(pid))), 25);
    const cpuBefore = cpuSeconds(pid);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/admin/orders.csv`, { headers: { 'auth-token': seeded.adminToken } });
    let bytes = 0;
    let rows = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) rows += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    const csvCpuSeconds = cpuSeconds(pid) - cpuBefore;
    clearInterval(sampler);
    rssPeakMiB = Math.max(rssPeakMiB, rssMiB(pid));
    if (!res.ok) throw new Error(`orders.csv answered ${res.status}`);
    // Records end in CRLF; the comments seeded have no line breaks, so lines = header + orders.
    return {
      database,
      orders: seeded.orders,
      byStatus: seeded.byStatus,
      calls: measured,
      csv: { rows: rows - 1, bytes, seconds, cpuSeconds: csvCpuSeconds, rssBeforeMiB, rssPeakMiB },
    };
  } finally {
    await server.stop();
  }
}

const mark = (ok: boolean) => (ok ? '✓' : '✗ over goal');

function describe(r: AdminFigures): string {
  const n = (x: number) => x.toLocaleString('en');
  const growth = r.csv.rssPeakMiB - r.csv.rssBeforeMiB;
  return [
    `### ${r.database}`,
    '',
    `${n(r.orders)} orders (${Object.entries(r.byStatus)
      .map(([s, c]) => `${n(c)} ${s}`)
      .join(', ')}) across ${n(CUSTOMERS)} customers.`,
    '',
    `| call (one at a time) | items | p50 ms | p99 ms | goal p99 < ${GOALS.p99Ms} ms | server CPU ms per call | errors + non-2xx |`,
    '|---|---:|---:|---:|---|---:|---:|',
    ...r.calls.map(
      (c) =>
        `| ${c.title} | ${c.items} | ${c.p50} | ${c.p99} | ${mark(c.p99 < GOALS.p99Ms)} | ${c.cpuMs.toFixed(2)} | ${c.errors + c.non2xx} |`,
    ),
    '',
    `| CSV of every order | rows | size | seconds | goal < ${GOALS.csvSeconds} s | server CPU s | RSS before → peak | growth | goal < ${GOALS.csvGrowthMiB} MiB |`,
    '|---|---:|---:|---:|---|---:|---|---:|---|',
    `| GET /api/admin/orders.csv | ${n(r.csv.rows)} | ${(r.csv.bytes / 2 ** 20).toFixed(1)} MiB | ${r.csv.seconds.toFixed(2)} | ` +
      `${mark(r.csv.seconds < GOALS.csvSeconds)} | ${r.csv.cpuSeconds.toFixed(2)} | ${r.csv.rssBeforeMiB.toFixed(0)} → ${r.csv.rssPeakMiB.toFixed(0)} MiB | ` +
      `${growth.toFixed(0)} MiB | ${mark(growth < GOALS.csvGrowthMiB)} |`,
  ].join('\n');
}

export default function adminBench(): Promise<BenchSection> {
  return onBothDatabases({
    title: 'Admin console at volume (100,000 orders, 1,000 customers)',
    intro:
      'The admin console with 100,000 orders: counts, first pages, searches and a date range one request at a time, ' +
      'and the CSV export of all of them with the server memory it costs.',
    ports: PORTS,
    run,
    describe,
  });
}
