import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hashToken } from '../../server/lib/secrets';
import { VERIFICATION_SUBJECT } from '../../server/modules/accounts/emailVerification';
import { runReminderSweep } from '../../server/modules/reminders/reminderSweep';
import { occasionInput } from '../support/fixtures';
import {
  call,
  COMPLETE_PROFILE,
  mailsTo,
  resetTokenIn,
  signUp,
  startTestApp,
  until,
  verifyAddress,
  waitForMailsTo,
  type TestApp,
} from './helpers';
import { placeOrder } from './orders.helpers';

/**
 * The calendar feed's address and the reminder emails' unsubscribe links are credentials (issue 21, section 3):
 * kept only as hashes, gone from sent mail, ended by a password reset; the feed is rate limited and cached by ETag;
 * an unsubscribe sticks until the address's owner turns reminders on again from a fresh, verified session.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ REMINDER_SWEEP_SECONDS: '86400', MAIL_POLL_MS: '50', RESUBSCRIBE_SIGN_IN_MINUTES: '10' });
});
afterAll(() => t.close());

const FEED_URL = /^http:\/\/app\.test\/api\/calendar\/([\w-]{43})\.ics$/;
const UNSUBSCRIBE_URL = /<http:\/\/app\.test(\/api\/reminders\/unsubscribe\/([\w-]{43}))>/;

/** A new address for the customer's feed (the first or a replacement): its path and token. */
async function newFeed(token: string) {
  const res = await call(t.app, { method: 'POST', url: '/api/calendar/rotate', token });
  expect(res.status).toBe(200);
  const url = res.body.url as string;
  const feedToken = FEED_URL.exec(url)![1];
  return { path: new URL(url).pathname, token: feedToken };
}

const getFeed = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers });

/** A verified customer, with one occasion whose 7-day reminder falls due on the fake clock below. */
async function verifiedCustomer() {
  const customer = await signUp(t.app);
  await verifyAddress(t, customer.email);
  const added = await call(t.app, {
    method: 'POST',
    url: '/api/occasions',
    token: customer.token,
    payload: occasionInput({ recipientName: 'Theo', date: '2001-01-03', remindDaysBefore: [7] }),
  });
  expect(added.status).toBe(201);
  return customer;
}

/** Runs the reminder run at 12:00 UTC on 27 December 2030 (7 days before 3 January). */
const sweep = () =>
  runReminderSweep(t.app.db, { now: new Date('2030-12-27T12:00:00Z'), publicUrl: 'http://app.test', dailyLimit: 20 });

/**
 * The unsubscribe link of the reminder email delivered to `email` (the worker runs beside the tests, and a sent row no
 * longer holds the link): its path and token, the same in the List-Unsubscribe header and in the body.
 */
async function unsubscribeLinkTo(email: string) {
  const reminder = await until(
    () => mailsTo(t.dataDir, email).find((m) => m.includes('Subject: Reminder:')),
    `the reminder to ${email}`,
  );
  const match = UNSUBSCRIBE_URL.exec(reminder.replace(/\r?\n[ \t]+/g, ' '))!;
  expect(reminder.replace(/=\r?\n/g, '')).toContain(`http://app.test${match[1]}`);
  return { path: match[1], token: match[2] };
}

/** Every row of every table of the database as text: where a token must not be found. */
async function everyRow(): Promise<string> {
  const { rows: tables } = await t.app.db.query<{ name: string }>(
    `select quote_ident(table_name) as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  let all = '';
  for (const { name } of tables) {
    const { rows } = await t.app.db.query<{ row: string }>(`select t::text as row from ${name} t`);
    all += rows.map((r) => r.row).join('\n');
  }
  return all;
}

const unsubscribe = (path: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

const preferences = async (token: string) =>
  (await call(t.app, { method: 'GET', url: '/api/auth/preferences', token })).body;

describe('the calendar feed address', () => {
  it('is shown once, when made: the database keeps only its hash, and GET /api/calendar says only whether it exists', async () => {
    const { token } = await signUp(t.app);
    expect((await call(t.app, { method: 'GET', url: '/api/calendar', token })).body).toEqual({
      success: true,
      active: false,
    });
    const feed = await newFeed(token);
    expect((await getFeed(feed.path)).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/calendar', token })).body).toEqual({
      success: true,
      active: true,
    });
    const all = await everyRow();
    expect(all).not.toContain(feed.token);
    expect(all).toContain(hashToken(feed.token));
  });

  it('answers 304 to its ETag (and to *) until an occasion or order changes; the reminder run changes nothing', async () => {
    const customer = await verifiedCustomer();
    const feed = await newFeed(customer.token);
    const first = await getFeed(feed.path);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    // Calendar apps may keep the answer, but must ask again each time (If-None-Match).
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await getFeed(feed.path, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await getFeed(feed.path, { 'if-none-match': '*' })).statusCode).toBe(304);
    expect((await getFeed(feed.path, { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);
    expect((await getFeed('/api/calendar/unknown-token.ics', { 'if-none-match': '*' })).statusCode).toBe(404);

    // The reminder run writes the occasion's next check, which the feed does not show.
    await sweep();
    expect((await getFeed(feed.path, { 'if-none-match': etag })).statusCode).toBe(304);

    await call(t.app, {
      method: 'POST',
      url: '/api/occasions',
      token: customer.token,
      payload: occasionInput({ recipientName: 'Ada' }),
    });
    const afterOccasion = await getFeed(feed.path, { 'if-none-match': etag });
    expect(afterOccasion.statusCode).toBe(200);
    expect(afterOccasion.body).toContain("Ada's Birthday");
    const etag2 = afterOccasion.headers.etag as string;
    expect(etag2).not.toBe(etag);

    await call(t.app, { method: 'PUT', url: '/api/auth/updateUser', token: customer.token, payload: COMPLETE_PROFILE });
    await placeOrder(t.app, customer.token, { recipientName: 'Maya' });
    const afterOrder = await getFeed(feed.path, { 'if-none-match': etag2 });
    expect(afterOrder.statusCode).toBe(200);
    expect(afterOrder.body).toContain('Gift delivery: Maya');
  });
});

describe('the calendar feed rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ FEED_TOKEN_RATE_LIMIT: '3', FEED_ADDRESS_RATE_LIMIT: '5' });
  });
  afterAll(() => limited.close());

  const read = (path: string, remoteAddress: string) => limited.app.inject({ method: 'GET', url: path, remoteAddress });
  const feedOf = async () => {
    const { token } = await signUp(limited.app);
    const res = await call(limited.app, { method: 'POST', url: '/api/calendar/rotate', token });
    return new URL(res.body.url as string).pathname;
  };

  it('answers 429 with Retry-After past the limit per feed token (from any address) and per client address', async () => {
    const [a, b] = [await feedOf(), await feedOf()];
    // Per token: three reads a minute, from whichever addresses.
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect((await read(a, ip)).statusCode).toBe(200);
    const refused = await read(a, '10.0.0.4');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ success: false, error: expect.stringMatching(/^Too many requests/) });
    // Per address: five reads a minute of any feeds (and unknown ones) from one address.
    for (const path of [b, b, '/api/calendar/unknown.ics'])
      expect([200, 404]).toContain((await read(path, '10.0.0.1')).statusCode);
    expect((await read('/api/calendar/other.ics', '10.0.0.1')).statusCode).toBe(404);
    expect((await read(b, '10.0.0.1')).statusCode).toBe(429);
    expect((await read(b, '10.0.0.9')).statusCode).toBe(429); // b's own three are used up too
  });
});

describe('unsubscribe links', () => {
  it('are one per email, kept only as a hash, and gone from the mail row once it is sent', async () => {
    const customer = await verifiedCustomer();
    await sweep();
    const link = await unsubscribeLinkTo(customer.email);
    await waitForMailsTo(t.dataDir, customer.email);
    const sent = await until(async () => {
      const { rows } = await t.app.db.query<{ status: string; headers: object; body: string | null }>(
        `select status, headers, body from mail_queue where to_address = $1 and subject like 'Reminder:%'`,
        [customer.email],
      );
      return rows[0]?.status === 'sent' && rows[0];
    }, 'the reminder to be marked sent');
    expect(JSON.stringify(sent)).not.toContain(link.token);
    expect(sent.headers).toEqual({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const all = await everyRow();
    expect(all).not.toContain(link.token);
    expect(all).toContain(hashToken(link.token));
    // The link still works from the email.
    expect((await unsubscribe(link.path)).json()).toEqual({ success: true });
    expect((await preferences(customer.token)).reminderEmails).toBe(false);
  });

  it('the page is styled by a stylesheet its Content-Security-Policy allows, with no inline style; it links the profile', async () => {
    const customer = await verifiedCustomer();
    await sweep();
    const link = await unsubscribeLinkTo(customer.email);
    const pages = [
      await t.app.inject({ method: 'GET', url: link.path }),
      await t.app.inject({ method: 'POST', url: link.path, headers: { accept: 'text/html' } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/reminders/unsubscribe/unknown',
        headers: { accept: 'text/html' },
      }),
    ];
    for (const page of pages) {
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).not.toMatch(/\sstyle\s*=/i);
      expect(page.body).not.toMatch(/<style/i);
      const href = /<link rel="stylesheet" href="([^"]+)">/.exec(page.body)?.[1];
      expect(href).toBe('/api/reminders/page.css');
      expect(page.headers['content-security-policy']).toMatch(/style-src 'self'/);
      const css = await t.app.inject({ method: 'GET', url: href! });
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(css.body).toContain('max-width');
    }
    // The reader came from an email: where the answer names the profile, it links there.
    for (const page of pages.slice(1))
      expect(page.body).toContain('<a href="http://app.test/profile">your profile</a>');
  });
});

describe('a password reset', () => {
  it('ends the feed address and every unsubscribe link', async () => {
    const customer = await verifiedCustomer();
    const feed = await newFeed(customer.token);
    await sweep();
    const link = await unsubscribeLinkTo(customer.email);
    await call(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: customer.email } });
    const mails = await waitForMailsTo(t.dataDir, customer.email, 2);
    const resetMail = mails.find((m) => m.includes('/resetpass/'))!;
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetTokenIn(resetMail), password: 'a brand new passphrase' },
    });
    expect(reset.status).toBe(200);

    expect((await getFeed(feed.path)).statusCode).toBe(404);
    expect((await unsubscribe(link.path)).statusCode).toBe(404);
    const signIn = await call(t.app, {
      method: 'POST',
      url: '/api/auth/loginuser',
      payload: { email: customer.email, password: 'a brand new passphrase' },
    });
    const token = signIn.body.authtoken as string;
    expect((await preferences(token)).reminderEmails).toBe(true);
    expect((await call(t.app, { method: 'GET', url: '/api/calendar', token })).body.active).toBe(false);
    const next = await newFeed(token);
    expect((await getFeed(next.path)).statusCode).toBe(200);
  });
});

describe('an unsubscribe sticks', () => {
  const turnOn = (token: string) =>
    call(t.app, { method: 'PUT', url: '/api/auth/preferences', token, payload: { reminderEmails: true } });
  const signIn = async (email: string) =>
    (
      await call(t.app, {
        method: 'POST',
        url: '/api/auth/loginuser',
        payload: { email, password: 'correct horse battery' },
      })
    ).body.authtoken as string;
  /** Makes the session look signed in an hour ago. */
  const age = (token: string) =>
    t.app.db.query(`update sessions set created_at = now() - interval '1 hour' where token_hash = $1`, [
      hashToken(token),
    ]);
  const confirmationsTo = async (email: string) =>
    (
      await t.app.db.query<{ subject: string }>(
        `select subject from mail_queue where to_address = $1 and subject not like 'Reminder:%' and subject <> $2`,
        [email, VERIFICATION_SUBJECT],
      )
    ).rows.map((r) => r.subject);

  it('refuses to turn reminders on from a stale session or for an unverified address, with what to do; a fresh verified one may, and the address is told', async () => {
    const customer = await verifiedCustomer();
    await sweep();
    const link = await unsubscribeLinkTo(customer.email);
    expect((await unsubscribe(link.path)).statusCode).toBe(200);

    await age(customer.token);
    const stale = await turnOn(customer.token);
    expect(stale.status).toBe(403);
    expect(stale.body.error).toBe(
      'Reminder emails were turned off from an email link. To turn them on again, sign in again (within 10 minutes) and try again.',
    );
    // The other preferences still change from that session; reminders stay off.
    const zone = await call(t.app, {
      method: 'PUT',
      url: '/api/auth/preferences',
      token: customer.token,
      payload: { timeZone: 'Europe/Paris', reminderEmails: false },
    });
    expect(zone.body).toMatchObject({ timeZone: 'Europe/Paris', reminderEmails: false });

    await t.app.db.query('update users set email_verified_at = null where email = $1', [customer.email]);
    const unverified = await turnOn(await signIn(customer.email));
    expect(unverified.status).toBe(403);
    expect(unverified.body.error).toBe(
      'Reminder emails were turned off from an email link. To turn them on again, first verify your email address.',
    );
    expect((await preferences(customer.token)).reminderEmails).toBe(false);
    expect(await confirmationsTo(customer.email)).toEqual([]);

    await verifyAddress(t, customer.email);
    const fresh = await signIn(customer.email);
    const allowed = await turnOn(fresh);
    expect(allowed.status).toBe(200);
    expect(allowed.body.reminderEmails).toBe(true);
    expect(await confirmationsTo(customer.email)).toEqual(['Giftwise reminder emails are on again']);

    // Turned off from the profile (not by a link), they come back from any session, with no email.
    await age(fresh);
    await call(t.app, {
      method: 'PUT',
      url: '/api/auth/preferences',
      token: fresh,
      payload: { reminderEmails: false },
    });
    expect((await turnOn(fresh)).status).toBe(200);
    expect(await confirmationsTo(customer.email)).toHaveLength(1);
  });
});
