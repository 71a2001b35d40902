import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hashToken } from '../../server/lib/secrets';
import { setAdminPassword } from '../../server/modules/admin/adminPassword';
import { createAdmin } from '../../server/modules/admin/admins';
import { enrolWithSecret } from '../../server/modules/admin/secondFactor';
import { totpCode } from '../support/totp';
import { ADMIN_ENV } from './admin.helpers';
import {
  call,
  PASSWORD,
  resetTokenIn,
  signUp,
  startTestApp,
  unfoldMail,
  uniqueEmail,
  verifyAddress,
  waitForMailsTo,
  type TestApp,
} from './helpers';

/**
 * Issue 32, point 1: no one can keep an account's owner from signing in. The attack: wrong passwords for the
 * victim's email from any address, each sent as soon as Retry-After allows, which keeps the account's throttle
 * (sign_in_failures) waiting for ever. A browser that signed in to the account before holds a device credential
 * (the `device-token` header): it is not held by the account's throttle, only by its own failures, while unknown
 * devices (the attacker's, and the owner's new ones) stay throttled. A reset or a change of password ends the
 * throttle. The waits are shortened (at most 1 s) so the attack runs for real, Retry-After honoured.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    ...ADMIN_ENV,
    SIGN_IN_FREE_FAILURES: '3',
    SIGN_IN_MAX_DELAY_SECONDS: '1',
    SIGN_IN_DEVICE_LOCKOUT_FAILURES: '6',
  });
});
afterAll(() => t.close());

type Kind = 'customer' | 'admin';
const SIGN_IN_URL: Record<Kind, string> = { customer: '/api/auth/loginuser', admin: '/api/admin/login' };

interface Attempt {
  email: string;
  password: string;
  code?: string;
  device?: string;
  ip?: string;
}
const signIn = (kind: Kind, { email, password, code, device, ip = '10.9.0.1' }: Attempt) =>
  t.app
    .inject({
      method: 'POST',
      url: SIGN_IN_URL[kind],
      payload: code === undefined ? { email, password } : { email, password, code },
      headers: device === undefined ? {} : { 'device-token': device },
      remoteAddress: ip,
    })
    .then((r) => ({
      status: r.statusCode,
      body: r.json() as Record<string, unknown>,
      retryAfter: r.headers['retry-after'],
    }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SIGN_IN_FREE_FAILURES in this file. */
const FREE = 3;

/**
 * The attacker: `rounds` wrong passwords from a new address each, every one sent once the wait its 429 named is over
 * (the first FREE failures start the throttle). After each that keeps the throttle up, `meanwhile` runs.
 */
async function attack(kind: Kind, email: string, rounds: number, meanwhile: () => Promise<void> = async () => {}) {
  let sent = 0;
  for (let ip = 1; sent < rounds; ip++) {
    const answer = await signIn(kind, { email, password: 'not-the-password', ip: `10.66.${ip >> 8}.${ip & 255}` });
    if (answer.status === 429) {
      await sleep(Number(answer.retryAfter) * 1000 + 50);
      continue;
    }
    expect(answer.status).toBe(401);
    sent++;
    if (sent >= FREE) await meanwhile();
  }
}

/** The row of the account's throttle (null: none). */
const throttleRow = async (kind: Kind, email: string) =>
  (
    await t.app.db.query<{ failures: number }>('select failures from sign_in_failures where kind = $1 and email = $2', [
      kind,
      email.toLowerCase(),
    ])
  ).rows[0] ?? null;

describe('a customer under attack', () => {
  it('signs in from a browser that signed in before, every time, while unknown devices get 429', async () => {
    const { email } = await signUp(t.app);
    const first = await signIn('customer', { email, password: PASSWORD });
    expect(first.status).toBe(200);
    const device = first.body.deviceToken as string;
    expect(device).toMatch(/^[\w-]{40,}$/);

    let ownerIn = 0;
    await attack('customer', email, 6, async () => {
      // Right after the attacker's failure the account's throttle holds every unknown device, the owner's new one too…
      const unknown = await signIn('customer', { email, password: PASSWORD, ip: '10.1.1.1' });
      expect(unknown).toMatchObject({ status: 429, retryAfter: '1' });
      expect(unknown.body.error).toMatch(/browser you signed in with before/);
      // …and the owner's known browser signs in with the right password.
      const owner = await signIn('customer', { email, password: PASSWORD, device, ip: '10.1.1.1' });
      expect(owner.status).toBe(200);
      expect(owner.body.authtoken).toEqual(expect.any(String));
      ownerIn++;
    });
    expect(ownerIn).toBe(6 - FREE + 1);
    // The owner's successes did not end the throttle the attacker keeps up.
    expect(await throttleRow('customer', email)).not.toBeNull();
  });

  it('a device credential of another account, or a made-up one, is an unknown device', async () => {
    const victim = await signUp(t.app);
    const attacker = await signUp(t.app);
    const own = (await signIn('customer', { email: attacker.email, password: PASSWORD })).body.deviceToken as string;
    await attack('customer', victim.email, 3);
    for (const device of [own, 'made-up-device-token-made-up-device-token-made-up']) {
      expect(await signIn('customer', { email: victim.email, password: PASSWORD, device })).toMatchObject({
        status: 429,
      });
    }
  });

  it('a device credential is held by its own failures only: past its free failures it waits, and too many lock it out', async () => {
    const { email } = await signUp(t.app);
    const device = (await signIn('customer', { email, password: PASSWORD })).body.deviceToken as string;
    const fromDevice = (password: string) => signIn('customer', { email, password, device });
    for (let i = 0; i < 3; i++) expect((await fromDevice('wrong password')).status).toBe(401);
    // Its own free failures are used up: it waits (the account's throttle has counted none of them).
    expect(await fromDevice(PASSWORD)).toMatchObject({ status: 429, retryAfter: '1' });
    expect(await throttleRow('customer', email)).toBeNull();
    // Three more failures (its waits moved back rather than slept) reach the lockout of 6: the credential is gone.
    for (let i = 0; i < 3; i++) {
      await t.app.db.query(
        `update device_credentials set last_failure_at = now() - interval '1 hour' where token_hash = $1`,
        [hashToken(device)],
      );
      expect((await fromDevice('wrong password')).status).toBe(401);
    }
    const { rows } = await t.app.db.query('select 1 from device_credentials where token_hash = $1', [
      hashToken(device),
    ]);
    expect(rows).toEqual([]);
    // Now an unknown device: the account's throttle counts it (three free failures, then a wait).
    for (let i = 0; i < 3; i++) expect((await fromDevice('wrong password')).status).toBe(401);
    expect((await fromDevice(PASSWORD)).status).toBe(429);
  });

  it("a known browser's success starts its count again and moves its expiry to SIGN_IN_DEVICE_DAYS from now", async () => {
    const { email } = await signUp(t.app);
    const device = (await signIn('customer', { email, password: PASSWORD })).body.deviceToken as string;
    await t.app.db.query(`update device_credentials set expires_at = now() + interval '1 day' where token_hash = $1`, [
      hashToken(device),
    ]);
    for (let i = 0; i < 2; i++)
      expect((await signIn('customer', { email, password: 'wrong', device })).status).toBe(401);
    const again = await signIn('customer', { email, password: PASSWORD, device });
    expect(again.status).toBe(200);
    // The browser keeps the credential it has: none new is answered.
    expect(again.body).not.toHaveProperty('deviceToken');
    const { rows } = await t.app.db.query<{ failures: number; days: number }>(
      `select failures, round(extract(epoch from expires_at - now()) / 86400)::int as days
         from device_credentials where token_hash = $1`,
      [hashToken(device)],
    );
    expect(rows).toEqual([{ failures: 0, days: 90 }]);
  });

  it('of 20 wrong passwords sent at once from one browser, one is checked on its credential, which is then gone', async () => {
    const { email } = await signUp(t.app);
    const device = (await signIn('customer', { email, password: PASSWORD })).body.deviceToken as string;
    // One failure short of the lockout (6), the last an hour ago: the next attempt may go, and only that one.
    await t.app.db.query(
      `update device_credentials set failures = 5, last_failure_at = now() - interval '1 hour' where token_hash = $1`,
      [hashToken(device)],
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn('customer', { email, password: 'wrong password', device, ip: `10.5.0.${i + 1}` }),
      ),
    );
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked + answers.filter((a) => a.status === 429).length).toBe(20);
    const { rows } = await t.app.db.query('select 1 from device_credentials where token_hash = $1', [
      hashToken(device),
    ]);
    expect(rows).toEqual([]);
    // One was checked on the credential; any other that got past it found it deleted and counted as an unknown device.
    expect((await throttleRow('customer', email))?.failures ?? 0).toBe(checked - 1);
  });

  it('a password reset ends the throttle: the new password signs in at once from an unknown device', async () => {
    const { email } = await signUp(t.app);
    await verifyAddress(t, email);
    await attack('customer', email, 4);
    expect(await signIn('customer', { email, password: PASSWORD })).toMatchObject({ status: 429 });

    expect((await call(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } })).status).toBe(
      200,
    );
    const mails = await waitForMailsTo(t.dataDir, email, 2);
    const resetMail = mails.find((m) => m.includes('/resetpass/'))!;
    const newPassword = 'a brand new passphrase 7';
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetTokenIn(resetMail), password: newPassword },
    });
    expect(reset.status).toBe(200);
    expect(await throttleRow('customer', email)).toBeNull();
    expect(await signIn('customer', { email, password: newPassword })).toMatchObject({ status: 200 });
  });

  it('a change of password from a signed-in browser works during the attack and ends the throttle', async () => {
    const { email, token } = await signUp(t.app);
    await attack('customer', email, 4);
    expect(await signIn('customer', { email, password: PASSWORD })).toMatchObject({ status: 429 });
    const newPassword = 'another new passphrase 8';
    const changed = await call(t.app, {
      method: 'PUT',
      url: '/api/auth/password',
      token,
      payload: { currentPassword: PASSWORD, newPassword },
    });
    expect(changed).toEqual({ status: 200, body: { success: true } });
    expect(await throttleRow('customer', email)).toBeNull();
    expect(await signIn('customer', { email, password: newPassword })).toMatchObject({ status: 200 });
  });

  it("the owner's notice says the account is being guessed at, and how to still sign in", async () => {
    const { email } = await signUp(t.app);
    await verifyAddress(t, email);
    await attack('customer', email, 3);
    const mails = await waitForMailsTo(t.dataDir, email);
    const notice = mails.find((m) => m.includes('Subject: Failed sign-ins'))!;
    // The plain-text part (the HTML part says the same).
    const text = unfoldMail(notice).split('Content-Type: text/html')[0];
    expect(/someone may be guessing/i.test(text)).toBe(true);
    expect(/browser you signed in with before/.test(text)).toBe(true);
    expect(/reset your password/i.test(text)).toBe(true);
  });
});

describe('an admin under attack', () => {
  const admin = { email: 'attacked-admin@example.com', password: 'attacked-admin-pw-1' };
  const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
  /** A code that is the first use of its step (a code is accepted once). */
  async function freshCode() {
    await t.app.db.query('update admins set totp_last_step = null where email = $1', [admin.email]);
    return totpCode(SECRET);
  }
  beforeAll(async () => {
    await createAdmin(t.app.db, admin.email, admin.password);
    await enrolWithSecret(t.app.db, admin.email, SECRET, null);
  });

  it('signs in (password and code) from a browser that signed in before, while unknown devices get 429', async () => {
    const first = await signIn('admin', { ...admin, code: await freshCode() });
    expect(first.status).toBe(200);
    const device = first.body.deviceToken as string;
    expect(device).toMatch(/^[\w-]{40,}$/);
    const session = first.body.authtoken as string;

    await attack('admin', admin.email, 4, async () => {
      const unknown = await signIn('admin', { ...admin, code: await freshCode() });
      expect(unknown).toMatchObject({ status: 429, retryAfter: '1' });
      // The first step (no code) and then the code, from the known browser.
      expect(await signIn('admin', { ...admin, device })).toMatchObject({
        status: 401,
        body: { secondFactor: 'totp' },
      });
      expect(await signIn('admin', { ...admin, device, code: await freshCode() })).toMatchObject({ status: 200 });
    });
    // A wrong code from the known browser counts on that browser, not on the account's throttle.
    const before = (await throttleRow('admin', admin.email))!.failures;
    expect(await signIn('admin', { ...admin, device, code: '000000' })).toMatchObject({ status: 401 });
    expect((await throttleRow('admin', admin.email))!.failures).toBe(before);
    const { rows } = await t.app.db.query<{ failures: number }>(
      `select failures from device_credentials where admin_id = (select id from admins where email = $1)`,
      [admin.email],
    );
    expect(rows.map((r) => r.failures)).toContain(1);

    // The signed-in session proves the known browser: its fresh code is not held by the account's throttle.
    const verify = await call(t.app, {
      method: 'POST',
      url: '/api/admin/2fa/verify',
      token: session,
      payload: { code: await freshCode() },
    });
    expect(verify).toEqual({ status: 200, body: { success: true } });

    // And its change of password ends the throttle: the new password signs in at once from an unknown device.
    const newPassword = 'attacked-admin-pw-2';
    const changed = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/password',
      token: session,
      payload: { currentPassword: admin.password, newPassword },
    });
    expect(changed).toEqual({ status: 200, body: { success: true } });
    expect(await throttleRow('admin', admin.email)).toBeNull();
    expect(
      await signIn('admin', { email: admin.email, password: newPassword, code: await freshCode(), ip: '10.2.2.2' }),
    ).toMatchObject({ status: 200 });
  });
});

it("an admin's password set with `npm run admin -- password` ends the throttle too", async () => {
  const admin = { email: 'cli-reset-admin@example.com', password: 'cli-reset-admin-pw-1' };
  await createAdmin(t.app.db, admin.email, admin.password);
  await attack('admin', admin.email, 3);
  expect(await throttleRow('admin', admin.email)).not.toBeNull();
  await setAdminPassword(t.app.db, admin.email, 'cli-reset-admin-pw-2');
  expect(await throttleRow('admin', admin.email)).toBeNull();
  // No second factor yet: the new password opens the enrolment at once.
  expect(await signIn('admin', { email: admin.email, password: 'cli-reset-admin-pw-2', ip: '10.3.3.3' })).toMatchObject(
    { status: 200, body: { enrolmentRequired: true } },
  );
});

it('an unknown email is answered as a known one: no device credential tells them apart', async () => {
  const unknown = uniqueEmail('nobody');
  for (let i = 0; i < 3; i++) expect((await signIn('customer', { email: unknown, password: 'x' })).status).toBe(401);
  expect(await signIn('customer', { email: unknown, password: PASSWORD, device: 'whatever-token' })).toMatchObject({
    status: 429,
  });
});
