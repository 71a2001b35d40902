import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

import { startPostgres } from '../tests/support/postgres';
import { spawnServer } from '../tests/support/serverProcess';
import { THIS_BUILD, type Build, type Headline } from './builds';
import { SEED_PASSWORD } from './seed';

export interface BenchServer {
  url: string;
  /** The server process, to read its memory from /proc. */
  pid: number;
  /** Stops the server and keeps its DATA_DIR (to start another on it). */
  kill: () => Promise<void>;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * Starts the real server as a child process on a fresh temporary DATA_DIR (or on env.DATA_DIR,
 * e.g. one made by tempDataDir() and seeded first), serving the built SPA, with the bench-only
 * hello-world route enabled; resolves once /healthz answers. stop() removes the DATA_DIR.
 */
export async function startServer(
  env: Record<string, string> = {},
  port = 3900,
  build: Build = THIS_BUILD,
): Promise<BenchServer> {
  const dataDir = env.DATA_DIR ?? tempDataDir();
  const server = await spawnServer(
    {
      DATA_DIR: dataDir,
      STATIC_DIR: path.resolve(build.root, 'dist'),
      BENCH_ROUTES: 'true',
      AUTH_RATE_LIMIT: '1000000',
      NOTE_RATE_LIMIT: '1000000',
      // The benches place thousands of orders as one customer and read them back whole.
      ORDER_WRITE_RATE_LIMIT: '1000000',
      MAX_OPEN_ORDERS: '1000000',
      CLOSED_ORDERS_LIST_LIMIT: '1000000',
      ...env,
    },
    port,
    // What production runs: the compiled server (npm run build makes it with the SPA); an old baseline
    // revision that had none ran from source.
    build.server,
    build.root,
  );
  return {
    url: server.url,
    pid: server.child.pid ?? NaN,
    kill: () => server.kill('SIGTERM'),
    dataDir,
    stop: async () => {
      await server.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON call to the server, as a client would make it; throws with the answer when it is not 2xx. */
export async function apiCall(
  url: string,
  body: unknown,
  token?: string,
  method = 'POST',
): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A customer signed up through the API, with the complete profile that ordering needs; answers its token. */
export async function customerThroughApi(base: string, name: string, email: string): Promise<string> {
  const { authtoken } = await apiCall(`${base}/api/auth/createUser`, {
    name,
    email,
    password: SEED_PASSWORD,
  });
  const token = authtoken as string;
  await apiCall(
    `${base}/api/auth/updateUser`,
    {
      name,
      address: '1 Bench Street',
      phno: '5551234567',
      cardHolderName: name,
      cardNumber: '4242424242424242',
      cvv: '123',
      cardExpirationMonth: 12,
      cardExpirationYear: new Date().getFullYear() + 2,
      billingZipCode: '12345',
    },
    token,
    'PUT',
  );
  return token;
}

/** A new empty temporary directory for a server's DATA_DIR. */
export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-bench-'));
}

/** Seconds per autocannon run: BENCH_DURATION when set (quick runs), otherwise `fallback`. */
export function benchDuration(fallback: number): number {
  const fromEnv = Number(process.env.BENCH_DURATION);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : fallback;
}

/**
 * Runs `fn` with the URL of a throwaway PostgreSQL server (tests/support/postgres.ts), stopped
 * afterwards. Skipped, with the reason, when BENCH_POSTGRES=false or no PostgreSQL 15+ is installed.
 */
export async function onPostgres<T>(fn: (url: string) => Promise<T>): Promise<{ result: T } | { skipped: string }> {
  if (process.env.BENCH_POSTGRES === 'false') return { skipped: 'PostgreSQL run skipped (BENCH_POSTGRES=false).' };
  let pg: ReturnType<typeof startPostgres>;
  try {
    pg = startPostgres({ durable: true });
  } catch (err) {
    return { skipped: `PostgreSQL run skipped: ${(err as Error).message}` };
  }
  try {
    return { result: await fn(pg.url) };
  } finally {
    pg.stop();
  }
}

/**
 * A suite's section from one run on PGlite and one on a throwaway PostgreSQL (skipped, with the reason, when
 * none is available): `run` measures one database, `describe` writes its part of the section.
 */
export async function onBothDatabases<R>(suite: {
  title: string;
  intro: string;
  ports: { pglite: number; postgres: number };
  run: (database: 'PGlite' | 'PostgreSQL', env: Record<string, string>, port: number) => Promise<R>;
  describe: (figures: R) => string;
}): Promise<BenchSection> {
  const runs: R[] = [await suite.run('PGlite', {}, suite.ports.pglite)];
  const postgres = await onPostgres((url) => suite.run('PostgreSQL', { DATABASE_URL: url }, suite.ports.postgres));
  if ('result' in postgres) runs.push(postgres.result);
  const markdown = [
    suite.intro,
    ...runs.flatMap((r) => ['', suite.describe(r)]),
    ...('skipped' in postgres ? ['', postgres.skipped] : []),
  ].join('\n');
  return { title: suite.title, markdown, data: runs };
}

export interface LoadResult {
  title: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  /** Socket errors and timeouts (no answer within autocannon's 10 s). */
  errors: number;
  /** Of which timeouts. */
  timeouts: number;
  /** Answers other than 2xx; with LoadOptions.expectStatus, answers other than that status. */
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
  /**
   * Per request: headers added to `headers` and a body replacing `body`, from a running count
   * across all connections (e.g. a different customer's token for each request).
   */
  vary?: (n: number) => { headers?: Record<string, string>; body?: string };
  /** The one status every answer should have, when it is not a 2xx (e.g. 304 for a conditional read). */
  expectStatus?: number;
}

/** autocannon against one request; p50/p99 in milliseconds. */
export async function load(title: string, opts: LoadOptions): Promise<LoadResult> {
  const { vary } = opts;
  let n = 0;
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: opts.connections ?? 50,
    duration: opts.duration ?? 10,
    ...(vary
      ? {
          requests: [
            {
              setupRequest: (request) => {
                const v = vary(n++);
                return { ...request, headers: { ...request.headers, ...v.headers }, body: v.body ?? request.body };
              },
            },
          ],
        }
      : {}),
  });
  return {
    title,
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts a timeout in both (lib/run.js, onTimeout): adding them counted each timeout twice.
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx:
      opts.expectStatus === undefined
        ? result.non2xx
        : result['1xx'] +
          result['2xx'] +
          result['3xx'] +
          result['4xx'] +
          result['5xx'] -
          (result.statusCodeStats?.[`${opts.expectStatus}`]?.count ?? 0),
  };
}

export interface LatencyResult {
  title: string;
  requests: number;
  /** Milliseconds, to the hundredth. */
  p50: number;
  p99: number;
  /** The longest wait, in milliseconds to the hundredth. */
  max: number;
  errors: number;
  non2xx: number;
}

/**
 * Latency one request at a time (what a lone user waits), measured to the microsecond over a
 * keep-alive connection, for `duration` seconds, or until `duration()` says it is done (while something else runs).
 * autocannon's histogram counts whole milliseconds, too coarse for calls that take a fraction of one.
 */
export async function serialLatency(
  title: string,
  opts: LoadOptions,
  duration: number | (() => boolean),
): Promise<LatencyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(opts.url);
  const samples: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const until = typeof duration === 'number' ? performance.now() + duration * 1000 : 0;
  const done = typeof duration === 'number' ? () => performance.now() >= until : duration;
  for (let n = 0; !done(); n++) {
    const v = opts.vary?.(n) ?? {};
    const body = v.body ?? opts.body;
    const headers = {
      ...opts.headers,
      ...v.headers,
      ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
    };
    const started = performance.now();
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(url, { method: opts.method ?? 'GET', agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(body);
      });
      samples.push(performance.now() - started);
      if (status < 200 || status > 299) non2xx += 1;
    } catch {
      errors += 1;
    }
  }
  agent.destroy();
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(100 * (samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? NaN)) / 100;
  return { title, requests: samples.length, p50: at(0.5), p99: at(0.99), max: at(1), errors, non2xx };
}

export function loadTable(rows: LoadResult[], baseline: LoadResult): string {
  const lines = [
    '| call | req/s | ratio to hello-world | p50 ms | p99 ms | errors | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.title} | ${Math.round(r.requestsPerSec)} | ${(r.requestsPerSec / baseline.requestsPerSec).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
    );
  }
  return lines.join('\n');
}

/** One section of bench/results.md; `data` goes into bench/results.json. */
export interface BenchSection {
  title: string;
  markdown: string;
  data: unknown;
  /** The suite's figures against their goals, for the run's summary (before and after with a baseline). */
  headlines?: Headline[];
}
