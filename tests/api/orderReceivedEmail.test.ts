import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { VERIFICATION_SUBJECT } from '../../server/modules/accounts/emailVerification';
import { orderInput } from '../support/fixtures';
import { call, signUpWithProfile, startTestApp, verifyAddress, type TestApp } from './helpers';
import { placeOrder } from './orders.helpers';

/** Placing an order emails the customer "order received" (orders/orderReceivedEmail.tsx), by the order-email rules. */

let t: TestApp;
beforeAll(async () => {
  // A budget of two emails a day: the third order's email is held back; a fourth order in progress is refused. The
  // worker stays idle, so the rows stay queued to be read.
  t = await startTestApp({ MAIL_DAILY_LIMIT: '2', MAX_OPEN_ORDERS: '3' }, { holdMail: true });
});
afterAll(() => t.close());

const customer = async () => {
  const c = await signUpWithProfile(t.app);
  await verifyAddress(t, c.email);
  return c;
};

const queuedTo = async (email: string) =>
  (
    await t.app.db.query<{ subject: string; body: string; html: string | null }>(
      'select subject, body, html from mail_queue where to_address = $1 and subject <> $2 order by id',
      [email, VERIFICATION_SUBJECT],
    )
  ).rows;

describe('the "order received" email', () => {
  it('is queued with the order, both parts linking to its card; over the daily budget it is held, the order placed', async () => {
    const ann = await customer();
    const first = await placeOrder(t.app, ann.token, { recipientName: 'Nora', occasion: 'Birthday' });
    const [mail] = await queuedTo(ann.email);
    expect(mail.subject).toBe('We have received your gift order for Nora');
    const link = `http://app.test/orders?order=${first}`;
    expect(mail.body).toContain(`Hello Test Customer,`);
    expect(mail.body).toMatch(/We have received your gift order for Nora \(Birthday, delivery on \w+day, /);
    expect(mail.body).toContain(`change or cancel it from your orders page: ${link}`);
    expect(mail.body).toContain('order emails are on in your profile: http://app.test/profile');
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);

    await placeOrder(t.app, ann.token, { recipientName: 'Olga' });
    await placeOrder(t.app, ann.token, { recipientName: 'Pia' });
    expect((await queuedTo(ann.email)).map((m) => m.subject)).toEqual([
      'We have received your gift order for Nora',
      'We have received your gift order for Olga',
    ]);
    const status = await call(t.app, { method: 'GET', url: '/api/auth/mail-status', token: ann.token });
    expect(status.body).toMatchObject({ heldToday: 1, dailyLimit: 2 });

    // A refused order (too many in progress) sends nothing and counts nothing.
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/gifts/addgift',
      token: ann.token,
      payload: orderInput({ recipientName: 'Quinn' }),
    });
    expect(refused.status).toBe(409);
    expect(await queuedTo(ann.email)).toHaveLength(2);
    const after = await call(t.app, { method: 'GET', url: '/api/auth/mail-status', token: ann.token });
    expect(after.body).toMatchObject({ heldToday: 1 });
  });

  it('is not sent when the customer turned order emails off, nor to an unverified address', async () => {
    const bob = await customer();
    await t.app.db.query('update users set order_emails = false where email = $1', [bob.email]);
    await placeOrder(t.app, bob.token);
    const unverified = await signUpWithProfile(t.app);
    await placeOrder(t.app, unverified.token);
    expect(await queuedTo(bob.email)).toEqual([]);
    expect(await queuedTo(unverified.email)).toEqual([]);
  });
});
