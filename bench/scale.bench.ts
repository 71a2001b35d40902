import {
  benchDuration,
  load,
  onBothDatabases,
  serialLatency,
  startServer,
  tempDataDir,
  type BenchSection,
  type LatencyResult,
  type LoadOptions,
  type LoadResult,
} from './lib';
import { seedDatabase } from './seed';

/**
 * Lists at scale: 100,000 orders across 1,000 customers, seeded in bulk straight into
 * the database, then the real server started on it. Reported per call: latency one request at a
 * time (what a user waits), and throughput and latency at 100 connections beside hello-world on
 * the same server. The calls: admin getOrders, first page of each status (no page/limit sent:
 * the first page of 50), and a customer's getgifts (100 orders; each request another customer).
 *
 * BENCH_DURATION (seconds, default 10) sets each measurement's length; BENCH_POSTGRES=false skips
 * the PostgreSQL run.
 */
const CUSTOMERS = 1000;
const ORDERS_PER_CUSTOMER = 100;
const STATUSES = ['new', 'processed', 'finished', 'rejected'] as const;
const CONNECTIONS = 100;
const PORTS = { pglite: 3912, postgres: 3913 };

interface CallFigures {
  call: string;
  /** Items in one answer (a page for getOrders, the whole list for getgifts) and its size. */
  items: number;
  bytes: number;
  serial: LatencyResult;
  loaded: LoadResult;
}

interface ScaleFigures {
  database: 'PGlite' | 'PostgreSQL';
  orders: number;
  byStatus: Record<string, number>;
  seedMs: number;
  duration: number;
  hello: LoadResult;
  helloSerial: LatencyResult;
  calls: CallFigures[];
}

async function run(
  database: ScaleFigures['database'],
  env: Record<string, string>,
  port: number,
): Promise<ScaleFigures> {
  const duration = benchDuration(10);
  const dataDir = tempDataDir();
  const seeded = await seedDatabase({ dataDir, databaseUrl: env.DATABASE_URL }, [
    { name: 'scale', customers: CUSTOMERS, ordersPerCustomer: ORDERS_PER_CUSTOMER },
  ]);
  // The admin list wants a code passed in the last minutes (decision 0044): the seeded session's still counts at the end.
  const server = await startServer({ ...env, DATA_DIR: dataDir, ADMIN_FRESH_FACTOR_MINUTES: '120' }, port);
  try {
    const customers = seeded.groups.scale;
    const json = { 'content-type': 'application/json' };
    const targets: Array<{ call: string; opts: LoadOptions; items: (body: unknown) => number }> = [
      ...STATUSES.map((status) => ({
        call: `POST /api/admin/getOrders {"status":"${status}"}`,
        opts: {
          url: `${server.url}/api/admin/getOrders`,
          method: 'POST' as const,
          headers: { ...json, 'auth-token': seeded.adminToken },
          body: JSON.stringify({ status }),
        },
        items: (body: unknown) => (body as { data: unknown[] }).data.length,
      })),
      {
        call: `GET /api/gifts/getgifts (${ORDERS_PER_CUSTOMER} orders)`,
        opts: {
          url: `${server.url}/api/gifts/getgifts`,
          vary: (n: number) => ({ headers: { 'auth-token': customers[n % customers.length].token } }),
        },
        items: (body: unknown) => (body as unknown[]).length,
      },
    ];

    // One checked request per call first: its answer's size, and proof it works.
    const sizes = [];
    for (const t of targets) {
      const extra = t.opts.vary?.(0).headers ?? {};
      const res = await fetch(t.opts.url, {
        method: t.opts.method ?? 'GET',
        headers: { ...t.opts.headers, ...extra },
        body: t.opts.body,
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${t.call} answered ${res.status} ${text.slice(0, 300)}`);
      sizes.push({ items: t.items(JSON.parse(text)), bytes: Buffer.byteLength(text) });
    }

    const helloOpts = { url: `${server.url}/bench/hello` };
    await load('warm-up', { ...helloOpts, connections: CONNECTIONS, duration: 2 });
    const hello = await load('GET /bench/hello (baseline)', { ...helloOpts, connections: CONNECTIONS, duration });
    const helloSerial = await serialLatency('GET /bench/hello (baseline)', helloOpts, duration);
    const calls: CallFigures[] = [];
    for (const [i, t] of targets.entries()) {
      await load('warm-up', { ...t.opts, connections: CONNECTIONS, duration: 1 });
      const serial = await serialLatency(t.call, t.opts, duration);
      const loaded = await load(`${t.call}, ${CONNECTIONS} connections`, {
        ...t.opts,
        connections: CONNECTIONS,
        duration,
      });
      calls.push({ call: t.call, ...sizes[i], serial, loaded });
    }
    return {
      database,
      orders: seeded.orders,
      byStatus: seeded.byStatus,
      seedMs: seeded.seedMs,
      duration,
      hello,
      helloSerial,
      calls,
    };
  } finally {
    await server.stop();
  }
}

function describe(r: ScaleFigures): string {
  const n = (x: number) => x.toLocaleString('en');
  const rows = [
    '| call | items (of) | answer | one at a time: p50 / p99 ms | 100 conn.: req/s | ratio to hello-world | p50 / p99 ms | errors + non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    `| ${r.hello.title} | | | ${r.helloSerial.p50} / ${r.helloSerial.p99} | ${n(Math.round(r.hello.requestsPerSec))} | 1.00 | ` +
      `${r.hello.p50} / ${r.hello.p99} | ${r.hello.errors + r.hello.non2xx + r.helloSerial.errors + r.helloSerial.non2xx} |`,
    ...r.calls.map((c) => {
      const status = /"status":"(\w+)"/.exec(c.call)?.[1];
      const of = status ? ` (${n(r.byStatus[status] ?? 0)})` : '';
      const failures = c.serial.errors + c.serial.non2xx + c.loaded.errors + c.loaded.non2xx;
      return (
        `| ${c.call} | ${n(c.items)}${of} | ${(c.bytes / 1024).toFixed(1)} kB | ${c.serial.p50} / ${c.serial.p99} | ` +
        `${n(Math.round(c.loaded.requestsPerSec))} | ${(c.loaded.requestsPerSec / r.hello.requestsPerSec).toFixed(2)} | ` +
        `${c.loaded.p50} / ${c.loaded.p99} | ${failures} |`
      );
    }),
  ];
  return [
    `### ${r.database}`,
    '',
    `${n(r.orders)} orders (${Object.entries(r.byStatus)
      .map(([s, c]) => `${n(c)} ${s}`)
      .join(', ')}) across ${n(CUSTOMERS)} customers, seeded in ${(r.seedMs / 1000).toFixed(1)} s. ` +
      `Each measurement ${r.duration} s; one at a time = sequential requests on one keep-alive connection, timed to the microsecond.`,
    '',
    ...rows,
  ].join('\n');
}

export default function scaleBench(): Promise<BenchSection> {
  return onBothDatabases({
    title: 'Lists at scale (100,000 orders, 1,000 customers)',
    intro:
      "Admin lists and a customer's list with 100,000 orders in the database: latency one request at a time, " +
      'and throughput at 100 connections as a ratio to hello-world on the same server in the same run.',
    ports: PORTS,
    run,
    describe,
  });
}
