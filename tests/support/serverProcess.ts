import { spawn, type ChildProcess } from 'node:child_process';

import { SERVER_NODE_OPTIONS, serverEnv } from '../../scripts/serverEnv.mjs';
import { serverArgs } from './serverBundle';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Sends the signal and waits until the process has exited. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * The server from its sources (the test run's bundle of them, or tsx: serverBundle.ts), or as `npm start` runs it:
 * compiled (npm run build first).
 */
const SERVER_COMMAND = {
  source: () => serverArgs('main'),
  compiled: () => [...SERVER_NODE_OPTIONS, 'dist/server/main.js'],
} as const;

/**
 * Why a fetch failed, as its cause names it (fetch itself says only "fetch failed"): the code and message of the
 * socket error, e.g. "ECONNREFUSED connect ECONNREFUSED 127.0.0.1:4045".
 */
export function describeFetchError(err: Error): string {
  const cause = err.cause as (Error & { code?: string }) | undefined;
  return cause ? [cause.code, cause.message].filter(Boolean).join(' ') : err.message;
}

/**
 * Runs the real server as a child process with `env` on `port`, and resolves once /healthz answers
 * 200. Used by the fault tests and the multi-instance test (from source) and the benchmarks (compiled).
 */
export async function spawnServer(
  env: Record<string, string>,
  port: number,
  from: keyof typeof SERVER_COMMAND = 'source',
  /** The checkout to run it in (the benchmarks also run an older revision's build, beside this one). */
  cwd = '.',
): Promise<ServerProcess> {
  const base = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', STATIC_DIR: '', ...env };
  // Compiled, it runs with the environment and Node options `npm start` gives it (scripts/serverEnv.mjs).
  const child = spawn(process.execPath, SERVER_COMMAND[from](), {
    cwd,
    env: from === 'compiled' ? serverEnv(base) : base,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  // What the last health check got (a status, or why the request failed), for the error below.
  let lastCheck: string | undefined;
  for (;;) {
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
      lastCheck = `HTTP ${res.status}`;
    } catch (err) {
      lastCheck = describeFetchError(err as Error); // not listening yet, most often
    }
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was healthy`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy within 60 s (the last check: ${lastCheck})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
