import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { occurrencesBetween } from '../../server/modules/occasions/occurrences';
import { occasionInput } from '../support/fixtures';
import { call, signUp, startTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ REMINDER_SWEEP_SECONDS: '86400' });
});
afterAll(() => t.close());

const addOccasion = async (token: string, overrides: Record<string, unknown>) => {
  const res = await call(t.app, { method: 'POST', url: '/api/occasions', token, payload: occasionInput(overrides) });
  if (res.status !== 201) throw new Error(`add occasion failed: ${res.status} ${JSON.stringify(res.body)}`);
};

/** A new feed address of the customer's: its path. */
const newFeedPath = async (token: string) =>
  new URL((await call(t.app, { method: 'POST', url: '/api/calendar/rotate', token })).body.url as string).pathname;

/** The customer's feed, as a calendar program reads it. */
async function feedOf(token: string): Promise<ICAL.Component> {
  const res = await t.app.inject({ method: 'GET', url: await newFeedPath(token) });
  expect(res.statusCode).toBe(200);
  return new ICAL.Component(ICAL.parse(res.body));
}

/**
 * Every day each event of the feed falls on from `from` to `to` (YYYY-MM-DD), by summary, as ical.js expands the
 * recurrences (RFC 5545).
 */
function daysBySummary(feed: ICAL.Component, from: string, to: string): Record<string, string[]> {
  const days: Record<string, string[]> = {};
  for (const vevent of feed.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    const found: string[] = [];
    const it = event.iterator();
    // A yearly event since 1952 has fewer than 100 occurrences before `to`; the cap stops a rule that never ends.
    for (let n = 0, next = it.next(); next && n < 1000; n++, next = it.next()) {
      const day = next.toString();
      if (day > to) break;
      if (day >= from) found.push(day);
    }
    days[event.summary] = found;
  }
  return days;
}

describe('the calendar feed on 29 February', () => {
  it('puts a yearly 29 February date on 28 February 2027 and 29 February 2028, and nowhere else', async () => {
    const { token } = await signUp(t.app);
    await addOccasion(token, { recipientName: 'Gran', occasion: 'Birthday', date: '1952-02-29' });
    expect(daysBySummary(await feedOf(token), '2027-01-01', '2028-12-31')).toEqual({
      "Gran's Birthday": ['2027-02-28', '2028-02-29'],
    });
  });

  it('agrees with the app every year from 2024 to 2040: 29 February, 28 February, a one-off leap day, 31 December', async () => {
    const { token } = await signUp(t.app);
    const dates = [
      { recipientName: 'Gran', occasion: 'Birthday', date: '1952-02-29', repeatsYearly: true },
      { recipientName: 'Olu', occasion: 'Birthday', date: '1990-02-28', repeatsYearly: true },
      { recipientName: 'Ada', occasion: 'Wedding', date: '2032-02-29', repeatsYearly: false },
      { recipientName: 'Kim', occasion: 'Anniversary', date: '1985-12-31', repeatsYearly: true },
    ];
    for (const d of dates) await addOccasion(token, d);
    const expected = Object.fromEntries(
      dates.map((d) => [
        `${d.recipientName}'s ${d.occasion}`,
        occurrencesBetween({ ...d, remindDaysBefore: [] }, '2024-01-01', '2040-12-31'),
      ]),
    );
    // What the app says, written out once so the comparison cannot pass on an empty expectation.
    expect(expected["Gran's Birthday"]).toContain('2027-02-28');
    expect(expected["Gran's Birthday"]).toHaveLength(17);
    expect(daysBySummary(await feedOf(token), '2024-01-01', '2040-12-31')).toEqual(expected);
  });

  it('reaches calendar apps that hold the feed as it was written before (their ETag names no format)', async () => {
    const { token, email } = await signUp(t.app);
    await addOccasion(token, { recipientName: 'Gran', occasion: 'Birthday', date: '1952-02-29' });
    const path = await newFeedPath(token);
    const first = await t.app.inject({ method: 'GET', url: path });
    expect(first.body).toContain('RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1');
    // The ETag the feed carried before its format was in it: the same data, so the same two versions.
    const { rows } = await t.app.db.query<{ version: string }>(
      `select orders_version::text || '.' || occasions_version::text as version from users where email = $1`,
      [email],
    );
    const before = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': `W/"${rows[0].version}"` },
    });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('BYMONTHDAY=-1');
    const current = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': first.headers.etag } });
    expect(current.statusCode).toBe(304);
  });
});
