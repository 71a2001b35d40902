import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { randomTestPort } from '../support/ports';
import { createDatabase } from '../support/postgres';
import { spawnServer, type ServerProcess } from '../support/serverProcess';

/**
 * Two server processes on one PostgreSQL allow one client AUTH_RATE_LIMIT attempts a minute between them,
 * not that many each: the count is kept in the database, whichever instance a request reaches.
 */
const LIMIT = 4;
const ADMIN = { email: 'limits-admin@example.com', password: 'limits admin password' };
const BASE_PORT = randomTestPort(4400, 80, { step: 2, offsets: [0, 1] });
let a: ServerProcess;
let b: ServerProcess;
let dropDatabase: (() => Promise<void>) | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-limits-'));

beforeAll(async () => {
  const database = await createDatabase(inject('postgresUrl'), 'giftwise_limits');
  dropDatabase = database.drop;
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_RATE_LIMIT: String(LIMIT),
  };
  [a, b] = await Promise.all([spawnServer(env, BASE_PORT), spawnServer(env, BASE_PORT + 1)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function post(server: ServerProcess, url: string, body: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; error?: string } };
}

describe('rate limits with two servers on one PostgreSQL', () => {
  it('a client alternating between them is refused at the (limit + 1)th sign-in, by either', async () => {
    const wrong = { email: 'nobody@example.com', password: 'not the password' };
    const statuses = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await post(i % 2 ? b : a, '/api/auth/loginuser', wrong)).status);
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), 429]);
    const other = await post(statuses.length % 2 ? b : a, '/api/auth/loginuser', wrong);
    expect(other.status).toBe(429);
    expect(other.body.error).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
  });

  it('concurrent admin sign-ins spread over both: exactly the limit are let through', async () => {
    const wrong = { email: ADMIN.email, password: 'a wrong password' };
    const answers = await Promise.all(
      Array.from({ length: 3 * LIMIT }, (_, i) => post(i % 2 ? b : a, '/api/admin/login', wrong)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * LIMIT);
  });
});
