import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAdmin } from '../../server/modules/admin/admins';
import { enrolWithSecret } from '../../server/modules/admin/secondFactor';
import { totpCode } from '../support/totp';
import { ADMIN_ENV, adminLogin, TEST_ADMIN } from './admin.helpers';
import {
  call,
  mailsTo,
  PASSWORD,
  signUp,
  startTestApp,
  unfoldMail,
  uniqueEmail,
  waitForMailsTo,
  type TestApp,
} from './helpers';

/**
 * Sign-in throttling per account (issue 21, section 2): after SIGN_IN_FREE_FAILURES failures with one email, each
 * further attempt waits 1 s, 2 s, 4 s… (at most SIGN_IN_MAX_DELAY_SECONDS), from any address; the owner is emailed
 * once per burst; an unknown email gets the same answers. Every attempt here is an unknown device's (no device-token
 * header); a browser that signed in before is held by its own count instead (sign-in-lockout.test.ts).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ...ADMIN_ENV, SIGN_IN_FREE_FAILURES: '3', SIGN_IN_MAX_DELAY_SECONDS: '4' });
});
afterAll(() => t.close());

const customerSignIn = (email: string, password: string, ip = '10.0.0.1') =>
  t.app
    .inject({ method: 'POST', url: '/api/auth/loginuser', payload: { email, password }, remoteAddress: ip })
    .then((r) => ({
      status: r.statusCode,
      body: r.json() as Record<string, unknown>,
      retryAfter: r.headers['retry-after'],
    }));
const adminSignIn = (email: string, password: string, code?: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password, code } }).then((r) => ({
    status: r.statusCode,
    body: r.json() as Record<string, unknown>,
    retryAfter: r.headers['retry-after'],
  }));
/** The failures counted for this email (null: none on record). */
const failuresOf = async (kind: 'customer' | 'admin', email: string) =>
  (
    await t.app.db.query<{ failures: number }>('select failures from sign_in_failures where kind = $1 and email = $2', [
      kind,
      email.toLowerCase(),
    ])
  ).rows[0]?.failures ?? null;
/** An admin enrolled with its own secret (the test admin's count is used up by the first admin test). */
async function enrolledAdmin(email: string) {
  const admin = { email, password: `${email.split('@')[0]}-password-1`, secret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' };
  await createAdmin(t.app.db, admin.email, admin.password);
  await enrolWithSecret(t.app.db, admin.email, admin.secret, null);
  return admin;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The refusal of a throttled sign-in, which names the wait that Retry-After gives. */
const throttled = (reason: string, seconds: number) => ({
  success: false,
  error: `${reason} Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
});
/** The refusal of an unknown device, which tells the owner what still works (decision 0041). */
const ACCOUNT_THROTTLED =
  'Too many failed sign-ins for this account: someone may be guessing its password. You can still sign in from a ' +
  'browser you signed in with before, or reset your password.';
const ADMIN_THROTTLED =
  'Too many failed sign-ins for this account: someone may be guessing its password. You can still sign in from a ' +
  'browser you signed in with before.';
const THROTTLED = throttled(ACCOUNT_THROTTLED, 1);
const WRONG = { success: false, error: 'Email or password is incorrect' };

describe('customer sign-in', () => {
  it('after 3 failures (from any address), each attempt waits 1 s, then 2 s…; the right password waits too; a success resets', async () => {
    const { email } = await signUp(t.app);
    // The owner of a verified address gets the warning (mail to unverified addresses waits for verification).
    await t.app.db.query('update users set email_verified_at = now() where email = $1', [email]);
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect(await customerSignIn(email, 'wrong password', ip)).toMatchObject({ status: 401, body: WRONG });
    }
    const throttled = await customerSignIn(email, PASSWORD, '10.0.0.4');
    expect(throttled).toEqual({ status: 429, body: THROTTLED, retryAfter: '1' });

    await sleep(1100);
    expect(await customerSignIn(email, 'wrong password')).toMatchObject({ status: 401 });
    expect(await customerSignIn(email, 'wrong password')).toMatchObject({ status: 429, retryAfter: '2' });

    // The owner is emailed once for the burst, not per failure.
    const mails = await waitForMailsTo(t.dataDir, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Failed sign-ins to your Giftwise account');
    expect(unfoldMail(mails[0])).toContain(
      'Set a new password, one you use for this account only: http://app.test/forgotpass',
    );

    await sleep(2100);
    expect(await customerSignIn(email, PASSWORD)).toMatchObject({ status: 200 });
    // Counted afresh: three more failures before any wait.
    for (let i = 0; i < 3; i++) expect((await customerSignIn(email, 'wrong password')).status).toBe(401);
    expect((await customerSignIn(email, 'wrong password')).status).toBe(429);
  });

  it('answers an unknown email exactly as a known one, and emails nobody', async () => {
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < 3; i++) {
      expect(await customerSignIn(unknown, 'wrong password')).toEqual({
        status: 401,
        body: WRONG,
        retryAfter: undefined,
      });
    }
    expect(await customerSignIn(unknown, PASSWORD)).toEqual({ status: 429, body: THROTTLED, retryAfter: '1' });
    expect(mailsTo(t.dataDir, unknown)).toEqual([]);
  });

  it('lets one of 20 wrong passwords sent at once through, once the email has had its free failures', async () => {
    const { email } = await signUp(t.app);
    // Three failures, the last an hour ago: the next attempt may go, and only that one until it is counted.
    await t.app.db.query(
      `insert into sign_in_failures (kind, email, failures, last_failure_at)
       values ('customer', $1, 3, now() - interval '1 hour')`,
      [email],
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => customerSignIn(email, 'wrong password', `10.0.1.${i + 1}`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([401, ...Array<number>(19).fill(429)]);
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.retryAfter).toMatch(/^[12]$/);
      expect(refused.body).toEqual(throttled(ACCOUNT_THROTTLED, Number(refused.retryAfter)));
    }
    expect(await failuresOf('customer', email)).toBe(4);
  });

  it('never waits longer than SIGN_IN_MAX_DELAY_SECONDS, however many failures', async () => {
    const { email } = await signUp(t.app);
    await t.app.db.query(
      `insert into sign_in_failures (kind, email, failures, last_failure_at) values ('customer', $1, 40, now())`,
      [email],
    );
    expect(await customerSignIn(email, PASSWORD)).toEqual({
      status: 429,
      body: throttled(ACCOUNT_THROTTLED, 4),
      retryAfter: '4',
    });
  });
});

describe('admin sign-in', () => {
  it('is throttled per account the same way, and the admin is emailed', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await adminSignIn(TEST_ADMIN.email, 'wrong password')).toMatchObject({ status: 401, body: WRONG });
    }
    expect(await adminSignIn(TEST_ADMIN.email, TEST_ADMIN.password)).toEqual({
      status: 429,
      body: throttled(ADMIN_THROTTLED, 1),
      retryAfter: '1',
    });
    const mails = await waitForMailsTo(t.dataDir, TEST_ADMIN.email);
    expect(mails[0]).toContain('Subject: Failed sign-ins to your Giftwise account');
    expect(unfoldMail(mails[0])).toContain(
      'Set a new password, one you use for this account only: http://app.test/admin/account',
    );
    // The customer's count and the admin's are apart: the same email as a customer is not throttled.
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/auth/loginuser',
          payload: { email: TEST_ADMIN.email, password: 'x' },
        })
      ).status,
    ).toBe(401);
  });

  it('a right password sent without its code (the first step) is no failure: the code that follows does not wait', async () => {
    const admin = await enrolledAdmin('two-steps@example.com');
    for (let i = 0; i < 2; i++) expect((await adminSignIn(admin.email, 'wrong password')).status).toBe(401);
    expect(await adminSignIn(admin.email, admin.password)).toMatchObject({
      status: 401,
      body: { secondFactor: 'totp' },
    });
    expect(await failuresOf('admin', admin.email)).toBe(2);
    expect(await adminSignIn(admin.email, admin.password, totpCode(admin.secret))).toMatchObject({ status: 200 });
    expect(await failuresOf('admin', admin.email)).toBeNull();
  });
});

describe('codes typed in a signed-in admin session', () => {
  const CODES_THROTTLED = throttled('Too many failed sign-ins or codes for this account.', 1);
  const verify = (token: string, code: string, ip: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/admin/2fa/verify',
        headers: { 'auth-token': token },
        payload: { code },
        remoteAddress: ip,
      })
      .then((r) => ({
        status: r.statusCode,
        body: r.json() as Record<string, unknown>,
        retryAfter: r.headers['retry-after'],
      }));

  it('wrong codes at 2fa/verify count against the admin, from any address, with sign-in: then even the right code waits; a success clears', async () => {
    const admin = await enrolledAdmin('code-guesser@example.com');
    const secret = admin.secret;
    // A stolen session: its holder knows no code.
    const token = await adminLogin(t.app, admin.email, admin.password);
    for (const ip of ['10.0.2.1', '10.0.2.2', '10.0.2.3']) {
      expect(await verify(token, '000000', ip)).toMatchObject({ status: 403, body: { secondFactor: 'totp' } });
    }
    expect(await verify(token, totpCode(secret), '10.0.2.4')).toEqual({
      status: 429,
      body: CODES_THROTTLED,
      retryAfter: '1',
    });
    // One count with sign-in: the right password and code wait too, and the admin is told once.
    expect(await adminSignIn(admin.email, admin.password)).toMatchObject({ status: 429, retryAfter: '1' });
    const mails = await waitForMailsTo(t.dataDir, admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Failed sign-ins to your Giftwise account');

    // Once the wait is over (moved back rather than slept), the right code passes and the count is gone.
    await t.app.db.query(
      `update sign_in_failures set last_failure_at = now() - interval '1 hour' where kind = 'admin' and email = $1`,
      [admin.email],
    );
    expect(await verify(token, totpCode(secret), '10.0.2.5')).toEqual({
      status: 200,
      body: { success: true },
      retryAfter: undefined,
    });
    expect(await failuresOf('admin', admin.email)).toBeNull();
  });
});
