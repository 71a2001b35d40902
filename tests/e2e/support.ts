import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { isOutboxMail } from '../../server/modules/mail/outboxFiles';
import { COMPLETE_PROFILE, PASSWORD, uniqueEmail } from '../support/fixtures';
import { totpCode } from '../support/totp';

export { uniqueEmail };

/** Collects the text of every alert() the page shows, accepting each one. */
export function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

/** The ADMIN_EMAIL / ADMIN_PASSWORD each worker's server starts with (test.ts), and its ADMIN_TOTP_SECRET. */
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };
export const E2E_ADMIN_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** The last 30-second step whose code this worker has used, per secret (its server takes each step once). */
const usedSteps = new Map<string, number>();

/**
 * A code of `secret` that this worker's server has not taken yet: the current step's, else the next step's (the
 * server accepts one step either side for clock drift), else, when both were used, the next one after waiting for
 * the clock. The server refuses a step at or before the last it accepted (replay protection), so codes are never
 * made up for a step already used.
 */
export async function freshTotpCode(secret = E2E_ADMIN_TOTP_SECRET): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, (usedSteps.get(secret) ?? -1) + 1);
    if (step <= now + 1) {
      usedSteps.set(secret, step);
      return totpCode(secret, step * 30_000 + 1000);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Signs the e2e admin in on the /admin form already open in `page`: password, then a fresh code; lands on its orders. */
export async function signInOnAdminForm(page: Page) {
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'SignIn' }).click();
  await page.getByLabel('Authentication code').fill(await freshTotpCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/adminorders$/);
}

/** The admin's credentials with a fresh code, as POST /api/admin/login takes them. */
export async function adminCredentials() {
  return { ...E2E_ADMIN, code: await freshTotpCode() };
}

/** The emails in the worker's server's outbox (SMTP_URL is unset in tests) sent to `to`, newest first. */
function mailsTo(to: string): string[] {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter(isOutboxMail).sort().reverse() : [];
  return files.map((file) => fs.readFileSync(path.join(outbox, file), 'utf8')).filter((m) => m.includes(`To: ${to}`));
}

/** Tells the email-verification email, which every sign-up sends, from the mail a test is about. */
const isVerificationMail = (mail: string) => mail.includes('Subject: Confirm your email address for Giftwise');

/**
 * The newest email sent to `to` (the verification email every sign-up sends aside, unless `verification`), or the
 * newest whose subject starts with `subject` (placing an order sends an email too). Mail goes out from the server's
 * queue in the background, so this waits for it (up to `timeoutMs`).
 */
export async function latestMailTo(
  to: string,
  timeoutMs = 10_000,
  { verification = false, subject }: { verification?: boolean; subject?: string } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mailsTo(to).find(
      (m) => isVerificationMail(m) === verification && (!subject || m.includes(`Subject: ${subject}`)),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no email to ${to} in the outbox`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Verifies a customer's address as the customer does, for tests whose mail needs a verified address: takes the
 * link from the verification email in the outbox and confirms it, in the page (`page`: opens the link and presses
 * the button) or as the page does (`request`: posts the link's token).
 */
export async function verifyEmail(via: { page: Page } | { request: APIRequestContext }, email: string) {
  const link = linkIn(await latestMailTo(email, 10_000, { verification: true }));
  if ('page' in via) {
    await via.page.goto(link);
    await via.page.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect(via.page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();
    return;
  }
  const token = new URL(link).pathname.split('/').pop();
  const res = await via.request.post('/api/auth/verify-email', { data: { token } });
  expect(res.status(), 'email verification').toBe(200);
}

/** The first http(s) link in a plain-text email, with quoted-printable soft breaks undone. */
export function linkIn(mail: string): string {
  const body = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/\S+/.exec(body);
  if (!match) throw new Error('no link in email');
  return match[0];
}

/**
 * A new customer signed up through the API with a complete profile (so /orders opens rather than
 * sending them to /profile): the screens that sign up and fill the profile are tested on their own.
 */
export async function newCustomer(
  request: APIRequestContext,
  name = 'Test Customer',
): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('e2e');
  const signUp = await request.post('/api/auth/createUser', { data: { name, email, password: PASSWORD } });
  expect(signUp.status(), 'customer sign-up').toBe(201);
  const token = ((await signUp.json()) as { authtoken: string }).authtoken;
  const profile = await request.put('/api/auth/updateUser', {
    headers: { 'auth-token': token },
    data: { ...COMPLETE_PROFILE, name, cardHolderName: name },
  });
  expect(profile.status(), 'customer profile').toBe(200);
  return { email, token };
}
