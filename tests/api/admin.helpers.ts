import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config/config';
import { verifyPassword } from '../../server/lib/secrets';
import { createSession } from '../../server/modules/accounts/sessions';
import { isoDateFromNow, orderInput } from '../support/fixtures';
import { totpCode } from '../support/totp';
import { signUpWithProfile, verifyAddress } from './helpers';

/** The admin every shared test app starts with (ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_TOTP_SECRET). */
export const TEST_ADMIN = {
  email: 'boss@example.com',
  password: 'boss-password-1',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};
export const ADMIN_ENV = {
  ADMIN_EMAIL: TEST_ADMIN.email,
  ADMIN_PASSWORD: TEST_ADMIN.password,
  ADMIN_TOTP_SECRET: TEST_ADMIN.totpSecret,
};

/**
 * An admin session for the tests that are not about signing in: the password is checked against the stored hash
 * as sign-in checks it, and the session is made by the server's own function with its second factor passed now.
 * Signing in over HTTP takes a TOTP code, and a code is accepted once: a file that signs in several times within
 * one 30-second step would be refused by the replay protection. The sign-in route itself, codes, replay and
 * enrolment are tested in admin-totp.test.ts.
 */
export async function adminLogin(
  app: FastifyInstance,
  email = TEST_ADMIN.email,
  password = TEST_ADMIN.password,
): Promise<string> {
  const { rows } = await app.db.query<{ id: string; password_hash: string }>(
    'select id, password_hash from admins where lower(email) = lower($1)',
    [email.trim()],
  );
  if (!(await verifyPassword(rows[0]?.password_hash, password))) throw new Error(`admin login failed for ${email}`);
  return createSession(app.db, 'admin', rows[0].id, {
    lifetime: app.config.adminSession,
    start: { secondFactorPassed: true },
  });
}

/**
 * Signs the test admin in over HTTP as a client does (password and a code from its TOTP secret), for tests that
 * need what the sign-in request itself records (the device's browser and address). A code is accepted once per
 * 30-second step (admin-totp.test.ts proves it); so that a file may sign in this way more than once a step, the
 * admin's last accepted step is cleared first and each sign-in is the first use of the current code.
 */
export async function adminSignInOverHttp(
  app: FastifyInstance,
  request: { headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<string> {
  await app.db.query('update admins set totp_last_step = null where lower(email) = lower($1)', [TEST_ADMIN.email]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password, code: totpCode(TEST_ADMIN.totpSecret) },
    ...request,
  });
  if (res.statusCode !== 200) throw new Error(`admin sign-in answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { authtoken: string }).authtoken;
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
