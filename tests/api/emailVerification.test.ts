import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { VERIFICATION_SUBJECT, VERIFY_LINK_INVALID } from '../../server/modules/accounts/emailVerification';
import { enqueueMail } from '../../server/modules/mail/mailQueue';
import { runReminderSweep } from '../../server/modules/reminders/reminderSweep';
import { occasionInput } from '../support/fixtures';
import { ADMIN_ENV, adminLogin, seedOrder } from './admin.helpers';
import {
  call,
  mailsTo,
  PASSWORD,
  signUp,
  signUpWithProfile,
  startTestApp,
  uniqueEmail,
  until,
  verificationMailsTo,
  verifyAddress,
  verifyTokenIn,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ...ADMIN_ENV, REMINDER_SWEEP_SECONDS: '86400', MAIL_DAILY_LIMIT: '3' });
});
afterAll(() => t.close());

/** The tokens of the verification links emailed to `email` so far (waits for `count` of them). */
const linkTokens = async (email: string, count = 1) =>
  (
    await until(() => {
      const mails = verificationMailsTo(t.dataDir, email);
      return mails.length >= count && mails;
    }, `${count} verification email(s)`)
  ).map(verifyTokenIn);

const verify = (token: string) => call(t.app, { method: 'POST', url: '/api/auth/verify-email', payload: { token } });
const invalid = { status: 400, body: { success: false, error: VERIFY_LINK_INVALID } };
const mailStatus = async (token: string) =>
  (await call(t.app, { method: 'GET', url: '/api/auth/mail-status', token })).body;
const verifiedAt = async (email: string) =>
  (
    await t.app.db.query<{ email_verified_at: Date | null }>('select email_verified_at from users where email = $1', [
      email,
    ])
  ).rows[0].email_verified_at;
const queuedSubjects = async (email: string) =>
  (
    await t.app.db.query<{ subject: string }>(
      'select subject from mail_queue where to_address = $1 and subject <> $2 order by id',
      [email, VERIFICATION_SUBJECT],
    )
  ).rows.map((r) => r.subject);

describe('sign-up sends a verification link', () => {
  it('answers as before, emails a link stored only as its hash, and the address starts unverified', async () => {
    const email = uniqueEmail('verify');
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/createUser',
      payload: { name: 'Vera', email, password: PASSWORD },
    });
    expect(res.status).toBe(201);
    // The spec's fields, and the browser's device credential (decision 0041), which tells nothing of the address.
    expect(Object.keys(res.body).sort()).toEqual(['authtoken', 'deviceToken', 'success']);

    const [token] = await linkTokens(email);
    const { rows } = await t.app.db.query<{ token_hash: string; email: string }>(
      'select token_hash, v.email from email_verifications v join users u on u.id = v.user_id where u.email = $1',
      [email],
    );
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex'), email }]);
    expect(await verifiedAt(email)).toBeNull();
    expect(await mailStatus(res.body.authtoken as string)).toEqual({
      success: true,
      email,
      verified: false,
      heldToday: 0,
      dailyLimit: 3,
    });
  });

  it('the link verifies the address once; used, unknown, expired and missing tokens are refused', async () => {
    const { token: session, email } = await signUp(t.app);
    const [token] = await linkTokens(email);

    expect(await verify('not-a-real-token')).toEqual(invalid);
    expect(await verifiedAt(email)).toBeNull();
    expect(await verify(token)).toEqual({ status: 200, body: { success: true } });
    expect(await verifiedAt(email)).toBeInstanceOf(Date);
    expect((await mailStatus(session)).verified).toBe(true);
    expect(await verify(token)).toEqual(invalid);
    expect((await call(t.app, { method: 'POST', url: '/api/auth/verify-email', payload: {} })).status).toBe(400);

    const late = await signUp(t.app);
    const [lateToken] = await linkTokens(late.email);
    await t.app.db.query(
      `update email_verifications set expires_at = now() - interval '1 second'
        where user_id = (select id from users where email = $1)`,
      [late.email],
    );
    expect(await verify(lateToken)).toEqual(invalid);
    expect(await verifiedAt(late.email)).toBeNull();
  });

  it('a link sent to an address the account no longer has verifies nothing', async () => {
    const { email } = await signUp(t.app);
    const [token] = await linkTokens(email);
    const moved = uniqueEmail('moved');
    await t.app.db.query('update users set email = $2 where email = $1', [email, moved]);
    expect(await verify(token)).toEqual(invalid);
    expect(await verifiedAt(moved)).toBeNull();
  });
});

describe('send the link again', () => {
  it('emails a new link that ends the older one; refused once verified, and without a session', async () => {
    const { token: session, email } = await signUp(t.app);
    await linkTokens(email);
    const again = await call(t.app, { method: 'POST', url: '/api/auth/verify-email/resend', token: session });
    expect(again).toEqual({ status: 200, body: { success: true } });
    const [older, newer] = await linkTokens(email, 2);
    expect(newer).not.toBe(older);

    expect(await verify(newer)).toEqual({ status: 200, body: { success: true } });
    expect(await verify(older)).toEqual(invalid);
    const done = await call(t.app, { method: 'POST', url: '/api/auth/verify-email/resend', token: session });
    expect(done).toEqual({ status: 409, body: { success: false, error: 'Your email address is already verified.' } });
    expect((await call(t.app, { method: 'POST', url: '/api/auth/verify-email/resend' })).status).toBe(401);
  });

  it('is limited per account (VERIFY_RESEND_RATE_LIMIT an hour)', async () => {
    const limited = await startTestApp({ VERIFY_RESEND_RATE_LIMIT: '2' });
    try {
      const [ann, bob] = [await signUp(limited.app), await signUp(limited.app)];
      const resend = (token: string) =>
        call(limited.app, { method: 'POST', url: '/api/auth/verify-email/resend', token });
      expect((await resend(ann.token)).status).toBe(200);
      expect((await resend(ann.token)).status).toBe(200);
      const third = await resend(ann.token);
      expect(third.status).toBe(429);
      expect(third.body.error).toMatch(/^Too many attempts/);
      expect((await resend(bob.token)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the mail gate', () => {
  const sweep = (now: string) =>
    runReminderSweep(t.app.db, { now: new Date(now), publicUrl: 'http://app.test', dailyLimit: 3 });
  const addOccasion = async (token: string, overrides: Record<string, unknown>) => {
    const res = await call(t.app, { method: 'POST', url: '/api/occasions', token, payload: occasionInput(overrides) });
    expect(res.status).toBe(201);
  };

  it('sends an unverified address no reminder and no order email, but still password resets; verified, it does', async () => {
    const customer = await signUpWithProfile(t.app);
    const { rows } = await t.app.db.query<{ id: string }>('select id from users where email = $1', [customer.email]);
    await addOccasion(customer.token, { recipientName: 'Una', date: '1990-04-10', remindDaysBefore: [1] });
    await sweep('2032-04-09T12:00:00Z');
    const admin = await adminLogin(t.app);
    const { id } = await seedOrder(t.app, { userId: rows[0].id });
    const move = await call(t.app, {
      method: 'PUT',
      url: `/api/admin/updateGiftStatus/${id}`,
      payload: { status: 'processed' },
      token: admin,
    });
    expect(move.status).toBe(200);
    expect(await queuedSubjects(customer.email)).toEqual([]);

    await call(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: customer.email } });
    expect(await queuedSubjects(customer.email)).toEqual(['Reset your Giftwise password']);

    await verifyAddress(t, customer.email, 'link');
    await addOccasion(customer.token, { recipientName: 'Vic', date: '1990-05-10', remindDaysBefore: [1] });
    await sweep('2032-05-09T12:00:00Z');
    await call(t.app, {
      method: 'PUT',
      url: `/api/admin/updateGiftStatus/${id}`,
      payload: { status: 'finished' },
      token: admin,
    });
    expect(await queuedSubjects(customer.email)).toEqual([
      'Reset your Giftwise password',
      'Reminder: a date is coming up tomorrow',
      'The gift for Maya was delivered',
    ]);
    // No reminder waited for the verification: Una's was decided, and is not sent late.
    expect(mailsTo(t.dataDir, customer.email).join('\n')).not.toContain('Una');
  });

  it('holds back reminder and order emails over the daily budget, and tells the customer how many', async () => {
    const { token, email } = await signUp(t.app);
    await verifyAddress(t, email);
    for (const name of ['Ada', 'Ben', 'Cy', 'Dee', 'Eve'])
      await addOccasion(token, { recipientName: name, date: '1990-06-10', remindDaysBefore: [0] });
    const run = await sweep('2032-06-10T12:00:00Z');
    expect(run).toEqual({ checked: 5, queued: 3 });
    expect(await queuedSubjects(email)).toHaveLength(3);
    expect(await mailStatus(token)).toMatchObject({ verified: true, heldToday: 2, dailyLimit: 3 });
  });

  it('counts the budget atomically: emails queued at once by many transactions stay within it', async () => {
    const { token, email } = await signUp(t.app);
    await verifyAddress(t, email);
    const { rows } = await t.app.db.query<{ id: string }>('select id from users where email = $1', [email]);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.db.transaction((tx) =>
          enqueueMail(
            tx,
            { account: rows[0].id, kind: 'reminder', dailyLimit: 3 },
            { subject: `budgeted ${i}`, text: 'x' },
          ),
        ),
      ),
    );
    expect(results.filter((id) => id !== null)).toHaveLength(3);
    expect(await queuedSubjects(email)).toHaveLength(3);
    expect((await mailStatus(token)).heldToday).toBe(9);
  });
});

describe('occasion writes', () => {
  it('are limited per customer account like order writes (OCCASION_WRITE_RATE_LIMIT a minute, add, edit and delete together)', async () => {
    const limited = await startTestApp({ OCCASION_WRITE_RATE_LIMIT: '3' });
    try {
      const [ann, bob] = [await signUp(limited.app), await signUp(limited.app)];
      const add = (token: string) =>
        call(limited.app, { method: 'POST', url: '/api/occasions', token, payload: occasionInput() });
      const first = await add(ann.token);
      expect(first.status).toBe(201);
      const id = first.body._id as string;
      const edit = await call(limited.app, {
        method: 'PUT',
        url: `/api/occasions/${id}`,
        token: ann.token,
        payload: occasionInput({ recipientName: 'Edited' }),
      });
      expect(edit.status).toBe(200);
      expect(
        (await call(limited.app, { method: 'DELETE', url: `/api/occasions/${id}`, token: ann.token })).status,
      ).toBe(200);
      const refused = await add(ann.token);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/^Too many attempts/);
      const list = await call(limited.app, { method: 'GET', url: '/api/occasions', token: ann.token });
      expect(list.body.data).toEqual([]);
      expect((await add(bob.token)).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
