import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { randomTestPort } from '../support/ports';
import { createDatabase } from '../support/postgres';
import { spawnServer, type ServerProcess } from '../support/serverProcess';
import { totpCode } from '../support/totp';

/**
 * Several server processes on one PostgreSQL behave as one: sessions and status changes made through
 * one are seen by the other, and a concurrent status move from both is won by exactly one.
 */
const ADMIN = { email: 'multi-admin@example.com', password: 'multi admin password' };
const ADMIN_TOTP_SECRET = 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U';
const BASE_PORT = randomTestPort(3990, 10, { step: 2, offsets: [0, 1] });
let a: ServerProcess;
let b: ServerProcess;
let dropDatabase: () => Promise<void>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-multi-'));

async function api(server: ServerProcess, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { 'auth-token': token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & Array<Record<string, unknown>> };
}

beforeAll(async () => {
  const database = await createDatabase(inject('postgresUrl'), 'giftwise_multi');
  dropDatabase = database.drop;
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_TOTP_SECRET: ADMIN_TOTP_SECRET,
  };
  // Both start at once: migrations and the admin bootstrap must not race.
  [a, b] = await Promise.all([spawnServer(env, BASE_PORT), spawnServer(env, BASE_PORT + 1)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('two servers on one PostgreSQL', () => {
  it('share sessions, orders and the status workflow; a concurrent move is won by exactly one', async () => {
    const email = `multi.${Date.now()}@example.com`;
    const signUp = await api(a, 'POST', '/api/auth/createUser', { name: 'Multi', email, password: 'multi password 1' });
    const token = signUp.body.authtoken as string;
    expect((await api(b, 'GET', '/api/auth/check', undefined, token)).status).toBe(200);

    const profile = await api(
      b,
      'PUT',
      '/api/auth/updateUser',
      {
        name: 'Multi',
        address: '3 Shared Street',
        phno: '5550004444',
        cardHolderName: 'Multi',
        cardNumber: '4242424242424242',
        cvv: '123',
        cardExpirationMonth: 6,
        cardExpirationYear: new Date().getFullYear() + 3,
        billingZipCode: '20002',
      },
      token,
    );
    expect(profile.status).toBe(200);

    // Ten days ahead: a curated gift (the default option) needs a week.
    const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const order = await api(
      a,
      'POST',
      '/api/gifts/addgift',
      {
        recipientName: 'Shared Friend',
        relationship: 'Friend',
        occasion: 'Anniversary',
        address: '4 Gift Road',
        phoneNumber: '5550005555',
        email: 'friend@example.com',
        interests: 'Tea',
        budget: '40',
        date,
      },
      token,
    );
    expect(order.status).toBe(201);
    const orders = (await api(b, 'GET', '/api/gifts/getgifts', undefined, token)).body;
    expect(orders.map((o) => o.recipientName)).toEqual(['Shared Friend']);
    const id = orders[0]._id as string;

    // Each code is taken once on either server: B gets the next step's code (accepted for clock drift).
    const code = totpCode(ADMIN_TOTP_SECRET);
    const adminA = (await api(a, 'POST', '/api/admin/login', { ...ADMIN, code })).body.authtoken as string;
    expect((await api(b, 'POST', '/api/admin/login', { ...ADMIN, code })).status).toBe(401);
    const nextCode = totpCode(ADMIN_TOTP_SECRET, Date.now() + 30_000);
    const adminB = (await api(b, 'POST', '/api/admin/login', { ...ADMIN, code: nextCode })).body.authtoken as string;
    expect((await api(b, 'GET', '/api/admin/check', undefined, adminA)).status).toBe(200);

    // Both admins saw the order as new (the SPA sends that as `from`); one proceeds, the other rejects.
    const [viaA, viaB] = await Promise.all([
      api(a, 'PUT', `/api/admin/updateGiftStatus/${id}`, { status: 'processed', from: 'new' }, adminA),
      api(b, 'PUT', `/api/admin/updateGiftStatus/${id}`, { status: 'rejected', from: 'new' }, adminB),
    ]);
    const statuses = [viaA.status, viaB.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = viaA.status === 200 ? 'processed' : 'rejected';
    const details = await api(b, 'POST', '/api/admin/getOrderDetails', { order_id: id }, adminB);
    expect((details.body.orderDetails as Record<string, unknown>).status).toBe(winner);
    const seenByCustomer = (await api(a, 'GET', '/api/gifts/getgifts', undefined, token)).body;
    expect(seenByCustomer[0].status).toBe(winner);

    // A client sending only the status, as the contract allows: both press Proceed on one new order; one wins,
    // the other finds it already processed, whichever way the two requests interleave.
    const second = await api(
      b,
      'POST',
      '/api/gifts/addgift',
      {
        recipientName: 'Second Friend',
        relationship: 'Friend',
        occasion: 'Birthday',
        address: '5 Gift Road',
        phoneNumber: '5550006666',
        email: 'second@example.com',
        interests: 'Books',
        budget: '25',
        date,
      },
      token,
    );
    expect(second.status).toBe(201);
    const secondId = second.body._id as string;
    const both = await Promise.all([
      api(a, 'PUT', `/api/admin/updateGiftStatus/${secondId}`, { status: 'processed' }, adminA),
      api(b, 'PUT', `/api/admin/updateGiftStatus/${secondId}`, { status: 'processed' }, adminB),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const history = await api(a, 'POST', '/api/admin/getOrderDetails', { order_id: secondId }, adminA);
    const events = (history.body.orderDetails as { statusHistory: Array<{ toStatus: string }> }).statusHistory;
    expect(events.map((e) => e.toStatus)).toEqual(['new', 'processed']);

    expect((await api(a, 'POST', '/api/auth/logout', undefined, token)).status).toBe(200);
    expect((await api(b, 'GET', '/api/auth/check', undefined, token)).status).toBe(401);
  });
});
