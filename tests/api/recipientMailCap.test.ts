import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hashToken } from '../../server/lib/secrets';
import { VERIFICATION_SUBJECT } from '../../server/modules/accounts/emailVerification';
import { call, signUp, signUpWithProfile, startTestApp, uniqueEmail, verifyAddress, type TestApp } from './helpers';
import { placeOrder } from './orders.helpers';

/**
 * Issue 32, point 3: whoever signs up with someone else's address must not be able to flood it. Verification and
 * password-reset emails are capped per recipient address (RECIPIENT_MAIL_HOURLY_LIMIT, RECIPIENT_MAIL_DAILY_LIMIT),
 * counted in the database so that every server and every request at once share one count; past the cap the answer
 * is the one an unknown address gets, and nothing is queued. And the daily budget of reminder and order emails is
 * counted per UTC day, so a change of time zone opens no second one.
 */

const CAPS = {
  RECIPIENT_MAIL_HOURLY_LIMIT: '3',
  RECIPIENT_MAIL_DAILY_LIMIT: '10',
  VERIFY_RESEND_RATE_LIMIT: '100',
  MAIL_DAILY_LIMIT: '2',
};

let t: TestApp;
beforeAll(async () => {
  // The worker stays idle: every queued email stays a row to be counted.
  t = await startTestApp(CAPS, { holdMail: true });
});
afterAll(() => t.close());

const forgot = (email: string) => call(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const resend = (token: string) => call(t.app, { method: 'POST', url: '/api/auth/verify-email/resend', token });

/** The queued rows to `email`, by subject. */
async function queued(email: string): Promise<{ resets: number; verifications: number; others: string[] }> {
  const { rows } = await t.app.db.query<{ subject: string }>(
    'select subject from mail_queue where lower(to_address) = lower($1) order by id',
    [email],
  );
  const subjects = rows.map((r) => r.subject);
  return {
    resets: subjects.filter((s) => s === 'Reset your Giftwise password').length,
    verifications: subjects.filter((s) => s === VERIFICATION_SUBJECT).length,
    others: subjects.filter((s) => s !== 'Reset your Giftwise password' && s !== VERIFICATION_SUBJECT),
  };
}

const SUCCESS = { status: 200, body: { success: true } };

describe('verification and reset emails to one address', () => {
  it('a forgot-password loop queues no more than the hourly cap, answering as for an unknown address', async () => {
    const { email } = await signUp(t.app);
    // The sign-up's verification email is the first of the hour's three.
    expect(await queued(email)).toEqual({ resets: 0, verifications: 1, others: [] });
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(unknown).toEqual(SUCCESS);
    for (let i = 0; i < 20; i++) {
      // The address as typed in any case is the same recipient.
      expect(await forgot(i % 2 ? email.toUpperCase() : email)).toEqual(unknown);
    }
    expect(await queued(email)).toEqual({ resets: 2, verifications: 1, others: [] });
    // Only the links that were emailed are kept.
    const links = await t.app.db.query(
      'select 1 from password_resets r join users u on u.id = r.user_id where u.email = $1',
      [email],
    );
    expect(links.rows).toHaveLength(2);
    // The count is kept as a hash of the address, never the address.
    const stored = await t.app.db.query<{ address_hash: string }>('select address_hash from recipient_mail_counts');
    expect(stored.rows.map((r) => r.address_hash)).toContain(hashToken(email.toLowerCase()));
    expect(JSON.stringify(stored.rows)).not.toContain('@');
  });

  it('"send the link again" counts in the same cap and answers as before past it', async () => {
    const { token, email } = await signUp(t.app);
    for (let i = 0; i < 6; i++) expect(await resend(token)).toEqual(SUCCESS);
    expect(await queued(email)).toEqual({ resets: 0, verifications: 3, others: [] });
    // A reset for the same address is over the cap too.
    expect(await forgot(email)).toEqual(SUCCESS);
    expect(await queued(email)).toEqual({ resets: 0, verifications: 3, others: [] });
  });

  it('a new hour allows three more, up to the daily cap', async () => {
    const { email } = await signUp(t.app);
    // Eight emails over the last day, the hour's count spent on none of them: two more may go today.
    await t.app.db.query(
      `update recipient_mail_counts
          set recent_sends = array(select now() - make_interval(hours => h) from generate_series(2, 16, 2) h),
              last_sent_at = now() - interval '2 hours'
        where address_hash = $1`,
      [hashToken(email.toLowerCase())],
    );
    for (let i = 0; i < 5; i++) expect(await forgot(email)).toEqual(SUCCESS);
    expect(await queued(email)).toEqual({ resets: 2, verifications: 1, others: [] });
  });

  it('requests at once, as on several servers, queue no more than the cap', async () => {
    const { email } = await signUp(t.app);
    // On PostgreSQL a second server on the same database takes half of them.
    const second = t.databaseUrl ? await startTestApp({ ...CAPS, DATABASE_URL: t.databaseUrl }, { holdMail: true }) : t;
    try {
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          call((i % 2 ? second : t).app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } }),
        ),
      );
      expect(answers.every((a) => a.status === 200 && a.body.success === true)).toBe(true);
      expect(await queued(email)).toEqual({ resets: 2, verifications: 1, others: [] });
    } finally {
      if (second !== t) await second.close();
    }
  });

  it('the cap is per address: another customer still gets theirs', async () => {
    const [ann, bob] = [await signUp(t.app), await signUp(t.app)];
    for (let i = 0; i < 5; i++) await forgot(ann.email);
    await forgot(bob.email);
    expect(await queued(ann.email)).toEqual({ resets: 2, verifications: 1, others: [] });
    expect(await queued(bob.email)).toEqual({ resets: 1, verifications: 1, others: [] });
  });
});

describe('the daily budget of reminder and order emails', () => {
  it('is one per UTC day: changing the time zone opens no second budget', async () => {
    const customer = await signUpWithProfile(t.app);
    await verifyAddress(t, customer.email);
    const zone = async (timeZone: string) => {
      const res = await call(t.app, {
        method: 'PUT',
        url: '/api/auth/preferences',
        token: customer.token,
        payload: { timeZone },
      });
      expect(res.status).toBe(200);
    };
    // UTC+14 and UTC-11: their dates always differ, so a budget per local day would start again.
    await zone('Pacific/Kiritimati');
    for (const name of ['Ada', 'Ben', 'Cy']) await placeOrder(t.app, customer.token, { recipientName: name });
    await zone('Pacific/Pago_Pago');
    for (const name of ['Dee', 'Eve']) await placeOrder(t.app, customer.token, { recipientName: name });

    expect((await queued(customer.email)).others).toEqual([
      'We have received your gift order for Ada',
      'We have received your gift order for Ben',
    ]);
    const status = await call(t.app, { method: 'GET', url: '/api/auth/mail-status', token: customer.token });
    expect(status.body).toMatchObject({ heldToday: 3, dailyLimit: 2 });
  });
});
