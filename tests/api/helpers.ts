import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';

import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config/config';
import { VERIFICATION_SUBJECT } from '../../server/modules/accounts/emailVerification';
import { isOutboxMail } from '../../server/modules/mail/outboxFiles';
import type { LoggerChoice } from '../../server/plugins/logging';
import { COMPLETE_PROFILE, PASSWORD, uniqueEmail } from '../support/fixtures';
import { copyPgliteTemplate } from '../support/pgliteTemplate';
import { createDatabase } from '../support/postgres';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** The PostgreSQL database in the api-postgres project (a second server may open it too); undefined on PGlite. */
  databaseUrl?: string;
  close: () => Promise<void>;
}

/**
 * A new temporary DATA_DIR with a migrated PGlite database in it, copied from the one the global setup made for
 * this run (pglite.global-setup.ts): for a test that opens the app on a DATA_DIR of its own.
 */
export function migratedDataDir(prefix = 'giftwise-api-'): string {
  return copyPgliteTemplate(inject('pgliteTemplate'), prefix);
}

/** Every LEAD_DAYS_* setting at 0. */
const NO_LEAD_DAYS = Object.fromEntries(
  ['NONE', 'FLOWERS', 'CHOCOLATE', 'CAKE', 'GIFTCARD'].map((option) => [`LEAD_DAYS_${option}`, '0']),
);

/**
 * The real server on a fresh, migrated database in a temporary DATA_DIR: a copy of the run's PGlite template in
 * the `api` project, a new database copied from the migrated template on a real PostgreSQL server in the
 * `api-postgres` project.
 * `env` overrides settings such as rate limits, the daily mail budget and the lead times (generous by default so only
 * the tests about them hit them).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    logger?: LoggerChoice;
    /** Runs on the migrated database before the app is ready (before its background jobs first run). */
    beforeReady?: (app: FastifyInstance) => Promise<void>;
    /**
     * Keeps every email in the queue (the mail worker stopped once ready), for files that read what was queued: a
     * sent row no longer holds its body, so a worker running beside the test makes that read a race.
     */
    holdMail?: boolean;
  } = {},
): Promise<TestApp> {
  const serverUrl = inject('postgresUrl');
  const dataDir = serverUrl ? fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-api-')) : migratedDataDir();
  // A DATABASE_URL in env opens that database (a second server on it): its owner creates and drops it.
  const database =
    serverUrl && !env.DATABASE_URL ? await createDatabase(serverUrl, undefined, inject('postgresTemplate')) : null;
  const config = loadConfig({
    ...(database ? { DATABASE_URL: database.url } : {}),
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    PUBLIC_URL: 'http://app.test',
    AUTH_RATE_LIMIT: '1000',
    NOTE_RATE_LIMIT: '1000',
    ORDER_WRITE_RATE_LIMIT: '1000',
    OCCASION_WRITE_RATE_LIMIT: '1000',
    MAIL_DAILY_LIMIT: '1000',
    RECIPIENT_MAIL_HOURLY_LIMIT: '1000',
    RECIPIENT_MAIL_DAILY_LIMIT: '1000',
    // No lead times (0: only the past-date rule), so that only the tests about them meet them.
    ...NO_LEAD_DAYS,
    ...env,
  });
  const app = await buildApp(config, { logger: options.logger ?? false });
  await options.beforeReady?.(app);
  await app.ready();
  if (options.holdMail) await app.mailWorker.stop();
  return {
    app,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? database?.url,
    close: async () => {
      await app.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The outbox emails (DATA_DIR/outbox, SMTP_URL unset) addressed to `to`, oldest first, verification emails too. */
function allMailsTo(dataDir: string, to: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  return (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter(isOutboxMail).sort() : [])
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    .filter((m) => m.includes(`To: ${to}`));
}

/** Tells the email-verification email, which every sign-up sends, from the mail a test is about. */
const isVerificationMail = (mail: string) => mail.includes(`Subject: ${VERIFICATION_SUBJECT}`);

/** The email-verification emails in the outbox addressed to `to`, oldest first. */
export const verificationMailsTo = (dataDir: string, to: string) => allMailsTo(dataDir, to).filter(isVerificationMail);

/**
 * The emails written to DATA_DIR/outbox addressed to `to`, oldest first, but for the verification email every
 * sign-up sends (verifyAddress reads that one).
 */
export function mailsTo(dataDir: string, to: string): string[] {
  return allMailsTo(dataDir, to).filter((m) => !isVerificationMail(m));
}

/** Waits until the mail worker has delivered `count` emails to `to` (mail goes out in the background). */
export async function waitForMailsTo(dataDir: string, to: string, count = 1, timeoutMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(dataDir, to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline)
      throw new Error(`expected ${count} email(s) to ${to} in the outbox, found ${mails.length}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Polls `check` until it returns a value that is not undefined/false. */
export async function until<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An outbox email's text as written: its quoted-printable soft line breaks and escaped `=` undone. */
export const unfoldMail = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** The token at the end of `path` in an email's link. */
function linkTokenIn(mail: string, path: string): string {
  const body = unfoldMail(mail);
  const match = new RegExp(`/${path}/([\\w-]+)`).exec(body);
  if (!match) throw new Error(`no /${path}/ link in email`);
  return match[1];
}

/** The reset token in a password-reset email. */
export const resetTokenIn = (mail: string) => linkTokenIn(mail, 'resetpass');

/** The token in an email-verification email. */
export const verifyTokenIn = (mail: string) => linkTokenIn(mail, 'verify-email');

/**
 * Verifies a customer's address, which mail other than the verification link and password resets waits for.
 * `'link'` does what the customer does: takes the link from the verification email in the outbox and posts its
 * token, as the /verify-email page does. `'sql'` (for tests about something else) marks it verified in the database.
 */
export async function verifyAddress(
  t: { app: FastifyInstance; dataDir?: string },
  email: string,
  how: 'link' | 'sql' = 'sql',
) {
  if (how === 'sql') {
    const { rowCount } = await t.app.db.query('update users set email_verified_at = now() where email = $1', [
      email.toLowerCase(),
    ]);
    if (rowCount !== 1) throw new Error(`no account for ${email}`);
    return;
  }
  const dataDir = t.dataDir;
  if (!dataDir) throw new Error("verifying by the link needs the app's DATA_DIR (its outbox)");
  const mails = await until(() => {
    const found = verificationMailsTo(dataDir, email);
    return found.length > 0 && found;
  }, `the verification email to ${email}`);
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: verifyTokenIn(mails[mails.length - 1]) },
  });
  if (res.status !== 200) throw new Error(`verification failed: ${JSON.stringify(res.body)}`);
}

export async function call(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  const response = await app.inject({ ...rest, headers: { ...headers, ...(token ? { 'auth-token': token } : {}) } });
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown> & { success: boolean; error?: string },
  };
}

/** Signs up a new customer; returns their token and email. */
export async function signUp(app: FastifyInstance, name = 'Test Customer') {
  const email = uniqueEmail();
  const res = await call(app, {
    method: 'POST',
    url: '/api/auth/createUser',
    payload: { name, email, password: PASSWORD },
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  return { token: res.body.authtoken as string, email };
}

/** Signs up a customer whose profile is complete, so they may order. */
export async function signUpWithProfile(app: FastifyInstance) {
  const customer = await signUp(app);
  const res = await call(app, {
    method: 'PUT',
    url: '/api/auth/updateUser',
    token: customer.token,
    payload: COMPLETE_PROFILE,
  });
  if (res.status !== 200) throw new Error(`profile failed: ${JSON.stringify(res.body)}`);
  return customer;
}

// The shared test data, for the API tests that already import it from here.
export { COMPLETE_PROFILE, PASSWORD, uniqueEmail };
