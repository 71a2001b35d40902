import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERASURE_CANCEL_REASON, WRONG_PASSWORD_ERROR, type FoundCustomer } from '#contract/privacy';

import { hashToken } from '../../server/lib/secrets';
import { createSession } from '../../server/modules/accounts/sessions';
import { DEVICE_THROTTLED_MESSAGE } from '../../server/modules/accounts/signInThrottle';
import { runReminderSweep } from '../../server/modules/reminders/reminderSweep';
import { isoDateFromNow, occasionInput } from '../support/fixtures';
import { ADMIN_ENV, adminLogin, orderStatus, seedCustomer, TEST_ADMIN } from './admin.helpers';
import { call, mailsTo, PASSWORD, startTestApp, until, verifyAddress, type TestApp } from './helpers';
import { placeOrder } from './orders.helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
});
afterAll(() => t.close());

type Customer = Awaited<ReturnType<typeof seedCustomer>>;

const exportOf = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/export', headers: { 'auth-token': token } });

const deleteAccount = (token: string, payload?: object) =>
  call(t.app, { method: 'DELETE', url: '/api/auth/account', token, ...(payload === undefined ? {} : { payload }) });

const count = async (sql: string, params: unknown[]) =>
  (await t.app.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0].n;

/** Moves an order as staff do (so its history records the move). */
async function move(adminToken: string, id: string, status: string) {
  const res = await call(t.app, {
    method: 'PUT',
    url: `/api/admin/updateGiftStatus/${id}`,
    token: adminToken,
    payload: { status },
  });
  if (res.status !== 200) throw new Error(`move failed: ${JSON.stringify(res.body)}`);
}

/**
 * The customer's links as a client gets them: the calendar address from GET /api/calendar, and the one-click
 * unsubscribe link of a reminder email in the outbox. The one place these tests learn the links (how the tokens
 * are stored may change; what a client sees is what must stop working).
 */
async function linksOf(customer: Customer): Promise<{ feed: string; unsubscribe: string }> {
  const feed = new URL(
    (await call(t.app, { method: 'POST', url: '/api/calendar/rotate', token: customer.token })).body.url as string,
  ).pathname;
  // Reminders go only to verified addresses.
  await verifyAddress(t, customer.email);
  const added = await call(t.app, {
    method: 'POST',
    url: '/api/occasions',
    token: customer.token,
    payload: occasionInput({
      recipientName: 'Lina',
      date: isoDateFromNow(7),
      repeatsYearly: false,
      remindDaysBefore: [7],
    }),
  });
  if (added.status !== 201) throw new Error(`occasion failed: ${JSON.stringify(added.body)}`);
  await runReminderSweep(t.app.db, { now: new Date(), publicUrl: 'http://app.test', dailyLimit: 20 });
  const mail = await until(
    () => mailsTo(t.dataDir, customer.email).find((m) => m.includes('Subject: Reminder:')),
    'the reminder email in the outbox',
  );
  const unfolded = mail.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');
  const link = /<http:\/\/app\.test(\/api\/reminders\/unsubscribe\/[\w-]+)>/.exec(unfolded);
  if (!link) throw new Error('no unsubscribe link in the reminder email');
  return { feed, unsubscribe: link[1] };
}

/** A customer with something in every place personal data is kept. */
async function customerWithData(adminToken: string) {
  const customer = await seedCustomer(t.app);
  const orders = {
    new: await placeOrder(t.app, customer.token, { recipientName: 'Nora New', comments: 'ring twice' }),
    processed: await placeOrder(t.app, customer.token, { recipientName: 'Paul Processed' }),
    finished: await placeOrder(t.app, customer.token, { recipientName: 'Fiona Finished', budget: '75' }),
  };
  await move(adminToken, orders.processed, 'processed');
  await move(adminToken, orders.finished, 'processed');
  await move(adminToken, orders.finished, 'finished');
  await call(t.app, {
    method: 'POST',
    url: '/api/occasions',
    token: customer.token,
    payload: occasionInput({ recipientName: 'Olga Occasion' }),
  });
  await call(t.app, {
    method: 'POST',
    url: '/api/auth/putNote',
    payload: { type: 'Support', Pname: 'Me', Pemail: customer.email, details: 'Where is my order to Nora?' },
  });
  await call(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: customer.email } });
  const second = await call(t.app, {
    method: 'POST',
    url: '/api/auth/loginuser',
    payload: { email: customer.email, password: PASSWORD },
  });
  // A failed sign-in after it (a success clears the count), typed in capitals: counted by the email, lower-cased.
  const failed = await call(t.app, {
    method: 'POST',
    url: '/api/auth/loginuser',
    payload: { email: customer.email.toUpperCase(), password: 'not the password' },
  });
  if (failed.status !== 401) throw new Error(`the failed sign-in answered ${failed.status}`);
  return { ...customer, orders, secondToken: second.body.authtoken as string };
}

/** Failed sign-ins on the admin form with a customer's email: about that admin sign-in, not the customer's account. */
const seedAdminSignInFailure = (email: string) =>
  t.app.db.query(
    `insert into sign_in_failures (kind, email, failures, last_failure_at) values ('admin', lower($1), 3, now())`,
    [email],
  );

describe('GET /api/auth/export', () => {
  it('answers a dated JSON file of everything stored about the customer, without a secret', async () => {
    const admin = await adminLogin(t.app);
    const me = await customerWithData(admin);
    const other = await customerWithData(admin);
    const { feed } = await linksOf(me);
    await call(t.app, {
      method: 'PUT',
      url: '/api/auth/preferences',
      token: me.token,
      payload: { orderEmails: false },
    });
    await seedAdminSignInFailure(me.email);

    const res = await exportOf(me.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="giftwise-data-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const file = res.json();
    expect(file.format).toBe(2);
    expect(Date.parse(file.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(file.profile).toMatchObject({
      email: me.email,
      name: 'Test Customer',
      address: '12 Rose Street, Springfield',
      phone: expect.stringMatching(/^\d{10}$/),
      cardLastFourDigits: '4242',
      createdAt: expect.any(String),
    });
    expect(file.preferences).toMatchObject({ orderEmails: false, reminderEmails: true, timeZone: 'UTC' });

    const byRecipient = Object.fromEntries(file.orders.map((o: Record<string, unknown>) => [o.recipientName, o]));
    expect(Object.keys(byRecipient).sort()).toEqual(['Fiona Finished', 'Nora New', 'Paul Processed']);
    expect(byRecipient['Nora New']).toMatchObject({ comments: 'ring twice', status: 'new' });
    expect(byRecipient['Fiona Finished']).toMatchObject({ budget: '75', phoneNumber: expect.any(String) });
    expect(byRecipient['Fiona Finished'].statusHistory.map((e: { toStatus: string }) => e.toStatus)).toEqual([
      'new',
      'processed',
      'finished',
    ]);
    // The people the occasions are for, each with their dates (occasions rows) and gift ideas.
    type ExportedPerson = { id: string; name: string; dates: Array<{ id: string }>; giftIdeas: unknown[] };
    const people = file.people as ExportedPerson[];
    expect(people.map((p) => p.name).sort()).toEqual(['Lina', 'Olga Occasion']);
    const lina = people.find((p) => p.name === 'Lina')!;
    expect(lina.dates).toHaveLength(1);
    expect(lina.giftIdeas).toEqual([]);
    const occasionOf = (id: string) => file.occasions.find((o: { id: string }) => o.id === id);
    expect(occasionOf(lina.dates[0].id)).toMatchObject({ personId: lina.id });
    expect(occasionOf(lina.dates[0].id).remindersSent).toHaveLength(1);
    expect(file.occasions).toHaveLength(2);
    expect(file.enquiries).toEqual([
      expect.objectContaining({ email: me.email, details: 'Where is my order to Nora?' }),
    ]);
    expect(file.sessions).toHaveLength(2);
    for (const session of file.sessions) {
      expect(Object.keys(session)).toEqual(expect.arrayContaining(['createdAt', 'expiresAt', 'kind']));
      expect(Object.keys(session)).not.toContain('tokenHash');
    }
    expect(file.emails.map((m: { subject: string }) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('Reset'), expect.stringContaining('Reminder:')]),
    );
    for (const mail of file.emails)
      expect(Object.keys(mail).sort()).toEqual(['createdAt', 'sentAt', 'status', 'subject']);
    // The failed sign-ins counted against the account's email; not those of an admin sign-in with the same email.
    expect(file.signInFailures).toEqual([
      { kind: 'customer', email: me.email.toLowerCase(), failures: 1, lastFailureAt: expect.any(String) },
    ]);
    expect(Date.parse(file.signInFailures[0].lastFailureAt)).toBeGreaterThan(Date.now() - 60_000);

    // The product's words, not the database's column names: no snake_case key, no abbreviation, no internal flag.
    const keys = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          keys.add(key);
          collect(inner);
        }
    };
    collect(file);
    expect([...keys].filter((key) => key.includes('_'))).toEqual([]);
    for (const column of ['phno', 'budgetCents', 'enrolOnly', 'secondFactorAt', 'idleMinutes', 'nextCheckAt'])
      expect(keys).not.toContain(column);

    // No secret, in any section: the password's hash, a session token or its hash, the feed or unsubscribe token,
    // a reset link's hash, the card number beyond its last four digits.
    const text = res.body;
    const secrets = [
      ...(await t.app.db.query<{ v: string }>('select password_hash as v from users where id = $1', [me.userId])).rows,
      ...(await t.app.db.query<{ v: string }>('select token_hash as v from sessions where user_id = $1', [me.userId]))
        .rows,
      ...(
        await t.app.db.query<{ v: string }>('select token_hash as v from password_resets where user_id = $1', [
          me.userId,
        ])
      ).rows,
    ].map((r) => r.v);
    secrets.push(
      me.token,
      me.secondToken,
      hashToken(me.token),
      feed
        .split('/')
        .pop()!
        .replace(/\.ics$/, ''),
    );
    expect(secrets.length).toBeGreaterThanOrEqual(7);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/4242 ?4242/);
    // Nor a field named for one.
    expect(text).not.toMatch(/"[a-z_]*(password|token|hash|secret)[a-z_]*":/i);

    // Nothing of another customer's.
    for (const theirs of [other.email, other.userId, ...Object.values(other.orders)])
      expect(text).not.toContain(theirs);
  });

  it('is for a signed-in customer only, and rate limited per customer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/export' })).statusCode).toBe(401);
    expect((await exportOf(await adminLogin(t.app))).statusCode).toBe(401);
    const customer = await seedCustomer(t.app);
    for (let i = 0; i < 5; i++) expect((await exportOf(customer.token)).statusCode).toBe(200);
    const refused = await exportOf(customer.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/Too many attempts/);
    // Another customer's count is their own.
    expect((await exportOf((await seedCustomer(t.app)).token)).statusCode).toBe(200);
  });
});

describe('DELETE /api/auth/account', () => {
  /** Every row tied to the customer, counted, to show a refused delete changed nothing. */
  const footprint = async (c: Customer) => ({
    users: await count('users where id = $1', [c.userId]),
    sessions: await count('sessions where user_id = $1 and revoked_at is null', [c.userId]),
    orders: await count('gift_orders where user_id = $1', [c.userId]),
    open: await count(`gift_orders where user_id = $1 and status in ('new', 'processed')`, [c.userId]),
    occasions: await count('occasions where user_id = $1', [c.userId]),
    people: await count('people where user_id = $1', [c.userId]),
    notes: await count('notes where email = $1', [c.email]),
    mail: await count('mail_queue where to_address = $1', [c.email]),
    resets: await count('password_resets where user_id = $1', [c.userId]),
    signInFailures: await count(`sign_in_failures where kind = 'customer' and email = lower($1)`, [c.email]),
    erasures: await count('erasures', []),
  });

  it('with a wrong or missing password changes nothing, and says why', async () => {
    const me = await customerWithData(await adminLogin(t.app));
    const before = await footprint(me);
    expect(before).toMatchObject({
      users: 1,
      sessions: 2,
      orders: 3,
      open: 2,
      occasions: 1,
      people: 1,
      notes: 1,
      resets: 1,
      signInFailures: 1,
    });

    const wrong = await deleteAccount(me.token, { password: 'not my password at all' });
    expect(wrong).toEqual({ status: 403, body: { success: false, error: WRONG_PASSWORD_ERROR } });
    const missing = await deleteAccount(me.token, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/Password is required/);
    expect((await deleteAccount(me.token)).status).toBe(400);
    expect(
      (await call(t.app, { method: 'DELETE', url: '/api/auth/account', payload: { password: PASSWORD } })).status,
    ).toBe(401);
    // An admin token does not open a customer's door.
    expect((await deleteAccount(await adminLogin(t.app), { password: PASSWORD })).status).toBe(401);

    expect(await footprint(me)).toEqual(before);
    expect((await call(t.app, { method: 'GET', url: '/api/auth/check', token: me.token })).status).toBe(200);
  });

  it('deletes everything personal, cancels open orders and keeps finished ones without the person', async () => {
    const admin = await adminLogin(t.app);
    const me = await customerWithData(admin);
    const other = await customerWithData(admin);
    const otherBefore = await footprint(other);
    const limiterKey = hashToken(`shared\norders:${me.userId}`);
    expect(await count('rate_limit_hits where key = $1', [limiterKey])).toBe(1);
    // The occasion and people writes' count (one for both).
    const occasionsKey = hashToken(`shared\noccasions:${me.userId}`);
    expect(await count('rate_limit_hits where key = $1', [occasionsKey])).toBe(1);
    await seedAdminSignInFailure(me.email);

    const res = await deleteAccount(me.token, { password: PASSWORD });
    expect(res).toEqual({ status: 200, body: { success: true, ordersKept: 3 } });

    expect(await footprint(me)).toMatchObject({
      users: 0,
      sessions: 0,
      orders: 0,
      occasions: 0,
      people: 0,
      notes: 0,
      mail: 0,
      resets: 0,
      signInFailures: 0,
    });
    expect(await count('sessions where user_id = $1', [me.userId])).toBe(0);
    expect(await count('rate_limit_hits where key = $1', [limiterKey])).toBe(0);
    expect(await count('rate_limit_hits where key = $1', [occasionsKey])).toBe(0);
    expect(await count(`sign_in_failures where kind = 'admin' and email = lower($1)`, [me.email])).toBe(1);

    const kept = (
      await t.app.db.query<Record<string, unknown>>(
        `select id::text, user_id, status, status_reason, recipient_name, relationship, occasion, gender, address,
                phone_number, email, interests, comments, budget, default_option, date::text, api_json
           from gift_orders where id = any($1::uuid[]) order by id`,
        [Object.values(me.orders)],
      )
    ).rows;
    expect(kept).toHaveLength(3);
    for (const order of kept) {
      expect(order).toMatchObject({ user_id: null, recipient_name: '', relationship: '', occasion: '', gender: '' });
      expect(order).toMatchObject({ address: '', phone_number: '', email: '', interests: '', comments: '' });
      expect(order.default_option).toBe('Flowers');
      expect(order.api_json).not.toMatch(/Nora|Paul|Fiona|ring twice|Elm Road/);
    }
    const statusOf = (id: string) => kept.find((o) => o.id === id)!;
    expect(statusOf(me.orders.finished)).toMatchObject({ status: 'finished', budget: '75' });
    for (const id of [me.orders.new, me.orders.processed]) {
      expect(statusOf(id)).toMatchObject({ status: 'rejected', status_reason: ERASURE_CANCEL_REASON });
    }
    // The cancellation is in each order's history, as the move staff would have made.
    const history = await t.app.db.query<{ from_status: string; to_status: string; reason: string }>(
      'select from_status, to_status, reason from order_status_events where order_id = $1 order by changed_at desc, id desc limit 1',
      [me.orders.processed],
    );
    expect(history.rows[0]).toEqual({ from_status: 'processed', to_status: 'rejected', reason: ERASURE_CANCEL_REASON });

    // Staff still see the kept order, without a customer.
    const details = await call(t.app, {
      method: 'POST',
      url: '/api/admin/getOrderDetails',
      token: admin,
      payload: { order_id: me.orders.finished },
    });
    expect(details.status).toBe(200);
    expect(details.body.userDetails).toMatchObject({
      name: 'Erased customer',
      email: '',
      address: '',
      phno: '',
      cardNumber: '',
    });
    const finishedList = await call(t.app, {
      method: 'POST',
      url: '/api/admin/getOrders',
      token: admin,
      payload: { status: 'finished', limit: 100 },
    });
    expect(finishedList.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: me.orders.finished, customerName: 'Erased customer', customerEmail: '' }),
      ]),
    );

    // The history keeps who and when, and nothing of the person.
    const [erasure] = (
      await t.app.db.query<Record<string, unknown>>('select * from erasures order by id desc limit 1', [])
    ).rows;
    expect(erasure).toMatchObject({
      erased_by: 'customer',
      admin_email: null,
      orders_kept: 3,
      subject_ref: createHash('sha256').update(me.userId).digest('hex'),
    });
    expect(JSON.stringify(erasure)).not.toContain(me.email);

    // Another customer's data is untouched; the email can sign up afresh.
    expect(await footprint(other)).toEqual({ ...otherBefore, erasures: otherBefore.erasures + 1 });
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/auth/createUser',
      payload: { name: 'New', email: me.email, password: PASSWORD },
    });
    expect(again.status).toBe(201);
  });

  it("ends the customer's token, calendar feed and unsubscribe link at once", async () => {
    const me = await seedCustomer(t.app);
    const links = await linksOf(me);
    expect((await t.app.inject({ method: 'GET', url: links.feed })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: links.unsubscribe })).statusCode).toBe(200);

    expect((await deleteAccount(me.token, { password: PASSWORD })).status).toBe(200);

    expect((await call(t.app, { method: 'GET', url: '/api/auth/check', token: me.token })).status).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/gifts/getgifts', headers: { 'auth-token': me.token } }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: links.feed })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: links.unsubscribe })).statusCode).toBe(404);
  });

  it("counts wrong passwords in the account's sign-in throttle, from any address", async () => {
    // A borrowed session cannot guess its way to erasing faster than sign-in could, even from many addresses.
    const me = await seedCustomer(t.app);
    const deleteFrom = (n: number, password: string) =>
      call(t.app, {
        method: 'DELETE',
        url: '/api/auth/account',
        token: me.token,
        payload: { password },
        remoteAddress: `198.51.100.${n}`,
      });
    for (let n = 1; n <= 5; n++) expect((await deleteFrom(n, 'not my password at all')).status).toBe(403);
    const throttled = await deleteFrom(6, PASSWORD);
    // The session's own browser (its device credential, decision 0041) counts them: it waits, then is locked out.
    expect(throttled).toEqual({
      status: 429,
      body: { success: false, error: `${DEVICE_THROTTLED_MESSAGE} Try again in 1 second.` },
    });
    expect(await count('users where id = $1', [me.userId])).toBe(1);
  });

  it('is rate limited like sign-in', async () => {
    const limited = await startTestApp({ AUTH_RATE_LIMIT: '2' });
    try {
      const customer = await seedCustomer(limited.app);
      for (let i = 0; i < 2; i++) {
        const res = await call(limited.app, {
          method: 'DELETE',
          url: '/api/auth/account',
          token: customer.token,
          payload: { password: 'wrong password here' },
        });
        expect(res.status).toBe(403);
      }
      const res = await call(limited.app, {
        method: 'DELETE',
        url: '/api/auth/account',
        token: customer.token,
        payload: { password: PASSWORD },
      });
      expect(res.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/admin/eraseCustomer', () => {
  it("erases a customer's account on request, recorded with the admin and time but not the person", async () => {
    const admin = await adminLogin(t.app);
    const them = await customerWithData(admin);
    const { feed } = await linksOf(them);

    const res = await call(t.app, {
      method: 'POST',
      url: '/api/admin/eraseCustomer',
      token: admin,
      payload: { email: them.email.toUpperCase() },
    });
    expect(res).toEqual({ status: 200, body: { success: true, ordersKept: 3 } });

    expect(await count('users where id = $1', [them.userId])).toBe(0);
    expect(await count('occasions where user_id = $1', [them.userId])).toBe(0);
    expect(await count('notes where email = $1', [them.email])).toBe(0);
    expect(await count(`sign_in_failures where kind = 'customer' and email = lower($1)`, [them.email])).toBe(0);
    expect((await call(t.app, { method: 'GET', url: '/api/auth/check', token: them.token })).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: feed })).statusCode).toBe(404);
    expect(
      await count(`gift_orders where id = $1 and user_id is null and recipient_name = '' and status = 'finished'`, [
        them.orders.finished,
      ]),
    ).toBe(1);

    const [erasure] = (
      await t.app.db.query<Record<string, unknown>>('select * from erasures order by id desc limit 1', [])
    ).rows;
    expect(erasure).toMatchObject({
      erased_by: 'staff',
      admin_email: TEST_ADMIN.email,
      orders_kept: 3,
      subject_ref: createHash('sha256').update(them.userId).digest('hex'),
    });
    expect(Date.now() - new Date(erasure.erased_at as string).getTime()).toBeLessThan(60_000);
    expect(JSON.stringify(erasure)).not.toContain(them.email);
  });

  it('erases what staff and the customer typed about the person on the kept orders; staff see "Erased customer"', async () => {
    const admin = await adminLogin(t.app);
    const them = await seedCustomer(t.app);
    const admit = async (res: { status: number; body: Record<string, unknown> }) => {
      if (res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    };
    const [delivered, rejected] = [await placeOrder(t.app, them.token), await placeOrder(t.app, them.token)];
    const adminCall = (method: 'POST' | 'PUT', url: string, payload: object) =>
      call(t.app, { method, url, token: admin, payload });
    await admit(
      await adminCall('POST', `/api/admin/gifts/${delivered}/proposal`, {
        title: 'Lavender candle set',
        description: 'Nora at 221 Baker St. loves lavender',
        price: '49.99',
      }),
    );
    await admit(
      await call(t.app, { method: 'POST', url: `/api/gifts/${delivered}/proposal/approve`, token: them.token }),
    );
    // Approving moves it on to processed.
    expect(await orderStatus(t.app, delivered)).toBe('processed');
    await admit(
      await adminCall('PUT', `/api/admin/updateGiftStatus/${delivered}`, {
        status: 'finished',
        note: 'Left with the concierge at 221 Baker St.',
      }),
    );
    await admit(
      await adminCall('POST', `/api/admin/orders/${delivered}/notes`, {
        body: 'Her neighbour at 221 Baker St. takes parcels',
      }),
    );
    await admit(
      await adminCall('PUT', `/api/admin/updateGiftStatus/${rejected}`, {
        status: 'rejected',
        reason: 'Nora moved away from 221 Baker St.',
      }),
    );
    const everything = async () =>
      JSON.stringify(
        (
          await t.app.db.query(
            `select (select json_agg(o) from gift_orders o where o.id = any($1::uuid[])) as orders,
                    (select json_agg(e) from order_status_events e where e.order_id = any($1::uuid[])) as moves,
                    (select json_agg(v) from order_events v where v.order_id = any($1::uuid[])) as journey,
                    (select json_agg(n) from order_notes n where n.order_id = any($1::uuid[])) as notes`,
            [[delivered, rejected]],
          )
        ).rows,
      );
    const before = await everything();
    for (const typed of ['Nora at 221', 'Left with the concierge', 'Her neighbour', 'Nora moved away'])
      expect(before).toContain(typed);

    await admit(await adminCall('POST', '/api/admin/eraseCustomer', { email: them.email }));
    expect(await everything()).not.toContain('Baker');

    // Staff's screens and the CSV say whose order it was, rather than a blank, and hold nothing of the person.
    const details = await adminCall('POST', '/api/admin/getOrderDetails', { order_id: delivered });
    expect(details.body.userDetails).toMatchObject({ name: 'Erased customer', email: '' });
    expect(JSON.stringify(details.body)).not.toContain('Baker');
    const list = await adminCall('POST', '/api/admin/getOrders', { status: 'rejected', limit: 100 });
    expect(list.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: rejected, customerName: 'Erased customer' })]),
    );
    expect(JSON.stringify(list.body)).not.toContain('Baker');
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv', headers: { 'auth-token': admin } });
    const row = csv.body.split('\r\n').find((line) => line.startsWith(delivered));
    expect(row).toContain(',Erased customer,');
    expect(csv.body).not.toContain('Baker');
  });

  it('answers 404 for an email with no account, 400 for no email, and only to staff', async () => {
    const admin = await adminLogin(t.app);
    const before = await count('erasures', []);
    const none = await call(t.app, {
      method: 'POST',
      url: '/api/admin/eraseCustomer',
      token: admin,
      payload: { email: 'nobody.here@example.com' },
    });
    expect(none).toEqual({ status: 404, body: { success: false, error: 'No customer account has this email' } });
    expect(await call(t.app, { method: 'POST', url: '/api/admin/eraseCustomer', token: admin, payload: {} })).toEqual({
      status: 400,
      body: { success: false, error: 'Email is required' },
    });
    const customer = await seedCustomer(t.app);
    const asCustomer = await call(t.app, {
      method: 'POST',
      url: '/api/admin/eraseCustomer',
      token: customer.token,
      payload: { email: customer.email },
    });
    expect(asCustomer.status).toBe(401);
    expect(await count('users where id = $1', [customer.userId])).toBe(1);
    expect(await count('erasures', [])).toBe(before);
  });
  it('wants a recent second factor: a code passed more than ADMIN_FRESH_FACTOR_MINUTES ago is asked again', async () => {
    const admin = await adminLogin(t.app);
    const customer = await seedCustomer(t.app);
    await t.app.db.query("update sessions set second_factor_at = now() - interval '6 minutes' where token_hash = $1", [
      hashToken(admin),
    ]);
    const before = await count('erasures', []);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/admin/eraseCustomer',
      token: admin,
      payload: { email: customer.email },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, secondFactor: 'totp' });
    expect(await count('users where id = $1', [customer.userId])).toBe(1);
    expect(await count('erasures', [])).toBe(before);
  });
});

describe('GET /api/admin/customers (find a customer by email)', () => {
  const findCustomer = (token: string, query: string) =>
    call(t.app, { method: 'GET', url: `/api/admin/customers?${query}`, token });

  it('finds the account by its email in any letter case, with or without orders, and what erasing it would touch', async () => {
    const admin = await adminLogin(t.app);
    const busy = await customerWithData(admin);
    const res = await findCustomer(admin, `email=${encodeURIComponent(`  ${busy.email.toUpperCase()} `)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      customer: {
        id: busy.userId,
        name: 'Test Customer',
        email: busy.email,
        createdAt: expect.any(String),
        orders: 3,
        openOrders: 2,
        people: 1,
      },
    });
    expect(Date.now() - Date.parse((res.body.customer as FoundCustomer).createdAt)).toBeLessThan(60_000);

    // A customer with no order (whom View Order never shows) is found too; the answer's email erases them.
    const quiet = await seedCustomer(t.app);
    const found = await findCustomer(admin, `email=${encodeURIComponent(quiet.email)}`);
    expect(found.body.customer).toMatchObject({ email: quiet.email, orders: 0, openOrders: 0, people: 0 });
    const erased = await call(t.app, {
      method: 'POST',
      url: '/api/admin/eraseCustomer',
      token: admin,
      payload: { email: (found.body.customer as FoundCustomer).email },
    });
    expect(erased).toEqual({ status: 200, body: { success: true, ordersKept: 0 } });
    expect(await findCustomer(admin, `email=${encodeURIComponent(quiet.email)}`)).toEqual({
      status: 404,
      body: { success: false, error: 'No customer account has this email' },
    });
  });

  it('answers 400 naming the email for a malformed or missing one, 404 for an unknown one', async () => {
    const admin = await adminLogin(t.app);
    expect(await findCustomer(admin, 'email=nobody.here%40example.com')).toEqual({
      status: 404,
      body: { success: false, error: 'No customer account has this email' },
    });
    expect(await findCustomer(admin, 'email=not-an-email')).toEqual({
      status: 400,
      body: { success: false, error: 'Enter a valid email address' },
    });
    for (const [query, error] of [
      ['', 'Email is required'],
      ['mail=ann%40example.com', 'Email is required'],
      ['email=', 'Enter a valid email address'],
      [`email=${'a'.repeat(250)}%40example.com`, 'Email is too long'],
    ]) {
      expect(await findCustomer(admin, query), query).toEqual({ status: 400, body: { success: false, error } });
    }
  });

  it("is staff's only: a customer's token is refused with 401, an admin's that must still enrol with 403", async () => {
    const customer = await seedCustomer(t.app);
    const query = `email=${encodeURIComponent(customer.email)}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/customers?${query}` })).statusCode).toBe(401);
    expect((await findCustomer(customer.token, query)).status).toBe(401);
    const { rows } = await t.app.db.query<{ id: string }>('select id from admins where email = $1', [TEST_ADMIN.email]);
    const enrolOnly = await createSession(t.app.db, 'admin', rows[0].id, {
      lifetime: t.app.config.adminSession,
      start: { enrolOnly: true },
    });
    const refused = await findCustomer(enrolOnly, query);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/^Set up your second factor first/);
  });
});
