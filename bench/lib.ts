import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { spawnServer } from '../tests/support/serverProcess';

export interface BenchServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * Starts the real server as a child process on a fresh temporary DATA_DIR, serving the built SPA,
 * with the bench-only hello-world route enabled; resolves once /healthz answers.
 */
export async function startServer(env: Record<string, string> = {}, port = 3900): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-bench-'));
  const server = await spawnServer(
    {
      DATA_DIR: dataDir,
      STATIC_DIR: 'dist',
      BENCH_ROUTES: 'true',
      AUTH_RATE_LIMIT: '1000000',
      NOTE_RATE_LIMIT: '1000000',
      ...env,
    },
    port,
  );
  return {
    url: server.url,
    dataDir,
    stop: async () => {
      await server.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoadResult {
  title: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon against one request; p50/p99 in milliseconds. */
export async function load(
  title: string,
  opts: { url: string; method?: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; body?: string; connections?: number; duration?: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: opts.connections ?? 50,
    duration: opts.duration ?? 10,
  });
  return {
    title,
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
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
}
