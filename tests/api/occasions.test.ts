import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { VERIFICATION_SUBJECT } from '../../server/modules/accounts/emailVerification';
import { runReminderSweep } from '../../server/modules/reminders/reminderSweep';
import { isoDateFromNow, occasionInput } from '../support/fixtures';
import { call, signUp, signUpWithProfile, startTestApp, verifyAddress, type TestApp } from './helpers';
import { placeOrder } from './orders.helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ REMINDER_SWEEP_SECONDS: '86400', MAX_OCCASIONS: '5' }, { holdMail: true });
});
afterAll(() => t.close());

const addOccasion = async (token: string, overrides: Record<string, unknown> = {}) => {
  const res = await call(t.app, { method: 'POST', url: '/api/occasions', token, payload: occasionInput(overrides) });
  if (res.status !== 201) throw new Error(`add occasion failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
};
const listOccasions = async (token: string) =>
  (await call(t.app, { method: 'GET', url: '/api/occasions', token })).body.data as Array<Record<string, unknown>>;
const upcoming = async (token: string, days?: number) =>
  (await call(t.app, { method: 'GET', url: `/api/occasions/upcoming${days ? `?days=${days}` : ''}`, token })).body
    .data as Array<Record<string, unknown>>;

/** The month and day of a date `days` from today, in some past year: a yearly occasion due then. */
const recurringIn = (days: number) => `1990-${isoDateFromNow(days).slice(5)}`;

describe('occasions: add, list, edit, delete', () => {
  it('adds with the defaults (yearly, reminded 30 and 7 days before, no gift preferences) and lists it', async () => {
    const { token } = await signUp(t.app);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/occasions',
      token,
      payload: { recipientName: 'Leo', relationship: 'Brother', occasion: 'Birthday', date: '1994-07-09' },
    });
    expect(res.status).toBe(201);
    expect(await listOccasions(token)).toEqual([
      {
        _id: res.body._id,
        recipientName: 'Leo',
        relationship: 'Brother',
        occasion: 'Birthday',
        date: '1994-07-09',
        repeatsYearly: true,
        remindDaysBefore: [30, 7],
        gender: '',
        address: '',
        phoneNumber: '',
        email: '',
        interests: '',
        budget: '',
        defaultOption: 'None',
        comments: '',
      },
    ]);
  });

  it('replaces the whole occasion as GET answered it (with its _id), and deletes it', async () => {
    const { token } = await signUp(t.app);
    const id = await addOccasion(token);
    const [stored] = await listOccasions(token);
    const edited = { ...stored, remindDaysBefore: [14, 1, 0], interests: 'Gardening', budget: '40' };
    expect(await call(t.app, { method: 'PUT', url: `/api/occasions/${id}`, token, payload: edited })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await listOccasions(token))[0]).toEqual({ ...edited, remindDaysBefore: [14, 1, 0] });
    expect(await call(t.app, { method: 'DELETE', url: `/api/occasions/${id}`, token })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await listOccasions(token)).toEqual([]);
  });

  it("joins an occasion to the customer's person of that name: one person, the details given win, blanks keep theirs", async () => {
    const { token, email } = await signUp(t.app);
    const birthday = await addOccasion(token, { recipientName: 'Mum', address: '1 Old Road', interests: 'Roses' });
    const mothersDay = await addOccasion(token, {
      recipientName: ' mum ',
      occasion: "Mother's Day",
      address: '2 New Road',
      interests: '',
    });
    const { rows } = await t.app.db.query<{ n: number }>(
      'select count(*)::int as n from people p join users u on u.id = p.user_id where u.email = $1',
      [email],
    );
    expect(rows[0].n).toBe(1);
    const listed = await listOccasions(token);
    expect(listed.map((o) => [o._id, o.recipientName, o.address, o.interests])).toEqual(
      expect.arrayContaining([
        [birthday, 'Mum', '2 New Road', 'Roses'],
        [mothersDay, 'Mum', '2 New Road', 'Roses'],
      ]),
    );
    // Changing the address on one occasion changes it for every date of that person.
    const [first] = listed;
    await call(t.app, {
      method: 'PUT',
      url: `/api/occasions/${first._id as string}`,
      token,
      payload: { ...first, address: '3 Elm Street' },
    });
    expect((await listOccasions(token)).map((o) => o.address)).toEqual(['3 Elm Street', '3 Elm Street']);
    // Renaming the recipient of one occasion moves it to the person of the new name (made for it).
    await call(t.app, {
      method: 'PUT',
      url: `/api/occasions/${mothersDay}`,
      token,
      payload: { ...listed.find((o) => o._id === mothersDay), recipientName: 'Gran' },
    });
    expect(Object.fromEntries((await listOccasions(token)).map((o) => [o._id, o.recipientName]))).toEqual({
      [birthday]: 'Mum',
      [mothersDay]: 'Gran',
    });
  });

  it.each([
    ['no recipient', { recipientName: '' }, 'Recipient name is required'],
    ['a date that is not one', { date: '2030-02-30' }, 'Date must be a real date written YYYY-MM-DD'],
    ['repeatsYearly as text', { repeatsYearly: 'yes' }, 'repeatsYearly must be true or false'],
    ['a reminder beyond 90 days', { remindDaysBefore: [91] }, 'Reminder days must be from 0 to 90'],
    ['a negative reminder', { remindDaysBefore: [-1] }, 'Reminder days must be from 0 to 90'],
    ['the same day twice', { remindDaysBefore: [7, 7] }, 'Reminder days must be different from each other'],
    ['six reminders', { remindDaysBefore: [1, 2, 3, 4, 5, 6] }, 'At most 5 reminders per occasion'],
    ['a fractional day', { remindDaysBefore: [1.5] }, 'Reminder days must be whole numbers'],
    ['a bad phone', { phoneNumber: '12' }, 'Phone number must be exactly 10 digits'],
    ['a bad budget', { budget: 'lots' }, 'Budget must be an amount in dollars, like 50 or 49.99'],
    ['an unknown key', { colour: 'red' }, 'colour'],
  ])('refuses %s with a clear 400 and stores nothing', async (_what, overrides, message) => {
    const { token } = await signUp(t.app);
    const res = await call(t.app, { method: 'POST', url: '/api/occasions', token, payload: occasionInput(overrides) });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toContain(message);
    expect(await listOccasions(token)).toEqual([]);
  });

  it('refuses a bad edit and changes nothing', async () => {
    const { token } = await signUp(t.app);
    const id = await addOccasion(token);
    const before = await listOccasions(token);
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/occasions/${id}`,
      token,
      payload: { ...before[0], remindDaysBefore: 'soon' },
    });
    expect(res.status).toBe(400);
    expect(await listOccasions(token)).toEqual(before);
  });

  it("answers 404 for another customer's occasion, a malformed id and an unknown one, changing nothing", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const id = await addOccasion(owner.token);
    for (const target of [id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const put = await call(t.app, {
        method: 'PUT',
        url: `/api/occasions/${target}`,
        token: other.token,
        payload: occasionInput({ recipientName: 'Mallory' }),
      });
      expect(put).toEqual({ status: 404, body: { success: false, error: 'Occasion not found' } });
      const del = await call(t.app, { method: 'DELETE', url: `/api/occasions/${target}`, token: other.token });
      expect(del.status).toBe(404);
    }
    expect((await listOccasions(owner.token)).map((o) => o.recipientName)).toEqual(['Grandma Rose']);
    expect(await listOccasions(other.token)).toEqual([]);
  });

  it('keeps at most MAX_OCCASIONS per customer (409), even when they arrive at once', async () => {
    const { token } = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(t.app, {
          method: 'POST',
          url: '/api/occasions',
          token,
          payload: occasionInput({ recipientName: `P${i}` }),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    expect(await listOccasions(token)).toHaveLength(5);
    // A refused occasion leaves no person behind: only the five with a date are people.
    const people = await call(t.app, { method: 'GET', url: '/api/people', token });
    expect(people.body.data).toHaveLength(5);
  });

  it('keeps MAX_PEOPLE and MAX_DATES_PER_PERSON through this call too (409), changing nothing', async () => {
    const limited = await startTestApp({ MAX_PEOPLE: '2', MAX_DATES_PER_PERSON: '2' });
    try {
      const { token } = await signUp(limited.app);
      const add = (overrides: Record<string, unknown>) =>
        call(limited.app, { method: 'POST', url: '/api/occasions', token, payload: occasionInput(overrides) });
      expect((await add({ recipientName: 'Ann' })).status).toBe(201);
      expect((await add({ recipientName: 'Ann', occasion: 'Anniversary' })).status).toBe(201);
      expect(await add({ recipientName: 'ann', occasion: 'Christmas', address: '9 New Street' })).toEqual({
        status: 409,
        body: { success: false, error: 'This person already has 2 dates, the most we keep for one person' },
      });
      expect((await add({ recipientName: 'Bo' })).status).toBe(201);
      expect(await add({ recipientName: 'Cy' })).toEqual({
        status: 409,
        body: { success: false, error: 'You already keep 2 people, the most we keep for one account' },
      });
      const people = (await call(limited.app, { method: 'GET', url: '/api/people', token })).body.data as Array<
        Record<string, unknown>
      >;
      expect(people.map((p) => [p.name, p.address]).sort()).toEqual([
        ['Ann', ''],
        ['Bo', ''],
      ]);
    } finally {
      await limited.close();
    }
  });

  it('refuses every call without a customer token, and an admin token too (401)', async () => {
    const admin = await call(t.app, {
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'admin@localhost', password: 'x' },
    });
    const tokens = [undefined, 'forged-token', admin.body.authtoken as string | undefined];
    for (const token of tokens) {
      for (const [method, url] of [
        ['GET', '/api/occasions'],
        ['POST', '/api/occasions'],
        ['PUT', '/api/occasions/00000000-0000-4000-8000-000000000000'],
        ['DELETE', '/api/occasions/00000000-0000-4000-8000-000000000000'],
        ['GET', '/api/occasions/upcoming'],
        ['GET', '/api/auth/preferences'],
        ['PUT', '/api/auth/preferences'],
        ['GET', '/api/calendar'],
        ['POST', '/api/calendar/rotate'],
      ] as const) {
        const res = await call(t.app, {
          method,
          url,
          token,
          payload: method === 'POST' || method === 'PUT' ? {} : undefined,
        });
        expect(res.status, `${method} ${url}`).toBe(401);
      }
    }
  });
});

describe('upcoming occurrences', () => {
  it('lists the next 60 days soonest first with "days away", and which order covers each', async () => {
    const { token } = await signUpWithProfile(t.app);
    const soon = await addOccasion(token, { recipientName: 'Ava', date: recurringIn(20) });
    const sooner = await addOccasion(token, { recipientName: 'Ben', occasion: 'Anniversary', date: recurringIn(5) });
    await addOccasion(token, { recipientName: 'Cleo', date: recurringIn(90) });
    const once = await addOccasion(token, { recipientName: 'Dan', date: isoDateFromNow(30), repeatsYearly: false });

    // One order names Ava's occasion and date; one for Ben's anniversary without naming it, 3 days before.
    const avaOrder = await placeOrder(t.app, token, {
      recipientName: 'Ava',
      occasion: 'Birthday',
      date: isoDateFromNow(20),
      occasionId: soon,
    });
    const benOrder = await placeOrder(t.app, token, {
      recipientName: 'ben',
      occasion: 'ANNIVERSARY',
      date: isoDateFromNow(2),
    });

    expect(await upcoming(token)).toEqual([
      {
        occasionId: sooner,
        recipientName: 'Ben',
        occasion: 'Anniversary',
        date: isoDateFromNow(5),
        daysAway: 5,
        // No lead times in this app: the order-by day is the date itself.
        orderBy: isoDateFromNow(5),
        orderId: benOrder,
      },
      {
        occasionId: soon,
        recipientName: 'Ava',
        occasion: 'Birthday',
        date: isoDateFromNow(20),
        daysAway: 20,
        // No lead times in this app: the order-by day is the date itself.
        orderBy: isoDateFromNow(20),
        orderId: avaOrder,
      },
      {
        occasionId: once,
        recipientName: 'Dan',
        occasion: 'Birthday',
        date: isoDateFromNow(30),
        daysAway: 30,
        // No lead times in this app: the order-by day is the date itself.
        orderBy: isoDateFromNow(30),
        orderId: null,
      },
    ]);
    expect((await upcoming(token, 100)).map((u) => u.recipientName)).toEqual(['Ben', 'Ava', 'Dan', 'Cleo']);
  });

  it('a rejected order or one too early covers nothing', async () => {
    const { token } = await signUpWithProfile(t.app);
    await addOccasion(token, { recipientName: 'Eve', date: recurringIn(30) });
    await placeOrder(t.app, token, { recipientName: 'Eve', occasion: 'Birthday', date: isoDateFromNow(10) });
    expect((await upcoming(token)).map((u) => u.orderId)).toEqual([null]);
  });

  it.each(['0', '367', 'abc', '1.5'])('refuses days=%s with 400', async (days) => {
    const { token } = await signUp(t.app);
    const res = await call(t.app, { method: 'GET', url: `/api/occasions/upcoming?days=${days}`, token });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('days must be a whole number from 1 to 366');
  });
});

describe('orders for an occasion', () => {
  it("accepts the caller's own occasionId; another customer's answers 404 and places nothing", async () => {
    const owner = await signUpWithProfile(t.app);
    const other = await signUpWithProfile(t.app);
    const id = await addOccasion(owner.token);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/gifts/addgift',
      token: other.token,
      payload: { ...(await import('../support/fixtures')).orderInput(), occasionId: id },
    });
    expect(res).toEqual({ status: 404, body: { success: false, error: 'Occasion not found' } });
    const list = await call(t.app, { method: 'GET', url: '/api/gifts/getgifts', token: other.token });
    expect(list.body).toEqual([]);
    await placeOrder(t.app, owner.token, { occasionId: id });
  });
});

describe('preferences', () => {
  it('defaults to reminders and order emails on, in the time zone given at sign-up', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/createUser',
      payload: {
        name: 'Zoe',
        email: `zoe.${Date.now()}@example.com`,
        password: 'correct horse battery',
        timeZone: 'Asia/Tokyo',
      },
    });
    const token = res.body.authtoken as string;
    expect(await call(t.app, { method: 'GET', url: '/api/auth/preferences', token })).toEqual({
      status: 200,
      body: { success: true, timeZone: 'Asia/Tokyo', reminderEmails: true, orderEmails: true },
    });
  });

  it('changes the fields sent, keeps the others, and accepts its own answer sent back', async () => {
    const { token } = await signUp(t.app);
    const first = await call(t.app, {
      method: 'PUT',
      url: '/api/auth/preferences',
      token,
      payload: { reminderEmails: false },
    });
    expect(first.body).toEqual({ success: true, timeZone: 'UTC', reminderEmails: false, orderEmails: true });
    const again = await call(t.app, {
      method: 'PUT',
      url: '/api/auth/preferences',
      token,
      payload: { ...first.body, timeZone: 'Europe/Paris' },
    });
    expect(again.body).toEqual({ success: true, timeZone: 'Europe/Paris', reminderEmails: false, orderEmails: true });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus' }, 'Time zone must be an IANA time zone name'],
    [{ reminderEmails: 'no' }, 'reminderEmails must be true or false'],
    [{ orderEmails: 1 }, 'orderEmails must be true or false'],
    [{ theme: 'dark' }, 'theme'],
  ])('refuses %j with 400 and changes nothing', async (payload, message) => {
    const { token } = await signUp(t.app);
    const res = await call(t.app, { method: 'PUT', url: '/api/auth/preferences', token, payload });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    const now = await call(t.app, { method: 'GET', url: '/api/auth/preferences', token });
    expect(now.body).toEqual({ success: true, timeZone: 'UTC', reminderEmails: true, orderEmails: true });
  });

  it('signs up with a time zone this server does not know as UTC (a browser may know more zones)', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/createUser',
      payload: {
        name: 'Tia',
        email: `tz.${Date.now()}@example.com`,
        password: 'correct horse battery',
        timeZone: 'Nowhere/Land',
      },
    });
    expect(res.status).toBe(201);
    const prefs = await call(t.app, {
      method: 'GET',
      url: '/api/auth/preferences',
      token: res.body.authtoken as string,
    });
    expect(prefs.body.timeZone).toBe('UTC');
  });
});

describe('the calendar feed', () => {
  const feed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  it('is an iCalendar of every occasion (yearly when it repeats) and every order date, at a private address', async () => {
    const { token } = await signUpWithProfile(t.app);
    await addOccasion(token, { recipientName: 'Gran', date: '1952-02-29' });
    await addOccasion(token, {
      recipientName: 'Sam',
      occasion: 'Graduation',
      date: '2031-06-20',
      repeatsYearly: false,
    });
    await placeOrder(t.app, token, { recipientName: 'Maya', occasion: 'Birthday', date: isoDateFromNow(12) });
    const { body } = await call(t.app, { method: 'POST', url: '/api/calendar/rotate', token });
    expect(body.url).toMatch(/^http:\/\/app\.test\/api\/calendar\/[\w-]{43}\.ics$/);

    const res = await feed(body.url as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = new ICAL.Component(ICAL.parse(res.body))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .map((e) => ({
        summary: e.summary,
        start: e.startDate.toString(),
        allDay: e.startDate.isDate,
        yearly: e.isRecurring() ? e.component.getFirstPropertyValue('rrule')?.toString() : null,
      }));
    expect(events).toEqual([
      { summary: "Gran's Birthday", start: '1952-02-29', allDay: true, yearly: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1' },
      { summary: "Sam's Graduation", start: '2031-06-20', allDay: true, yearly: null },
      { summary: 'Gift delivery: Maya (Birthday)', start: isoDateFromNow(12), allDay: true, yearly: null },
    ]);
  });

  it('Reset link: a new address, and the old one answers 404; the feed token opens nothing else', async () => {
    const { token } = await signUp(t.app);
    const old = (await call(t.app, { method: 'POST', url: '/api/calendar/rotate', token })).body.url as string;
    const rotated = await call(t.app, { method: 'POST', url: '/api/calendar/rotate', token });
    expect(rotated.body.url).not.toBe(old);
    expect((await feed(old)).statusCode).toBe(404);
    expect((await feed(rotated.body.url as string)).statusCode).toBe(200);
    const feedToken = /calendar\/(.+)\.ics$/.exec(rotated.body.url as string)![1];
    expect((await call(t.app, { method: 'GET', url: '/api/occasions', token: feedToken })).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/${token}.ics` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/nothing-here' })).statusCode).toBe(404);
  });
});

describe('the reminder run (on a fake clock)', () => {
  const queuedTo = async (email: string) =>
    (
      await t.app.db.query<{ subject: string; body: string; headers: Record<string, string> }>(
        'select subject, body, headers from mail_queue where to_address = $1 and subject <> $2 order by id',
        [email, VERIFICATION_SUBJECT],
      )
    ).rows;
  const sweep = (now: string) =>
    runReminderSweep(t.app.db, { now: new Date(now), publicUrl: 'http://app.test', dailyLimit: 20 });
  /** The email's sentence that says what and when ("Ivy's Birthday is in 4 days, on …"): its subject names no one. */
  const whatAndWhen = (mail: { body: string }) => mail.body.split('\n')[2];

  it("sends a 3 January 7-day reminder on 27 December in the customer's zone, exactly once", async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/createUser',
      payload: {
        name: 'Nia',
        email: `nia.${Date.now()}@example.com`,
        password: 'correct horse battery',
        timeZone: 'America/New_York',
      },
    });
    const token = res.body.authtoken as string;
    const email = (
      (await call(t.app, { method: 'GET', url: '/api/auth/getUserDetails', token })).body.data as { email: string }
    ).email;
    await verifyAddress(t, email);
    const id = await addOccasion(token, { recipientName: 'Theo', date: '2001-01-03', remindDaysBefore: [7] });

    // 23:59 on 26 December in New York (04:59 UTC on the 27th): not due yet.
    await sweep('2030-12-27T04:59:00Z');
    expect(await queuedTo(email)).toEqual([]);
    await sweep('2030-12-27T05:00:00Z');
    await sweep('2030-12-27T05:00:00Z');
    await sweep('2030-12-31T12:00:00Z');
    const mails = await queuedTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Reminder: a date is coming up in 7 days');
    // Sent in 2030 (the customer's today), so the date in 2031 carries its year.
    expect(mails[0].body).toContain("Theo's Birthday is in 7 days, on Friday, January 3, 2031.");
    expect(mails[0].body).toMatch(new RegExp(`http://app\\.test/people/[\\w-]+\\?order=${id}&date=2031-01-03\n`));
    const unsubscribe = /<(http:\/\/app\.test\/api\/reminders\/unsubscribe\/[\w-]+)>/.exec(
      mails[0].headers['List-Unsubscribe'],
    )![1];
    expect(mails[0].headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mails[0].body).toContain(unsubscribe);

    // One click, no sign-in: the mail client posts the RFC 8058 form body.
    const click = await t.app.inject({
      method: 'POST',
      url: new URL(unsubscribe).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.json()).toEqual({ success: true });
    expect((await call(t.app, { method: 'GET', url: '/api/auth/preferences', token })).body.reminderEmails).toBe(false);
    // Opening the link only shows a page asking to confirm.
    const page = await t.app.inject({ method: 'GET', url: new URL(unsubscribe).pathname });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop reminder emails');
    expect((await t.app.inject({ method: 'POST', url: '/api/reminders/unsubscribe/unknown' })).statusCode).toBe(404);

    // Reminders off: next year's reminder is decided but not sent.
    await sweep('2031-12-27T12:00:00Z');
    expect(await queuedTo(email)).toHaveLength(1);
  });

  it('after missing both reminders, sends only the nearest one, and none for an occurrence an order covers', async () => {
    const { token, email } = await signUpWithProfile(t.app);
    await verifyAddress(t, email);
    await addOccasion(token, { recipientName: 'Ivy', date: '1985-03-14' });
    const covered = await addOccasion(token, { recipientName: 'Jon', occasion: 'Anniversary', date: '2000-03-16' });
    await placeOrder(t.app, token, {
      recipientName: 'Jon',
      occasion: 'Anniversary',
      date: '2031-03-16',
      occasionId: covered,
    });

    await sweep('2031-03-10T12:00:00Z'); // four days before Ivy's, six before Jon's: 30 and 7 both due
    await sweep('2031-03-11T12:00:00Z');
    // Sent late, it says how far the day really is. (Placing Jon's order sent its "order received" email.)
    const reminders = (await queuedTo(email)).filter((m) => m.subject.startsWith('Reminder:'));
    expect(reminders.map(whatAndWhen)).toEqual(["Ivy's Birthday is in 4 days, on Friday, March 14."]);
  });

  it('a new time zone has every occasion of the customer decided again at the next run', async () => {
    const { token } = await signUp(t.app);
    const id = await addOccasion(token, { recipientName: 'Zed', date: '1999-09-09', remindDaysBefore: [1] });
    await sweep('2031-01-01T12:00:00Z');
    const nextCheck = async () =>
      (
        await t.app.db.query<{ due: boolean }>('select next_check_at <= now() as due from occasions where id = $1', [
          id,
        ])
      ).rows[0].due;
    expect(await nextCheck()).toBe(false);
    await call(t.app, { method: 'PUT', url: '/api/auth/preferences', token, payload: { reminderEmails: false } });
    expect(await nextCheck()).toBe(false);
    await call(t.app, { method: 'PUT', url: '/api/auth/preferences', token, payload: { timeZone: 'Asia/Tokyo' } });
    expect(await nextCheck()).toBe(true);
  });

  it('29 February reminds ahead of 28 February in other years', async () => {
    const { token, email } = await signUp(t.app);
    await verifyAddress(t, email);
    await addOccasion(token, { recipientName: 'Leap', date: '2000-02-29', remindDaysBefore: [1] });
    await sweep('2031-02-27T12:00:00Z');
    expect((await queuedTo(email)).map(whatAndWhen)).toEqual(["Leap's Birthday is tomorrow, on Friday, February 28."]);
  });

  it('two runs at the same moment, as on two servers, send one email', async () => {
    const second = t.databaseUrl
      ? await startTestApp({ DATABASE_URL: t.databaseUrl, REMINDER_SWEEP_SECONDS: '86400' })
      : t;
    try {
      const { token, email } = await signUp(t.app);
      await verifyAddress(t, email);
      await addOccasion(token, { recipientName: 'Twin', date: '1999-05-20', remindDaysBefore: [2] });
      const at = { now: new Date('2031-05-18T12:00:00Z'), publicUrl: 'http://app.test', dailyLimit: 20 };
      await Promise.all([
        runReminderSweep(t.app.db, at),
        runReminderSweep(second.app.db, at),
        runReminderSweep(t.app.db, at),
      ]);
      expect(await queuedTo(email)).toHaveLength(1);
    } finally {
      if (second !== t) await second.close();
    }
  });

  it('a run that fails after recording a reminder keeps neither the record nor the email, and the next run sends it once', async () => {
    const { token, email } = await signUp(t.app);
    await verifyAddress(t, email);
    await addOccasion(token, { recipientName: 'Kai', date: '1999-08-20', remindDaysBefore: [3] });
    const now = new Date('2031-08-17T12:00:00Z');
    // The queue write fails as a crash would leave it: after the record of the reminder, in the same transaction.
    const failing = {
      ...t.app.db,
      transaction: <T>(fn: (tx: typeof t.app.db) => Promise<T>) =>
        t.app.db.transaction((tx) =>
          fn({
            ...tx,
            query: (sql: string, params?: unknown[], options?: unknown) => {
              if (sql.includes('insert into mail_queue')) throw new Error('crash');
              return (tx.query as (...a: unknown[]) => ReturnType<typeof tx.query>)(sql, params, options);
            },
          } as typeof t.app.db),
        ),
    } as typeof t.app.db;
    await expect(runReminderSweep(failing, { now, publicUrl: 'http://app.test', dailyLimit: 20 })).rejects.toThrow(
      'crash',
    );
    const { rows } = await t.app.db.query(
      'select 1 from occasion_reminders r join occasions o on o.id = r.occasion_id join people p on p.id = o.person_id where p.name = $1',
      ['Kai'],
    );
    expect(rows).toEqual([]);
    await sweep(now.toISOString());
    await sweep(now.toISOString());
    expect((await queuedTo(email)).map(whatAndWhen)).toEqual(["Kai's Birthday is in 3 days, on Wednesday, August 20."]);
  });
});
