import {
  benchDuration,
  load,
  loadTable,
  onBothDatabases,
  startServer,
  tempDataDir,
  type BenchSection,
  type LoadOptions,
  type LoadResult,
} from './lib';
import { SEED_PASSWORD, seedDatabase, type Seeded } from './seed';

/**
 * A mixed workload: sign-ins, order reads, order writes and admin lists at once,
 * 100 connections in all, each call driven by its own autocannon instance with its share of the
 * connections (so each call has its own figures while the load is mixed). Beside it, in the same
 * run on the same server: GET /bench/hello alone at 100 connections (the baseline of every ratio)
 * and the customer's getgifts of 50 orders alone at 100 connections (the goal: at least
 * 30 % of hello-world throughput on PGlite, p99 under 50 ms).
 *
 * BENCH_DURATION (seconds, default 30) sets each phase's length; BENCH_POSTGRES=false skips the
 * PostgreSQL run (it also skips itself when no PostgreSQL 15+ is installed).
 */
const CONNECTIONS = 100;
/** Connections per call in the mixed phase; they add up to CONNECTIONS. */
const SHARES = { signIn: 10, getgifts: 50, addgift: 20, getOrders: 20 } as const;
const READERS = 200;
const ORDERS_PER_READER = 50;
const WRITERS = 200;
const SIGNERS = 200;
const PORTS = { pglite: 3910, postgres: 3911 };
const GOAL = { ratio: 0.3, p99: 50 };

function utcDate(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** One request of each kind, checked, before any load: a broken call must not pass as fast. */
async function checkCalls(url: string, seeded: Seeded): Promise<void> {
  const expect = async (what: string, res: Response, test: (body: unknown) => boolean) => {
    const body: unknown = await res.json();
    if (!res.ok || !test(body)) throw new Error(`${what} answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  };
  const reader = seeded.groups.reader[0];
  await expect(
    'getgifts',
    await fetch(`${url}/api/gifts/getgifts`, { headers: { 'auth-token': reader.token } }),
    (b) => Array.isArray(b) && b.length === ORDERS_PER_READER,
  );
  await expect(
    'loginuser',
    await fetch(`${url}/api/auth/loginuser`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ email: seeded.groups.signer[0].email, password: SEED_PASSWORD }),
    }),
    (b) => typeof (b as { authtoken?: unknown }).authtoken === 'string',
  );
  await expect(
    'getOrders',
    await fetch(`${url}/api/admin/getOrders`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'auth-token': seeded.adminToken },
      body: JSON.stringify({ status: 'new' }),
    }),
    (b) => Array.isArray((b as { data?: unknown }).data) && (b as { data: unknown[] }).data.length > 0,
  );
}

function orderBody(n: number): string {
  return JSON.stringify({
    recipientName: `Load Recipient ${n}`,
    relationship: 'Friend',
    occasion: 'Birthday',
    gender: 'Other',
    address: `${n} Load Lane, Springfield`,
    phoneNumber: '5559876543',
    email: `load.recipient.${n}@example.com`,
    interests: 'Electronics',
    budget: String(20 + (n % 80)),
    defaultOption: 'Flowers',
    comments: 'Bench order',
    // Tomorrow onwards (UTC): valid wherever and whenever the bench runs.
    date: utcDate(1 + (n % 300)),
  });
}

/** The four calls of the mix, each spread over many customers so no two requests share one. */
function calls(url: string, seeded: Seeded): Record<keyof typeof SHARES, { title: string; opts: LoadOptions }> {
  const { reader, writer, signer } = seeded.groups;
  return {
    signIn: {
      title: 'POST /api/auth/loginuser (argon2id)',
      opts: {
        url: `${url}/api/auth/loginuser`,
        method: 'POST',
        headers: JSON_HEADERS,
        vary: (n) => ({ body: JSON.stringify({ email: signer[n % signer.length].email, password: SEED_PASSWORD }) }),
      },
    },
    getgifts: {
      title: `GET /api/gifts/getgifts (${ORDERS_PER_READER} orders)`,
      opts: {
        url: `${url}/api/gifts/getgifts`,
        vary: (n) => ({ headers: { 'auth-token': reader[n % reader.length].token } }),
      },
    },
    addgift: {
      title: 'POST /api/gifts/addgift',
      opts: {
        url: `${url}/api/gifts/addgift`,
        method: 'POST',
        headers: JSON_HEADERS,
        vary: (n) => ({ headers: { 'auth-token': writer[n % writer.length].token }, body: orderBody(n) }),
      },
    },
    getOrders: {
      title: 'POST /api/admin/getOrders (first page)',
      opts: {
        url: `${url}/api/admin/getOrders`,
        method: 'POST',
        headers: { ...JSON_HEADERS, 'auth-token': seeded.adminToken },
        // Each status in turn; no page/limit, so the first page (of 50).
        vary: (n) => ({
          body: JSON.stringify({ status: (['new', 'processed', 'finished', 'rejected'] as const)[n % 4] }),
        }),
      },
    },
  };
}

interface RunFigures {
  database: 'PGlite' | 'PostgreSQL';
  seed: { orders: number; seedMs: number };
  duration: number;
  hello: LoadResult;
  getgiftsAlone: LoadResult;
  mixed: LoadResult[];
  goalMet: boolean;
}

async function run(database: RunFigures['database'], env: Record<string, string>, port: number): Promise<RunFigures> {
  const duration = benchDuration(30);
  const dataDir = tempDataDir();
  const seeded = await seedDatabase({ dataDir, databaseUrl: env.DATABASE_URL }, [
    { name: 'reader', customers: READERS, ordersPerCustomer: ORDERS_PER_READER },
    { name: 'writer', customers: WRITERS, ordersPerCustomer: 0 },
    { name: 'signer', customers: SIGNERS, ordersPerCustomer: 0 },
  ]);
  const server = await startServer({ ...env, DATA_DIR: dataDir }, port);
  try {
    await checkCalls(server.url, seeded);
    const c = calls(server.url, seeded);
    // Warm-up (JIT, plan caches, connection pool), not reported.
    await load('warm-up', { url: `${server.url}/bench/hello`, connections: CONNECTIONS, duration: 2 });
    await load('warm-up', { ...c.getgifts.opts, connections: CONNECTIONS, duration: 2 });

    const hello = await load('GET /bench/hello (baseline)', {
      url: `${server.url}/bench/hello`,
      connections: CONNECTIONS,
      duration,
    });
    const getgiftsAlone = await load(c.getgifts.title, { ...c.getgifts.opts, connections: CONNECTIONS, duration });
    const mixedKeys = Object.keys(SHARES) as (keyof typeof SHARES)[];
    await Promise.all(
      mixedKeys.map((key) => load('warm-up', { ...c[key].opts, connections: SHARES[key], duration: 2 })),
    );
    const mixed = await Promise.all(
      mixedKeys.map((key) =>
        load(`${c[key].title}, ${SHARES[key]} conn.`, { ...c[key].opts, connections: SHARES[key], duration }),
      ),
    );
    return {
      database,
      seed: { orders: seeded.orders, seedMs: seeded.seedMs },
      duration,
      hello,
      getgiftsAlone,
      mixed,
      goalMet: getgiftsAlone.requestsPerSec / hello.requestsPerSec >= GOAL.ratio && getgiftsAlone.p99 < GOAL.p99,
    };
  } finally {
    await server.stop();
  }
}

function describe(r: RunFigures): string {
  const ratio = r.getgiftsAlone.requestsPerSec / r.hello.requestsPerSec;
  const total = r.mixed.reduce((sum, m) => sum + m.requestsPerSec, 0);
  const failures = [r.hello, r.getgiftsAlone, ...r.mixed].reduce((sum, m) => sum + m.errors + m.non2xx, 0);
  return [
    `### ${r.database}`,
    '',
    `${r.seed.orders.toLocaleString('en')} orders seeded in ${(r.seed.seedMs / 1000).toFixed(1)} s ` +
      `(${READERS} readers with ${ORDERS_PER_READER} orders each; ${WRITERS} writers; ${SIGNERS} customers signing in; one admin). ` +
      `Each phase ${r.duration} s at ${CONNECTIONS} connections.`,
    '',
    `**Alone**: getgifts of ${ORDERS_PER_READER} orders vs hello-world, each at ${CONNECTIONS} connections:`,
    '',
    loadTable([r.hello, r.getgiftsAlone], r.hello),
    '',
    `getgifts reaches ${(100 * ratio).toFixed(1)} % of hello-world throughput with p99 ${r.getgiftsAlone.p99} ms ` +
      `(goal: ≥ ${100 * GOAL.ratio} % and p99 < ${GOAL.p99} ms: ${r.goalMet ? 'met' : 'not met'}).`,
    '',
    `**Mixed**: the four calls at once (${Object.values(SHARES).join(' + ')} = ${CONNECTIONS} connections); ratios to hello-world alone above:`,
    '',
    loadTable(r.mixed, r.hello),
    '',
    `Together ${Math.round(total)} req/s (${(total / r.hello.requestsPerSec).toFixed(2)} of hello-world); errors and non-2xx over all phases: ${failures}.`,
  ].join('\n');
}

export default function loadBench(): Promise<BenchSection> {
  return onBothDatabases({
    title: 'Mixed load (100 connections)',
    intro:
      'autocannon against the real server (a child process) on seeded data; sign-ins, writes and reads each use many customers. ' +
      'Ratios compare with hello-world on the same server in the same run.',
    ports: PORTS,
    run,
    describe,
  });
}
