import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ADMIN_ENV, TEST_ADMIN } from './admin.helpers';
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
 * once per burst; an unknown email gets the same answers.
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
const adminSignIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } }).then((r) => ({
    status: r.statusCode,
    body: r.json() as Record<string, unknown>,
    retryAfter: r.headers['retry-after'],
  }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const THROTTLED = {
  success: false,
  error: 'Too many failed sign-ins for this account. Wait a moment, then try again.',
};
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

  it('never waits longer than SIGN_IN_MAX_DELAY_SECONDS, however many failures', async () => {
    const { email } = await signUp(t.app);
    await t.app.db.query(
      `insert into sign_in_failures (kind, email, failures, last_failure_at) values ('customer', $1, 40, now())`,
      [email],
    );
    expect(await customerSignIn(email, PASSWORD)).toMatchObject({ status: 429, retryAfter: '4' });
  });
});

describe('admin sign-in', () => {
  it('is throttled per account the same way, and the admin is emailed', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await adminSignIn(TEST_ADMIN.email, 'wrong password')).toMatchObject({ status: 401, body: WRONG });
    }
    expect(await adminSignIn(TEST_ADMIN.email, TEST_ADMIN.password)).toEqual({
      status: 429,
      body: THROTTLED,
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
});
