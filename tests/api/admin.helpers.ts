import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config/config';
import { isoDateFromNow, orderInput } from '../support/fixtures';
import { call, signUpWithProfile, verifyAddress } from './helpers';

/** The admin every shared test app starts with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const TEST_ADMIN = { email: 'boss@example.com', password: 'boss-password-1' };
export const ADMIN_ENV = { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password };

export async function adminLogin(
  app: FastifyInstance,
  email = TEST_ADMIN.email,
  password = TEST_ADMIN.password,
): Promise<string> {
  const res = await call(app, { method: 'POST', url: '/api/admin/login', payload: { email, password } });
  if (res.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
  return res.body.authtoken as string;
}

/** The order the admin tests seed: the shared fixture, with values of its own to tell it apart. */
export const ORDER_FIELDS = orderInput({
  address: '4 Elm Road, Springfield',
  budget: '75',
  comments: 'Wrap it in blue',
  date: isoDateFromNow(20),
});
export type OrderFields = typeof ORDER_FIELDS;

/**
 * Places an order by writing the row directly (the customer gifts API is another module):
 * for a new customer with a complete profile unless `userId` is given.
 */
export async function seedOrder(
  app: FastifyInstance,
  options: Partial<OrderFields> & { status?: string; userId?: string } = {},
): Promise<{ id: string; userId: string; fields: OrderFields }> {
  const { status = 'new', userId: givenUser, ...overrides } = options;
  const userId = givenUser ?? (await seedCustomer(app)).userId;
  const fields = { ...ORDER_FIELDS, ...overrides };
  const { rows } = await app.db.query<{ id: string }>(
    `insert into gift_orders (user_id, recipient_name, relationship, occasion, gender, address, phone_number, email,
       interests, budget, default_option, comments, date, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id`,
    [
      userId,
      fields.recipientName,
      fields.relationship,
      fields.occasion,
      fields.gender,
      fields.address,
      fields.phoneNumber,
      fields.email,
      fields.interests,
      fields.budget,
      fields.defaultOption,
      fields.comments,
      fields.date,
      status,
    ],
  );
  return { id: rows[0].id, userId, fields };
}

/** A customer with a complete profile (card 4242 4242 4242 4242) and a verified address: their token, email and id. */
export async function seedCustomer(app: FastifyInstance) {
  const customer = await signUpWithProfile(app);
  await verifyAddress({ app }, customer.email);
  const { rows } = await app.db.query<{ id: string }>('select id from users where email = $1', [customer.email]);
  return { ...customer, userId: rows[0].id };
}

export async function orderStatus(app: FastifyInstance, id: string): Promise<string> {
  const { rows } = await app.db.query<{ status: string }>('select status from gift_orders where id = $1', [id]);
  return rows[0].status;
}

export async function eventCount(app: FastifyInstance, orderId?: string): Promise<number> {
  const { rows } = orderId
    ? await app.db.query<{ n: number }>('select count(*)::int as n from order_status_events where order_id = $1', [
        orderId,
      ])
    : await app.db.query<{ n: number }>('select count(*)::int as n from order_status_events');
  return rows[0].n;
}

/** Captures the JSON log lines of an app. */
export function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

/** The real app on a given DATA_DIR (to restart on the same database), with its log captured. */
export async function openAppOn(dataDir: string, env: Record<string, string> = {}) {
  const log = captureLog();
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    AUTH_RATE_LIMIT: '1000',
    NOTE_RATE_LIMIT: '1000',
    ...env,
  });
  const app = await buildApp(config, { logger: log.logger });
  await app.ready();
  return { app, log: log.lines };
}
