import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { addDays } from '#contract/calendarDates';
import { dayInWords } from '#contract/dateWords';

import { localDate, startOfDay } from '../../server/modules/occasions/calendarDays';
import { runReminderSweep } from '../../server/modules/reminders/reminderSweep';
import { occasionInput, orderInput } from '../support/fixtures';
import {
  call,
  COMPLETE_PROFILE,
  signUp,
  signUpWithProfile,
  startTestApp,
  verifyAddress,
  type TestApp,
} from './helpers';
import { listOrders, placeOrder } from './orders.helpers';

/**
 * Lead times (LEAD_DAYS_*): the earliest delivery date on addgift and updateGift, the lead-times call the order form
 * reads, the order-by day of the Upcoming answer, and the reminder run's last reminder on that day.
 */

const LEAD_DAYS = { None: 7, Flowers: 2, Chocolate: 3, Cake: 3, Giftcard: 1 };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    {
      LEAD_DAYS_NONE: '7',
      LEAD_DAYS_FLOWERS: '2',
      LEAD_DAYS_CHOCOLATE: '3',
      LEAD_DAYS_CAKE: '3',
      LEAD_DAYS_GIFTCARD: '1',
      // The tests run the reminder run themselves, at dates of their own.
      REMINDER_SWEEP_SECONDS: '86400',
    },
    { holdMail: true },
  );
});
afterAll(() => t.close());

/** A customer who may order, living in `timeZone`; their token and their today there. */
async function customerIn(timeZone: string) {
  const { token, email } = await signUpWithProfile(t.app);
  await t.app.db.query('update users set time_zone = $2 where email = $1', [email, timeZone]);
  return { token, email, today: () => localDate(new Date(), timeZone) };
}

const add = (token: string, overrides: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: '/api/gifts/addgift', token, payload: orderInput(overrides) });

const update = (token: string, id: string, order: Record<string, unknown>) =>
  call(t.app, { method: 'PUT', url: `/api/gifts/updateGift/${id}`, token, payload: order });

const orderCount = async (token: string) => (await listOrders(t.app, token)).length;

describe('GET /api/gifts/lead-times', () => {
  it("answers each option's days and the customer's today in their own time zone", async () => {
    // UTC+14: their today is often tomorrow in UTC.
    const kiri = await customerIn('Pacific/Kiritimati');
    const res = await call(t.app, { method: 'GET', url: '/api/gifts/lead-times', token: kiri.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, today: kiri.today(), leadDays: LEAD_DAYS });
  });

  it('needs a customer session', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/gifts/lead-times' })).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/api/gifts/lead-times', token: 'not-a-token' })).status).toBe(401);
  });
});

describe('addgift and the earliest delivery date', () => {
  it("refuses a date before the option's earliest with a 400 naming it, and places nothing", async () => {
    const ann = await customerIn('UTC');
    const today = ann.today();
    const flowersSoon = await add(ann.token, { defaultOption: 'Flowers', date: addDays(today, 1) });
    expect(flowersSoon.status).toBe(400);
    expect(flowersSoon.body.error).toBe(
      `This date is too soon. Flowers need 2 days: the earliest delivery is ${dayInWords(addDays(today, 2))} ` +
        `(${addDays(today, 2)}).`,
    );
    const curatedSoon = await add(ann.token, { defaultOption: 'None', date: addDays(today, 6) });
    expect(curatedSoon.status).toBe(400);
    expect(curatedSoon.body.error).toContain(`A curated gift needs 7 days: the earliest delivery is `);
    expect(curatedSoon.body.error).toContain(`(${addDays(today, 7)})`);
    expect(await orderCount(ann.token)).toBe(0);

    expect((await add(ann.token, { defaultOption: 'Flowers', date: addDays(today, 2) })).status).toBe(201);
    expect((await add(ann.token, { defaultOption: 'None', date: addDays(today, 7) })).status).toBe(201);
    expect(await orderCount(ann.token)).toBe(2);
  });

  it("counts from the customer's today in their time zone", async () => {
    const kiri = await customerIn('Pacific/Kiritimati');
    const today = kiri.today();
    const res = await add(kiri.token, { defaultOption: 'Giftcard', date: today });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(`A gift card needs 1 day: the earliest delivery is `);
    expect(res.body.error).toContain(`(${addDays(today, 1)})`);
    expect((await add(kiri.token, { defaultOption: 'Giftcard', date: addDays(today, 1) })).status).toBe(201);
  });

  it('keeps the rule and the text for a date in the past', async () => {
    const ann = await customerIn('UTC');
    const res = await add(ann.token, { date: addDays(ann.today(), -5) });
    expect(res).toMatchObject({ status: 400, body: { error: 'The date cannot be in the past' } });
  });
});

describe('updateGift and the earliest delivery date', () => {
  /** An order placed before lead times: dated `days` from today, written over SQL as an old order would be. */
  async function oldOrder(token: string, days: number, today: string) {
    const id = await placeOrder(t.app, token, { defaultOption: 'Flowers', date: addDays(today, 10) });
    await t.app.db.query('update gift_orders set date = $2 where id = $1', [id, addDays(today, days)]);
    const [order] = (await listOrders(t.app, token)).filter((o) => o._id === id);
    return { id, order };
  }

  it('lets an old order keep its date and option, whatever else changes, and its echo go back as answered', async () => {
    const ann = await customerIn('UTC');
    const today = ann.today();
    const { id, order } = await oldOrder(ann.token, 1, today);
    expect((await update(ann.token, id, order)).status).toBe(200);
    expect((await update(ann.token, id, { ...order, comments: 'Ring twice', budget: '80' })).status).toBe(200);
    const [saved] = await listOrders(t.app, ann.token);
    expect(saved).toMatchObject({ date: addDays(today, 1), defaultOption: 'Flowers', comments: 'Ring twice' });
  });

  it("refuses moving the date, or choosing an option that needs longer, within the option's lead time", async () => {
    const ann = await customerIn('UTC');
    const today = ann.today();
    const { id, order } = await oldOrder(ann.token, 2, today);

    const moved = await update(ann.token, id, { ...order, date: addDays(today, 1) });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toContain(`Flowers need 2 days: the earliest delivery is `);
    expect(moved.body.error).toContain(`(${addDays(today, 2)})`);

    const longer = await update(ann.token, id, { ...order, defaultOption: 'Cake' });
    expect(longer.status).toBe(400);
    expect(longer.body.error).toContain(`A cake needs 3 days: the earliest delivery is `);
    expect(longer.body.error).toContain(`(${addDays(today, 3)})`);
    // Nothing changed.
    expect((await listOrders(t.app, ann.token))[0]).toMatchObject({
      date: addDays(today, 2),
      defaultOption: 'Flowers',
    });

    // An option that needs no longer than the date allows, and a date far enough, are taken.
    expect((await update(ann.token, id, { ...order, defaultOption: 'Giftcard' })).status).toBe(200);
    expect((await update(ann.token, id, { ...order, defaultOption: 'Cake', date: addDays(today, 3) })).status).toBe(
      200,
    );
  });

  it('keeps the past-date text for a date moved into the past, and the status rule', async () => {
    const ann = await customerIn('UTC');
    const today = ann.today();
    const { id, order } = await oldOrder(ann.token, 1, today);
    expect(await update(ann.token, id, { ...order, date: addDays(today, -5) })).toMatchObject({
      status: 400,
      body: { error: 'The date cannot be in the past' },
    });
    expect(await update(ann.token, id, { ...order, defaultOption: 'None', status: 'processed' })).toMatchObject({
      status: 400,
      body: { error: "Customers cannot change an order's status" },
    });
  });

  it("answers another customer's order as unknown, not as too soon", async () => {
    const ann = await customerIn('UTC');
    const bob = await customerIn('UTC');
    const { id, order } = await oldOrder(ann.token, 1, ann.today());
    expect((await update(bob.token, id, { ...order, defaultOption: 'None' })).status).toBe(404);
  });
});

describe("the Upcoming answer's order-by day", () => {
  it("works back from the person's default option", async () => {
    const ann = await customerIn('UTC');
    const today = ann.today();
    const added = await call(t.app, {
      method: 'POST',
      url: '/api/occasions',
      token: ann.token,
      payload: occasionInput({ defaultOption: 'Cake', date: addDays(today, 10), repeatsYearly: false }),
    });
    expect(added.status).toBe(201);
    const res = await call(t.app, { method: 'GET', url: '/api/occasions/upcoming?days=30', token: ann.token });
    expect(res.body.data).toEqual([
      expect.objectContaining({ date: addDays(today, 10), daysAway: 10, orderBy: addDays(today, 7) }),
    ]);
  });
});

describe('the last reminder on the order-by day', () => {
  const sweep = (now: string, dailyLimit = 20) =>
    runReminderSweep(t.app.db, { now: new Date(now), publicUrl: 'http://app.test', dailyLimit, leadDays: LEAD_DAYS });

  /** The reminder emails queued to `email` (not the verification email, nor the email an order placed sends). */
  const remindersTo = async (email: string) =>
    (
      await t.app.db.query<{ subject: string; body: string }>(
        "select subject, body from mail_queue where to_address = $1 and subject like 'Reminder:%' order by id",
        [email],
      )
    ).rows;

  /** A verified customer with a one-off date of a person who gets flowers: 10 December 2030, reminded 7 days ahead. */
  async function flowersDate(remindDaysBefore = [7]) {
    const { token, email } = await signUp(t.app, 'Ann');
    await verifyAddress(t, email);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/occasions',
      token,
      payload: occasionInput({
        recipientName: 'Gran',
        defaultOption: 'Flowers',
        date: '2030-12-10',
        repeatsYearly: false,
        remindDaysBefore,
      }),
    });
    expect(res.status).toBe(201);
    const dateId = res.body._id as string;
    const nextCheck = async () =>
      (await t.app.db.query<{ at: Date | null }>('select next_check_at as at from occasions where id = $1', [dateId]))
        .rows[0].at;
    return { token, email, dateId, nextCheck };
  }

  it('says "order by" in the reminder, checks again on that day and sends the last reminder once', async () => {
    const ann = await flowersDate();
    await sweep('2030-12-03T12:00:00Z');
    const [first] = await remindersTo(ann.email);
    expect(first.subject).toBe('Reminder: a date is coming up in 7 days');
    expect(first.body).toContain('Order by Sunday, December 8. Flowers need 2 days.');
    expect(new Date((await ann.nextCheck())!).toISOString()).toBe(startOfDay('2030-12-08', 'UTC').toISOString());

    await sweep('2030-12-05T12:00:00Z');
    expect(await remindersTo(ann.email)).toHaveLength(1);

    await sweep('2030-12-08T09:00:00Z');
    const mails = await remindersTo(ann.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe('Reminder: order today for a date in 2 days');
    expect(mails[1].body).toContain('Today is the last day to order in time. Flowers need 2 days.');

    await sweep('2030-12-08T18:00:00Z');
    await sweep('2030-12-09T12:00:00Z');
    expect(await remindersTo(ann.email)).toHaveLength(2);
  });

  it('sends no last reminder when an order covers the date', async () => {
    const ann = await flowersDate();
    await sweep('2030-12-03T12:00:00Z');
    await call(t.app, { method: 'PUT', url: '/api/auth/updateUser', token: ann.token, payload: COMPLETE_PROFILE });
    await placeOrder(t.app, ann.token, { recipientName: 'Gran', date: '2030-12-10', occasionId: ann.dateId });
    await sweep('2030-12-08T12:00:00Z');
    expect(await remindersTo(ann.email)).toHaveLength(1);
  });

  it('sends none when reminders are off, and none later for a day the mail budget held back', async () => {
    const off = await flowersDate();
    await t.app.db.query('update users set reminder_emails = false where email = $1', [off.email]);
    const spent = await flowersDate();
    // The day's budget of 3 already spent (the budget counts UTC days of the real clock).
    await t.app.db.query(
      `insert into mail_budgets (user_id, day, sent, held, last_allowed)
       select id, (now() at time zone 'UTC')::date, 3, 0, true from users where email = $1
       on conflict (user_id) do update set day = excluded.day, sent = 3`,
      [spent.email],
    );
    await sweep('2030-12-08T12:00:00Z', 3);
    await t.app.db.query('update users set reminder_emails = true where email = $1', [off.email]);
    await sweep('2030-12-08T18:00:00Z');
    expect(await remindersTo(spent.email)).toHaveLength(0);
    // Turned on again the same day: the day was decided (as for any reminder), so nothing is sent late.
    expect(await remindersTo(off.email)).toHaveLength(0);
  });

  it('adds no order-by reminder to a date the customer wants no reminders for', async () => {
    const quiet = await flowersDate([]);
    await sweep('2030-12-08T12:00:00Z');
    expect(await remindersTo(quiet.email)).toHaveLength(0);
    expect(await quiet.nextCheck()).toBeNull();
  });
});
