import { THIS_BUILD, type Build, type Headline } from './builds';
import {
  apiCall,
  benchDuration,
  customerThroughApi,
  load,
  loadTable,
  onBothDatabases,
  startServer,
  tempDataDir,
  type BenchSection,
  type LoadOptions,
  type LoadResult,
} from './lib';
import { orderBody } from './orderInput';
import { seedDatabase, type Seeded } from './seed';

/**
 * The hot read alone: GET /bench/hello at 100 connections (the baseline of every ratio), the customer's
 * getgifts of 50 orders at 100 connections (the goal: at least 10 % of hello-world throughput on PGlite, p99
 * under 50 ms), and the same read repeated with the list's current ETag in If-None-Match (304, no body), as the
 * SPA repeats it after every visit. The mix of every call at once is bench/mixed.bench.ts.
 *
 * BENCH_DURATION (seconds, default 30) sets each phase's length; BENCH_POSTGRES=false skips the
 * PostgreSQL run (it also skips itself when no PostgreSQL 15+ is installed).
 */
const CONNECTIONS = 100;
const READERS = 200;
const ORDERS_PER_READER = 50;
const PORTS = { pglite: 3910, postgres: 3911 };
const GOAL = { ratio: 0.1, p99: 50 };
/** A baseline revision's run: readers placed through its own API (its server cannot open a database migrated by
 * today's code), then hello-world and getgifts alone on PGlite, the figures the goal is about. */
const BASELINE_READERS = 20;
const BASELINE_SEED_CONCURRENCY = 10;

export const comparesBuilds = true;

/**
 * One request of each kind, checked, before any load: a broken call must not pass as fast. Answers each
 * reader's current getgifts ETag, for the repeat reads.
 */
async function checkCalls(url: string, seeded: Seeded): Promise<string[]> {
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
  return Promise.all(
    seeded.groups.reader.map(async ({ token }) => {
      const etag = (await fetch(`${url}/api/gifts/getgifts`, { headers: { 'auth-token': token } })).headers.get('etag');
      const repeat = await fetch(`${url}/api/gifts/getgifts`, {
        headers: { 'auth-token': token, 'if-none-match': etag ?? '' },
      });
      if (etag === null || repeat.status !== 304) throw new Error(`repeat getgifts answered ${repeat.status}`);
      return etag;
    }),
  );
}

/** getgifts, spread over many customers so no two requests in a row share one. */
function getgifts(url: string, seeded: Seeded): { title: string; opts: LoadOptions } {
  const { reader } = seeded.groups;
  return {
    title: `GET /api/gifts/getgifts (${ORDERS_PER_READER} orders)`,
    opts: {
      url: `${url}/api/gifts/getgifts`,
      vary: (n) => ({ headers: { 'auth-token': reader[n % reader.length].token } }),
    },
  };
}

interface RunFigures {
  database: 'PGlite' | 'PostgreSQL';
  seed: { orders: number; seedMs: number };
  duration: number;
  hello: LoadResult;
  getgiftsAlone: LoadResult;
  /** getgifts with the current ETag: 304 without a body. */
  repeatAlone: LoadResult;
  goalMet: boolean;
}

const REPEAT_TITLE = `GET /api/gifts/getgifts (${ORDERS_PER_READER} orders), If-None-Match current: 304`;

const meetsGoal = (r: LoadResult, hello: LoadResult) =>
  r.requestsPerSec / hello.requestsPerSec >= GOAL.ratio && r.p99 < GOAL.p99;

/** One read's figures beside the goal. */
function againstGoal(what: string, r: LoadResult, hello: LoadResult): string {
  return (
    `${what} reaches ${((100 * r.requestsPerSec) / hello.requestsPerSec).toFixed(1)} % of hello-world throughput ` +
    `with p99 ${r.p99} ms (goal: ≥ ${100 * GOAL.ratio} % and p99 < ${GOAL.p99} ms: ${meetsGoal(r, hello) ? 'met' : 'not met'}).`
  );
}

async function run(database: RunFigures['database'], env: Record<string, string>, port: number): Promise<RunFigures> {
  const duration = benchDuration(30);
  const dataDir = tempDataDir();
  const seeded = await seedDatabase({ dataDir, databaseUrl: env.DATABASE_URL }, [
    { name: 'reader', customers: READERS, ordersPerCustomer: ORDERS_PER_READER },
  ]);
  const server = await startServer({ ...env, DATA_DIR: dataDir }, port);
  try {
    const etags = await checkCalls(server.url, seeded);
    const read = getgifts(server.url, seeded);
    const { reader } = seeded.groups;
    const repeat: LoadOptions = {
      url: `${server.url}/api/gifts/getgifts`,
      expectStatus: 304,
      vary: (n) => ({
        headers: { 'auth-token': reader[n % reader.length].token, 'if-none-match': etags[n % reader.length] },
      }),
    };
    // Warm-up (JIT, plan caches, connection pool), not reported.
    await load('warm-up', { url: `${server.url}/bench/hello`, connections: CONNECTIONS, duration: 2 });
    await load('warm-up', { ...read.opts, connections: CONNECTIONS, duration: 2 });

    const hello = await load('GET /bench/hello (baseline)', {
      url: `${server.url}/bench/hello`,
      connections: CONNECTIONS,
      duration,
    });
    const getgiftsAlone = await load(read.title, { ...read.opts, connections: CONNECTIONS, duration });
    const repeatAlone = await load(REPEAT_TITLE, { ...repeat, connections: CONNECTIONS, duration });
    return {
      database,
      seed: { orders: seeded.orders, seedMs: seeded.seedMs },
      duration,
      hello,
      getgiftsAlone,
      repeatAlone,
      goalMet: meetsGoal(getgiftsAlone, hello),
    };
  } finally {
    await server.stop();
  }
}

function describe(r: RunFigures): string {
  const failures = [r.hello, r.getgiftsAlone, r.repeatAlone].reduce((sum, m) => sum + m.errors + m.non2xx, 0);
  return [
    `### ${r.database}`,
    '',
    `${r.seed.orders.toLocaleString('en')} orders seeded in ${(r.seed.seedMs / 1000).toFixed(1)} s ` +
      `(${READERS} readers with ${ORDERS_PER_READER} orders each). ` +
      `Each phase ${r.duration} s at ${CONNECTIONS} connections.`,
    '',
    `**Alone**: getgifts of ${ORDERS_PER_READER} orders vs hello-world, each at ${CONNECTIONS} connections; ` +
      "the repeat read sends the list's current ETag and gets 304 without a body (its non-2xx column counts answers other than 304):",
    '',
    loadTable([r.hello, r.getgiftsAlone, r.repeatAlone], r.hello),
    '',
    againstGoal('getgifts', r.getgiftsAlone, r.hello),
    '',
    againstGoal('The repeat read (304)', r.repeatAlone, r.hello),
    '',
    `Errors and non-2xx over all phases: ${failures}.`,
  ].join('\n');
}

/** A reader with a complete profile and ORDERS_PER_READER orders, placed through the API as a customer would. */
async function readerThroughApi(url: string, n: number): Promise<string> {
  const token = await customerThroughApi(url, `Load Reader ${n}`, `load.reader.${n}.${Date.now()}@example.com`);
  for (let i = 0; i < ORDERS_PER_READER; i += 1)
    await apiCall(`${url}/api/gifts/addgift`, JSON.parse(orderBody(i)), token);
  return token;
}

interface BaselineFigures {
  hello: LoadResult;
  getgiftsAlone: LoadResult;
}

async function baselineRun(build: Build): Promise<BaselineFigures> {
  const duration = benchDuration(30);
  const server = await startServer({}, PORTS.pglite, build);
  try {
    const tokens: string[] = [];
    for (let n = 0; n < BASELINE_READERS; n += BASELINE_SEED_CONCURRENCY) {
      const batch = Array.from({ length: BASELINE_SEED_CONCURRENCY }, (_, i) => readerThroughApi(server.url, n + i));
      tokens.push(...(await Promise.all(batch)));
    }
    const getgifts: LoadOptions = {
      url: `${server.url}/api/gifts/getgifts`,
      vary: (n) => ({ headers: { 'auth-token': tokens[n % tokens.length] } }),
    };
    await load('warm-up', { url: `${server.url}/bench/hello`, connections: CONNECTIONS, duration: 2 });
    await load('warm-up', { ...getgifts, connections: CONNECTIONS, duration: 2 });
    const hello = await load('GET /bench/hello (baseline)', {
      url: `${server.url}/bench/hello`,
      connections: CONNECTIONS,
      duration,
    });
    const getgiftsAlone = await load(`GET /api/gifts/getgifts (${ORDERS_PER_READER} orders)`, {
      ...getgifts,
      connections: CONNECTIONS,
      duration,
    });
    return { hello, getgiftsAlone };
  } finally {
    await server.stop();
  }
}

/** The figures the goal is about, from a PGlite run. */
function headlines(r: BaselineFigures & { repeatAlone?: LoadResult }): Headline[] {
  const ratio = (x: LoadResult) => x.requestsPerSec / r.hello.requestsPerSec;
  const rows = [
    ['getgifts of 50 orders / hello-world, 100 connections, PGlite', r.getgiftsAlone] as const,
    ...(r.repeatAlone ? [['the same read repeated with its ETag (304)', r.repeatAlone] as const] : []),
  ];
  return rows.flatMap(([what, x]) => [
    { figure: what, shown: ratio(x).toFixed(2), goal: `≥ ${GOAL.ratio.toFixed(2)}`, met: ratio(x) >= GOAL.ratio },
    { figure: `${what}: p99`, shown: `${x.p99} ms`, goal: `< ${GOAL.p99} ms`, met: x.p99 < GOAL.p99 },
  ]);
}

export default async function loadBench(build: Build = THIS_BUILD): Promise<BenchSection> {
  if (build.role === 'baseline') {
    const figures = await baselineRun(build);
    return {
      title: 'Load: getgifts alone (100 connections)',
      markdown: [
        `PGlite. ${BASELINE_READERS} customers with ${ORDERS_PER_READER} orders each, placed through the API; each phase ` +
          `${benchDuration(30)} s at ${CONNECTIONS} connections.`,
        '',
        loadTable([figures.hello, figures.getgiftsAlone], figures.hello),
        '',
        againstGoal('getgifts', figures.getgiftsAlone, figures.hello),
      ].join('\n'),
      data: figures,
      headlines: headlines(figures),
    };
  }
  const section = await onBothDatabases({
    title: 'Load: getgifts alone (100 connections)',
    intro:
      "autocannon against the real server (a child process) on seeded data; each read is a different customer's. " +
      'Ratios compare with hello-world on the same server in the same run.',
    ports: PORTS,
    run,
    describe,
  });
  const pglite = (section.data as RunFigures[]).find((r) => r.database === 'PGlite');
  return { ...section, headlines: pglite ? headlines(pglite) : [] };
}
