import type net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HOSTILE_FILES, type HostileFile } from '../support/hostileContactFiles';
import { signUp, startTestApp, type TestApp } from './helpers';

/**
 * Issue 32: one import request of a 1 MB file shaped against the readers stalled an instance for 42 s. Each such
 * file now answers within 1 s of CPU (it takes 10-320 ms here), and the event loop keeps serving /healthz meanwhile.
 * CPU is what is held to the second, not wall time: on a shared 2-core machine the process waits for a core too. The
 * event loop's longest stall is bounded in wall time as well, far below the 42 s but generously (755 ms was seen for
 * 320 ms of CPU on a busy machine), so that it fails on a stall and not on the machine's load.
 */
const CPU_MAX_MS = 1000;
const LOOP_STALL_MAX_MS = 2000;

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ REMINDER_SWEEP_SECONDS: '86400' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
  // A first import of each format compiles the readers' code, which is not what the tests measure.
  const { token } = await signUp(t.app);
  for (const file of HOSTILE_FILES) await send('/api/people/import/preview', token, file);
});
afterAll(() => t.close());

/** Sends the file to an import call over HTTP: its status and body. */
async function send(url: string, token: string, file: HostileFile) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'auth-token': token },
    body: JSON.stringify({ format: file.format, content: file.content }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Asks /healthz over and over until `done`, one request at a time: how many answered 200, and how many did not. */
async function pollHealth(done: () => boolean) {
  const counts = { ok: 0, failed: 0 };
  while (!done()) {
    const res = await fetch(`${base}/healthz`).catch(() => null);
    if (res?.status === 200) counts.ok += 1;
    else counts.failed += 1;
    await res?.arrayBuffer();
  }
  return counts;
}

describe.each(['/api/people/import/preview', '/api/people/import'])('%s with a hostile 1 MB file', (url) => {
  it.each(HOSTILE_FILES.map((f) => [f.what, f] as const))(
    '%s: answered within 1 s of CPU, /healthz served meanwhile, nothing written',
    async (_what, file) => {
      const { token, email } = await signUp(t.app);
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      let answered = false;
      const cpuBefore = process.cpuUsage();
      const request = send(url, token, file);
      const health = pollHealth(() => answered);
      const res = await request.finally(() => (answered = true));
      const cpu = process.cpuUsage(cpuBefore);
      loop.disable();
      const healthCounts = await health;

      if (file.refusal) {
        expect(res).toEqual({
          status: file.refusal.status,
          body: { success: false, error: expect.stringContaining(file.refusal.message) },
        });
      } else {
        expect(res).toMatchObject({ status: 200, body: { success: true, data: { add: [] } } });
      }
      // The whole process's CPU: the server's work and its PGlite, and this test's polling too.
      expect((cpu.user + cpu.system) / 1000).toBeLessThan(CPU_MAX_MS);
      expect(loop.max / 1e6).toBeLessThan(LOOP_STALL_MAX_MS);
      expect(healthCounts.failed).toBe(0);
      const { rows } = await t.app.db.query<{ n: number }>(
        'select count(*)::int as n from people p join users u on u.id = p.user_id where u.email = lower($1)',
        [email],
      );
      expect(rows[0].n).toBe(0);
    },
  );
});
