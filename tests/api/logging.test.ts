import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config/config';
import { runReminderSweep } from '../../server/modules/reminders/reminderSweep';
import { occasionInput } from '../support/fixtures';
import { png } from '../support/pictures';
import { totpCode } from '../support/totp';
import { TEST_ADMIN } from './admin.helpers';
import { call, COMPLETE_PROFILE, PASSWORD, resetTokenIn, uniqueEmail, verifyAddress, waitForMailsTo } from './helpers';

/** Runs a full customer journey with logging at its most verbose, then reads every line the server wrote. */
/** The email staff look a customer up by: in the lookup's address only. */
const LOOKED_UP = 'looked-up.person@example.com';

describe('logs', () => {
  const lines: string[] = [];
  const secrets: string[] = [];
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giftwise-log-'));
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const admin = { email: 'log-admin@example.com', password: 'log admin secret pw' };
    app = await buildApp(
      loadConfig({
        DATA_DIR: dataDir,
        STATIC_DIR: '',
        PUBLIC_URL: 'http://app.test',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        ADMIN_TOTP_SECRET: TEST_ADMIN.totpSecret,
      }),
      {
        logger: { stream, level: 'trace' },
      },
    );

    const email = uniqueEmail('logs');
    const signUp = await call(app, {
      method: 'POST',
      url: '/api/auth/createUser',
      payload: { name: 'Log Tester', email, password: PASSWORD },
    });
    const token = signUp.body.authtoken as string;
    const profile = { ...COMPLETE_PROFILE, cardNumber: '4000 0566 5566 5556', cvv: '731' };
    await call(app, { method: 'PUT', url: '/api/auth/updateUser', token, payload: profile });
    const signIn = await call(app, {
      method: 'POST',
      url: '/api/auth/loginuser',
      payload: { email, password: PASSWORD },
    });
    await call(app, { method: 'POST', url: '/api/auth/loginuser', payload: { email, password: 'a wrong password' } });
    await call(app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const resetToken = resetTokenIn((await waitForMailsTo(dataDir, email))[0]);
    // A mail scanner opens the link before the customer does: the address carries a live token.
    await app.inject({ method: 'GET', url: `/resetpass/${resetToken}` });
    await app.inject({ method: 'GET', url: `/resetpass/${resetToken}?authtoken=${token}` });
    await call(app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'the new secret pw' },
    });
    await call(app, { method: 'GET', url: '/api/auth/check', token: 'forged-token-value-123' });

    // Orders, the admin workflow and an enquiry: the rest of the journey.
    const fresh = await call(app, {
      method: 'POST',
      url: '/api/auth/loginuser',
      payload: { email, password: 'the new secret pw' },
    });
    const customer = fresh.body.authtoken as string;
    const order = {
      recipientName: 'Log Friend',
      relationship: 'Friend',
      occasion: 'Birthday',
      address: '9 Log Lane',
      phoneNumber: '5550006666',
      email: 'friend@example.com',
      interests: 'Books',
      budget: '30',
      date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    };
    const added = await call(app, { method: 'POST', url: '/api/gifts/addgift', token: customer, payload: order });
    const orderId = added.body._id as string;
    await call(app, {
      method: 'PUT',
      url: `/api/gifts/updateGift/${orderId}`,
      token: customer,
      payload: { ...order, budget: '35' },
    });
    await call(app, { method: 'GET', url: '/api/gifts/getgifts', token: customer });
    const adminLogin = await call(app, {
      method: 'POST',
      url: '/api/admin/login',
      payload: { ...admin, code: totpCode(TEST_ADMIN.totpSecret) },
    });
    const adminToken = adminLogin.body.authtoken as string;
    await call(app, {
      method: 'POST',
      url: '/api/admin/getOrderDetails',
      token: adminToken,
      payload: { order_id: orderId },
    });
    // A proposal's picture, fetched by its address (the id is its capability), and staff's lookup by email.
    const proposed = await call(app, {
      method: 'POST',
      url: `/api/admin/gifts/${orderId}/proposal`,
      token: adminToken,
      payload: { title: 'Candle', price: '20', picture: png(1, 1).toString('base64') },
    });
    const imageUrl = (proposed.body.proposal as { imageUrl: string }).imageUrl;
    await app.inject({ method: 'GET', url: imageUrl });
    await call(app, {
      method: 'GET',
      url: `/api/admin/customers?email=${encodeURIComponent(LOOKED_UP)}`,
      token: adminToken,
    });
    await call(app, {
      method: 'PUT',
      url: `/api/admin/updateGiftStatus/${orderId}`,
      token: adminToken,
      payload: { status: 'processed' },
    });
    await call(app, {
      method: 'POST',
      url: '/api/auth/putNote',
      payload: { type: 'Support', Pname: 'Log', Pemail: 'log@example.com', details: 'hi' },
    });
    await call(app, { method: 'POST', url: '/api/admin/logout', token: adminToken });

    // The calendar feed, read by its address, and a reminder email's unsubscribe link, opened and used.
    const feed = new URL(
      (await call(app, { method: 'POST', url: '/api/calendar/rotate', token: customer })).body.url as string,
    );
    await app.inject({ method: 'GET', url: feed.pathname });
    await app.inject({ method: 'GET', url: `${feed.pathname}?download=1` });
    await verifyAddress({ app }, email);
    await call(app, {
      method: 'POST',
      url: '/api/occasions',
      token: customer,
      payload: occasionInput({ date: '2001-01-03', remindDaysBefore: [7] }),
    });
    await runReminderSweep(app.db, {
      now: new Date('2030-12-27T12:00:00Z'),
      publicUrl: 'http://app.test',
      dailyLimit: 20,
    });
    const { rows: reminders } = await app.db.query<{ headers: Record<string, string> }>(
      `select headers from mail_queue where subject like 'Reminder:%'`,
    );
    const unsubscribe = /<http:\/\/app\.test(\/api\/reminders\/unsubscribe\/([\w-]+))>/.exec(
      reminders[0].headers['List-Unsubscribe'],
    )!;
    await app.inject({ method: 'GET', url: unsubscribe[1] });
    await app.inject({ method: 'POST', url: unsubscribe[1] });
    expect([added.status, adminLogin.status]).toEqual([201, 200]);
    // Completion lines are written after inject() resolves; closing the app waits for them.
    await app.close();
    secrets.push(
      PASSWORD,
      'a wrong password',
      'the new secret pw',
      token,
      signIn.body.authtoken as string,
      resetToken,
      '4000056655665556',
      '4000 0566 5566 5556',
      'forged-token-value-123',
      customer,
      adminToken,
      admin.password,
      TEST_ADMIN.totpSecret,
      feed.pathname.split('/').at(-1)!.replace('.ics', ''),
      unsubscribe[2],
      imageUrl.split('/').at(-1)!,
      LOOKED_UP,
      encodeURIComponent(LOOKED_UP),
    );
  });

  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('are JSON lines, each request tagged with its id', () => {
    expect(lines.length).toBeGreaterThan(10);
    const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; msg: string });
    const requestLines = parsed.filter((l) => l.msg === 'request completed');
    expect(requestLines).toHaveLength(27);
    for (const l of requestLines) expect(l.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never contain a password, token, reset token, card number, CVV, picture id or looked-up email', () => {
    const log = lines.join('\n');
    for (const secret of secrets) expect(log, `log contains ${secret}`).not.toContain(secret);
    // Three digits can occur by chance inside ids and timestamps: look for the CVV as a value or a key.
    expect(log).not.toContain('"731"');
    expect(log.toLowerCase()).not.toContain('cvv');
  });

  it('show a reset link opened by its address with the token masked', () => {
    const urls = lines
      .map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url)
      .filter((u) => u?.startsWith('/resetpass/'));
    expect(urls).toEqual(['/resetpass/[redacted]', '/resetpass/[redacted]?authtoken=[redacted]']);
  });

  it('show a calendar feed address and an unsubscribe link with the token masked', () => {
    const urls = lines
      .map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url)
      .filter((u) => u?.startsWith('/api/calendar/') || u?.startsWith('/api/reminders/'));
    expect(urls).toEqual([
      '/api/calendar/rotate',
      '/api/calendar/[redacted]',
      '/api/calendar/[redacted]?download=1',
      '/api/reminders/unsubscribe/[redacted]',
      '/api/reminders/unsubscribe/[redacted]',
    ]);
  });
});
