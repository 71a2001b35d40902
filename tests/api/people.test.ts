import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { lockCustomer, run } from '../../server/db/queryBuilder';
import { findOrCreatePerson } from '../../server/modules/people/people';
import { isoDateFromNow, orderInput, PASSWORD } from '../support/fixtures';
import { call, signUp, signUpWithProfile, startTestApp, type TestApp } from './helpers';
import { placeOrder } from './orders.helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    REMINDER_SWEEP_SECONDS: '86400',
    MAX_PEOPLE: '6',
    MAX_DATES_PER_PERSON: '3',
    MAX_GIFT_IDEAS_PER_PERSON: '2',
    MAX_OCCASIONS: '8',
  });
});
afterAll(() => t.close());

type Json = Record<string, unknown>;

const addPerson = async (token: string, fields: Json = {}) => {
  const res = await call(t.app, { method: 'POST', url: '/api/people', token, payload: { name: 'Mum', ...fields } });
  if (res.status !== 201) throw new Error(`add person failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
};
const addDate = async (token: string, personId: string, fields: Json) => {
  const res = await call(t.app, { method: 'POST', url: `/api/people/${personId}/dates`, token, payload: fields });
  if (res.status !== 201) throw new Error(`add date failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
};
const addIdea = async (token: string, personId: string, text: string) => {
  const res = await call(t.app, { method: 'POST', url: `/api/people/${personId}/ideas`, token, payload: { text } });
  if (res.status !== 201) throw new Error(`add idea failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
};
const getPerson = async (token: string, id: string) => {
  const res = await call(t.app, { method: 'GET', url: `/api/people/${id}`, token });
  if (res.status !== 200) throw new Error(`get person failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as Json & { dates: Json[]; giftIdeas: Json[]; gifts: Json[]; nextDate: Json | null };
};
const listPeople = async (token: string) =>
  (await call(t.app, { method: 'GET', url: '/api/people', token })).body.data as Array<
    Json & { nextDate: Json | null }
  >;

/** The month and day of a date `days` from today (UTC, every new customer's time zone) in the given year. */
const inYearFromNow = (year: number, days: number) => `${year}-${isoDateFromNow(days).slice(5)}`;
/** The year of the day `days` from today. */
const yearIn = (days: number) => Number(isoDateFromNow(days).slice(0, 4));

/** A person's occasions rows as stored. */
const storedDates = async (personId: string) =>
  (
    await t.app.db.query<{ date: string; year_known: boolean; next_check_at: Date | null }>(
      'select date::text as date, year_known, next_check_at from occasions where person_id = $1 order by created_at',
      [personId],
    )
  ).rows;

describe('people: add, read, edit, delete', () => {
  it('adds a person with the defaults and answers them, with no dates, ideas or gifts', async () => {
    const { token } = await signUp(t.app);
    const id = await addPerson(token, { name: '  Nana ', relationship: 'Grandmother', likes: 'Roses' });
    expect(await getPerson(token, id)).toEqual({
      _id: id,
      name: 'Nana',
      relationship: 'Grandmother',
      gender: '',
      address: '',
      phoneNumber: '',
      email: '',
      interests: '',
      budget: '',
      defaultOption: 'None',
      likes: 'Roses',
      dislikes: '',
      sizes: '',
      allergies: '',
      notes: '',
      birthYear: null,
      dates: [],
      nextDate: null,
      giftIdeas: [],
      gifts: [],
    });
    // What GET answered goes back through PUT as it is (blank relationship, no birth year, empty lists).
    const answered = await getPerson(token, id);
    expect(await call(t.app, { method: 'PUT', url: `/api/people/${id}`, token, payload: answered })).toEqual({
      status: 200,
      body: { success: true },
    });
    const imported = await addPerson(token, { name: 'From my phone' });
    const bare = await getPerson(token, imported);
    expect((await call(t.app, { method: 'PUT', url: `/api/people/${imported}`, token, payload: bare })).status).toBe(
      200,
    );
  });

  it('refuses a second person of the same name, ignoring case and spaces, on add and on rename (409)', async () => {
    const { token } = await signUp(t.app);
    await addPerson(token, { name: 'Mum' });
    const again = await call(t.app, { method: 'POST', url: '/api/people', token, payload: { name: '  mUM ' } });
    expect(again).toEqual({ status: 409, body: { success: false, error: 'You already have a person called mUM' } });

    const dad = await addPerson(token, { name: 'Dad' });
    const rename = await call(t.app, { method: 'PUT', url: `/api/people/${dad}`, token, payload: { name: 'MUM ' } });
    expect(rename).toEqual({ status: 409, body: { success: false, error: 'You already have a person called MUM' } });
    expect((await getPerson(token, dad)).name).toBe('Dad');
    // Renaming a person to their own name in other letters is no clash.
    const own = await call(t.app, { method: 'PUT', url: `/api/people/${dad}`, token, payload: { name: 'DAD' } });
    expect(own.status).toBe(200);

    // Another customer's Mum is theirs.
    const other = await signUp(t.app);
    await addPerson(other.token, { name: 'Mum' });
  });

  it('takes back what GET answered, with edits (PUT replaces the whole person)', async () => {
    const { token } = await signUp(t.app);
    const id = await addPerson(token, { name: 'Leo', interests: 'Chess', birthYear: 1990 });
    await addDate(token, id, { occasion: 'Birthday', date: '--07-09' });
    await addIdea(token, id, 'A chess clock');
    const answered = await getPerson(token, id);
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/people/${id}`,
      token,
      payload: { ...answered, address: '1 High Street', sizes: 'M' },
    });
    expect(res).toEqual({ status: 200, body: { success: true } });
    expect(await getPerson(token, id)).toEqual({ ...answered, address: '1 High Street', sizes: 'M' });

    const [date] = answered.dates;
    const dateRes = await call(t.app, {
      method: 'PUT',
      url: `/api/people/${id}/dates/${date._id as string}`,
      token,
      payload: { ...date, remindDaysBefore: [0, 14] },
    });
    expect(dateRes).toEqual({ status: 200, body: { success: true } });
    expect((await getPerson(token, id)).dates).toEqual([{ ...date, remindDaysBefore: [14, 0] }]);
  });

  it('keeps dates with and without a year; one without cannot be one-off; each change is looked at by the next reminder run', async () => {
    const { token } = await signUp(t.app);
    const id = await addPerson(token);
    const withYear = await addDate(token, id, { occasion: 'Birthday', date: '1956-03-14', remindDaysBefore: [0] });
    const noYear = await addDate(token, id, { occasion: "Mother's Day", date: '--05-11' });
    expect((await getPerson(token, id)).dates).toEqual([
      { _id: withYear, occasion: 'Birthday', date: '1956-03-14', repeatsYearly: true, remindDaysBefore: [0] },
      { _id: noYear, occasion: "Mother's Day", date: '--05-11', repeatsYearly: true, remindDaysBefore: [30, 7] },
    ]);
    const stored = await storedDates(id);
    expect(stored.map(({ date, year_known }) => ({ date, year_known }))).toEqual([
      { date: '1956-03-14', year_known: true },
      { date: '2000-05-11', year_known: false },
    ]);
    expect(stored.every((d) => d.next_check_at !== null)).toBe(true);

    const oneOff = await call(t.app, {
      method: 'POST',
      url: `/api/people/${id}/dates`,
      token,
      payload: { occasion: 'Visit', date: '--06-01', repeatsYearly: false },
    });
    expect(oneOff.status).toBe(400);
    expect(oneOff.body.error).toMatch(/repeatsYearly/);
    const oneOffEdit = await call(t.app, {
      method: 'PUT',
      url: `/api/people/${id}/dates/${noYear}`,
      token,
      payload: { occasion: "Mother's Day", date: '--05-11', repeatsYearly: false },
    });
    expect(oneOffEdit.status).toBe(400);
    expect(oneOffEdit.body.error).toMatch(/repeatsYearly/);

    // The reminder run has looked at it (next_check_at moved on); an edit hands it back to the next run.
    await t.app.db.query(`update occasions set next_check_at = now() + interval '30 days' where id = $1`, [noYear]);
    const edit = await call(t.app, {
      method: 'PUT',
      url: `/api/people/${id}/dates/${noYear}`,
      token,
      payload: { occasion: "Mother's Day", date: '1960-05-12' },
    });
    expect(edit.status).toBe(200);
    const after = await t.app.db.query<{ due: boolean; year_known: boolean }>(
      'select next_check_at <= now() as due, year_known from occasions where id = $1',
      [noYear],
    );
    expect(after.rows[0]).toEqual({ due: true, year_known: true });

    expect((await call(t.app, { method: 'DELETE', url: `/api/people/${id}/dates/${withYear}`, token })).status).toBe(
      200,
    );
    expect((await getPerson(token, id)).dates.map((d) => d._id)).toEqual([noYear]);
  });

  it('lists gift ideas oldest first, struck through when used, and removes them', async () => {
    const { token } = await signUp(t.app);
    const id = await addPerson(token);
    const first = await addIdea(token, id, 'Scarf');
    const second = await addIdea(token, id, 'Tea set');
    const used = await call(t.app, {
      method: 'PUT',
      url: `/api/people/${id}/ideas/${first}`,
      token,
      payload: { used: true },
    });
    expect(used.status).toBe(200);
    const ideas = (await getPerson(token, id)).giftIdeas;
    expect(ideas.map(({ _id, text, used }) => ({ _id, text, used }))).toEqual([
      { _id: first, text: 'Scarf', used: true },
      { _id: second, text: 'Tea set', used: false },
    ]);
    expect(new Date(ideas[0].createdAt as string).getTime()).toBeLessThanOrEqual(Date.now());
    await call(t.app, { method: 'PUT', url: `/api/people/${id}/ideas/${first}`, token, payload: { used: false } });
    expect((await call(t.app, { method: 'DELETE', url: `/api/people/${id}/ideas/${second}`, token })).status).toBe(200);
    expect((await getPerson(token, id)).giftIdeas.map(({ _id, used }) => ({ _id, used }))).toEqual([
      { _id: first, used: false },
    ]);
  });

  it("answers the person's gift history newest first; deleting the person keeps the orders, without the link", async () => {
    const { token } = await signUpWithProfile(t.app);
    const id = await addPerson(token, { name: 'Ada' });
    const dateId = await addDate(token, id, { occasion: 'Birthday', date: '1980-01-02' });
    await addIdea(token, id, 'Book');
    const older = await placeOrder(t.app, token, {
      recipientName: 'Ada',
      occasion: 'Birthday',
      date: isoDateFromNow(20),
      budget: '40',
    });
    const newer = await placeOrder(t.app, token, {
      recipientName: 'Ada',
      occasion: 'Christmas',
      date: isoDateFromNow(40),
      budget: '55',
    });
    const unrelated = await placeOrder(t.app, token, { recipientName: 'Bo', date: isoDateFromNow(60) });
    // Linked as an order placed from the person is (the order form's part of this issue).
    await t.app.db.query('update gift_orders set person_id = $1 where id = any($2::uuid[])', [id, [older, newer]]);
    await t.app.db.query('update gift_orders set occasion_id = $1 where id = $2', [dateId, older]);

    expect((await getPerson(token, id)).gifts).toEqual([
      { _id: newer, date: isoDateFromNow(40), occasion: 'Christmas', status: 'new', budget: '55' },
      { _id: older, date: isoDateFromNow(20), occasion: 'Birthday', status: 'new', budget: '40' },
    ]);

    expect((await call(t.app, { method: 'DELETE', url: `/api/people/${id}`, token })).status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: `/api/people/${id}`, token })).status).toBe(404);
    const orders = await t.app.db.query<{ id: string; person_id: string | null; occasion_id: string | null }>(
      'select id::text, person_id::text, occasion_id::text from gift_orders where id = any($1::uuid[]) order by date',
      [[older, newer, unrelated]],
    );
    expect(orders.rows).toEqual([
      { id: older, person_id: null, occasion_id: null },
      { id: newer, person_id: null, occasion_id: null },
      { id: unrelated, person_id: null, occasion_id: null },
    ]);
    const left = await t.app.db.query<{ dates: number; ideas: number }>(
      `select (select count(*)::int from occasions where person_id = $1) as dates,
              (select count(*)::int from gift_ideas where person_id = $1) as ideas`,
      [id],
    );
    expect(left.rows[0]).toEqual({ dates: 0, ideas: 0 });
  });
});

describe('findOrCreatePerson (what POST /api/occasions and the import use)', () => {
  it("finds the customer's person by name ignoring case and spaces, or creates one; counts toward MAX_PEOPLE", async () => {
    const { token } = await signUp(t.app);
    const mum = await addPerson(token, { name: 'Mum', address: '1 Road' });
    const [{ id: userId }] = (
      await t.app.db.query<{ id: string }>('select user_id::text as id from people where id = $1', [mum])
    ).rows;
    const inTx = (fields: { name: string; address?: string }) =>
      t.app.db.transaction(async (tx) => {
        await run(tx, lockCustomer(userId));
        return findOrCreatePerson(tx, userId, fields, 6);
      });
    expect(await inTx({ name: ' MUM ', address: 'elsewhere' })).toEqual({ id: mum, created: false });
    // The person found is left as it was.
    expect((await getPerson(token, mum)).address).toBe('1 Road');
    const created = await inTx({ name: ' Aunt May ', address: '3 Lane' });
    expect(created.created).toBe(true);
    expect(await getPerson(token, created.id)).toMatchObject({ name: 'Aunt May', address: '3 Lane', relationship: '' });
    for (let i = 0; i < 4; i += 1) await inTx({ name: `Cousin ${i}` });
    await expect(inTx({ name: 'One too many' })).rejects.toMatchObject({ statusCode: 409 });
    // Finding an existing person needs no room.
    expect(await inTx({ name: 'mum' })).toEqual({ id: mum, created: false });
  });
});

describe('people: the list', () => {
  it('sorts people by their next date (soonest first), those with none last by name, with ages and anniversaries', async () => {
    const { token } = await signUp(t.app);
    // Added in an order that is not the answer's.
    const zed = await addPerson(token, { name: 'zed' });
    await addDate(token, zed, { occasion: 'Graduation', date: isoDateFromNow(-3), repeatsYearly: false });
    const gran = await addPerson(token, { name: 'Gran' });
    await addDate(token, gran, { occasion: 'Birthday', date: inYearFromNow(1956, 10) });
    await addDate(token, gran, { occasion: 'Name day', date: inYearFromNow(1990, 200) });
    const couple = await addPerson(token, { name: 'Sam & Alex' });
    await addDate(token, couple, { occasion: 'Anniversary', date: inYearFromNow(2001, 3) });
    const leo = await addPerson(token, { name: 'Leo', birthYear: 1990 });
    await addDate(token, leo, { occasion: 'birthday', date: `--${isoDateFromNow(0).slice(5)}` });
    const amy = await addPerson(token, { name: 'amy' });
    await addDate(token, amy, { occasion: 'Birthday', date: `--${isoDateFromNow(5).slice(5)}` });

    const list = await listPeople(token);
    expect(list.map((p) => [p.name, p.nextDate])).toEqual([
      [
        'Leo',
        {
          dateId: expect.any(String),
          occasion: 'birthday',
          on: isoDateFromNow(0),
          daysAway: 0,
          milestone: { kind: 'age', number: yearIn(0) - 1990 },
        },
      ],
      [
        'Sam & Alex',
        {
          dateId: expect.any(String),
          occasion: 'Anniversary',
          on: isoDateFromNow(3),
          daysAway: 3,
          milestone: { kind: 'anniversary', number: yearIn(3) - 2001 },
        },
      ],
      [
        'amy',
        { dateId: expect.any(String), occasion: 'Birthday', on: isoDateFromNow(5), daysAway: 5, milestone: null },
      ],
      [
        'Gran',
        {
          dateId: expect.any(String),
          occasion: 'Birthday',
          on: isoDateFromNow(10),
          daysAway: 10,
          milestone: { kind: 'age', number: yearIn(10) - 1956 },
        },
      ],
      ['zed', null],
    ]);
    // Every date is listed, in calendar order; the next date names one of them.
    expect((list[3].dates as Json[]).map((d) => d.occasion)).toEqual(
      inYearFromNow(2000, 10).slice(5) < inYearFromNow(2000, 200).slice(5)
        ? ['Birthday', 'Name day']
        : ['Name day', 'Birthday'],
    );
    expect(list[3].nextDate?.dateId).toBe((list[3].dates as Json[]).find((d) => d.occasion === 'Birthday')?._id);
  });

  it('people with no coming date come last, by name ignoring case', async () => {
    const { token } = await signUp(t.app);
    await addPerson(token, { name: 'carol' });
    await addPerson(token, { name: 'Bob' });
    const dan = await addPerson(token, { name: 'Dan' });
    await addDate(token, dan, { occasion: 'Party', date: isoDateFromNow(100), repeatsYearly: false });
    expect((await listPeople(token)).map((p) => p.name)).toEqual(['Dan', 'Bob', 'carol']);
  });

  it("counts days in the customer's time zone", async () => {
    const { token } = await signUp(t.app);
    const zone = 'Pacific/Kiritimati';
    await t.app.db.query(
      `update users set time_zone = $1 where id = (select user_id from sessions order by created_at desc limit 1)`,
      [zone],
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const id = await addPerson(token, { name: 'Kiri' });
    await addDate(token, id, { occasion: 'Birthday', date: `1970-${tomorrow.slice(5)}` });
    expect((await listPeople(token))[0].nextDate).toMatchObject({ on: tomorrow, daysAway: 1 });
  });
});

describe('people: writes at the same moment', () => {
  it('deleting a person while their dates, ideas, details and orders are written answers each call, never a 5xx', async () => {
    const { token } = await signUpWithProfile(t.app);
    for (let round = 0; round < 3; round += 1) {
      const id = await addPerson(token, { name: `Busy ${round}` });
      const dateId = await addDate(token, id, { occasion: 'Birthday', date: '1970-01-01' });
      const order = await placeOrder(t.app, token, { recipientName: `Busy ${round}`, date: isoDateFromNow(30) });
      await t.app.db.query('update gift_orders set person_id = $1, occasion_id = $2 where id = $3', [
        id,
        dateId,
        order,
      ]);
      const url = `/api/people/${id}`;
      const answers = await Promise.all([
        call(t.app, { method: 'POST', url: `${url}/dates`, token, payload: { occasion: 'X', date: '2000-01-02' } }),
        call(t.app, {
          method: 'PUT',
          url: `${url}/dates/${dateId}`,
          token,
          payload: { occasion: 'Y', date: '1970-01-03' },
        }),
        call(t.app, { method: 'POST', url: `${url}/ideas`, token, payload: { text: 'Idea' } }),
        call(t.app, { method: 'PUT', url, token, payload: { name: `Busy ${round}`, notes: 'edited' } }),
        call(t.app, { method: 'DELETE', url, token }),
        call(t.app, { method: 'DELETE', url: `${url}/dates/${dateId}`, token }),
        call(t.app, {
          method: 'PUT',
          url: `/api/gifts/updateGift/${order}`,
          token,
          payload: orderInput({ recipientName: 'Moved', date: isoDateFromNow(31) }),
        }),
      ]);
      for (const a of answers) expect([200, 201, 404]).toContain(a.status);
      expect(answers[4].status).toBe(200);
      expect((await call(t.app, { method: 'GET', url, token })).status).toBe(404);
      const kept = await t.app.db.query<{ person_id: string | null }>(
        'select person_id::text from gift_orders where id = $1',
        [order],
      );
      expect(kept.rows).toEqual([{ person_id: null }]);
    }
  });
});

describe('people: ownership', () => {
  it("answers 404 for another customer's person, date and idea, and changes nothing", async () => {
    const owner = await signUp(t.app);
    const id = await addPerson(owner.token, { name: 'Kept', notes: 'Original' });
    const dateId = await addDate(owner.token, id, { occasion: 'Birthday', date: '1970-04-01' });
    const ideaId = await addIdea(owner.token, id, 'Kept idea');
    const before = await getPerson(owner.token, id);

    const { token } = await signUp(t.app);
    const mine = await addPerson(token, { name: 'Mine' });
    const attempts: Array<[string, string, Json?]> = [
      ['GET', `/api/people/${id}`],
      ['PUT', `/api/people/${id}`, { name: 'Taken' }],
      ['DELETE', `/api/people/${id}`],
      ['POST', `/api/people/${id}/dates`, { occasion: 'X', date: '2000-01-01' }],
      ['PUT', `/api/people/${id}/dates/${dateId}`, { occasion: 'X', date: '2000-01-01' }],
      ['DELETE', `/api/people/${id}/dates/${dateId}`],
      // Another's date or idea under one's own person.
      ['PUT', `/api/people/${mine}/dates/${dateId}`, { occasion: 'X', date: '2000-01-01' }],
      ['DELETE', `/api/people/${mine}/dates/${dateId}`],
      ['POST', `/api/people/${id}/ideas`, { text: 'Mine now' }],
      ['PUT', `/api/people/${id}/ideas/${ideaId}`, { used: true }],
      ['DELETE', `/api/people/${id}/ideas/${ideaId}`],
      ['PUT', `/api/people/${mine}/ideas/${ideaId}`, { used: true }],
      ['DELETE', `/api/people/${mine}/ideas/${ideaId}`],
      // Malformed ids are not found either.
      ['GET', '/api/people/not-a-uuid'],
      ['PUT', '/api/people/123', { name: 'X' }],
      ['DELETE', '/api/people/123'],
      ['PUT', `/api/people/${mine}/dates/nope`, { occasion: 'X', date: '2000-01-01' }],
      ['DELETE', `/api/people/${mine}/ideas/nope`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(t.app, { method: method as 'GET', url, token, ...(payload ? { payload } : {}) });
      expect({ method, url, status: res.status, success: res.body.success }).toEqual({
        method,
        url,
        status: 404,
        success: false,
      });
    }
    expect(await getPerson(owner.token, id)).toEqual(before);
    expect((await listPeople(token)).map((p) => p.name)).toEqual(['Mine']);
  });

  it('refuses every people call without a session (401)', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/people' })).status).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/api/people', payload: { name: 'X' } })).status).toBe(401);
  });
});

describe('people: bad input', () => {
  it('answers 400 naming the field, for each kind of mistake, and stores nothing', async () => {
    const { token } = await signUp(t.app);
    const id = await addPerson(token, { name: 'Target' });
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/api/people', {}, /name/i],
      ['POST', '/api/people', { name: '   ' }, /name/i],
      ['POST', '/api/people', { name: 'X', birthYear: 'nineteen' }, /birth year/i],
      ['POST', '/api/people', { name: 'X', birthYear: 1800 }, /birth year/i],
      ['POST', '/api/people', { name: 'X', email: 'not an email' }, /email/i],
      ['POST', '/api/people', { name: 'X', notes: 'x'.repeat(4001) }, /notes/i],
      ['POST', '/api/people', { name: 'X', isAdmin: true }, /isAdmin/],
      ['POST', '/api/people', { name: 42 }, /name/i],
      ['PUT', `/api/people/${id}`, { name: 'X', giftIdeas: 'lots' }, /giftIdeas/],
      ['POST', `/api/people/${id}/dates`, { occasion: 'Birthday', date: '2025-02-30' }, /date/i],
      ['POST', `/api/people/${id}/dates`, { occasion: 'Birthday', date: '--13-01' }, /date/i],
      ['POST', `/api/people/${id}/dates`, { occasion: '', date: '2000-01-01' }, /occasion/i],
      [
        'POST',
        `/api/people/${id}/dates`,
        { occasion: 'B', date: '2000-01-01', remindDaysBefore: [5] },
        /remindDaysBefore/,
      ],
      [
        'POST',
        `/api/people/${id}/dates`,
        { occasion: 'B', date: '2000-01-01', remindDaysBefore: [7, 7] },
        /reminder days/i,
      ],
      ['POST', `/api/people/${id}/dates`, { occasion: 'B', date: '2000-01-01', repeatsYearly: 'yes' }, /repeatsYearly/],
      ['POST', `/api/people/${id}/dates`, { occasion: 'B', date: '2000-01-01', nextCheckAt: 'now' }, /nextCheckAt/],
      ['POST', `/api/people/${id}/ideas`, { text: '' }, /gift idea/i],
      ['POST', `/api/people/${id}/ideas`, { text: 'x'.repeat(201) }, /gift idea/i],
      ['POST', `/api/people/${id}/ideas`, { text: 'ok', used: true }, /used/],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await call(t.app, { method: method as 'POST', url, token, payload: payload as Json });
      expect({ url, payload, status: res.status }).toEqual({ url, payload, status: 400 });
      expect(res.body.error).toMatch(field);
    }
    const person = await getPerson(token, id);
    expect([person.name, person.dates, person.giftIdeas]).toEqual(['Target', [], []]);
    expect((await listPeople(token)).length).toBe(1);
  });

  it('answers 400 for a body that is not JSON of an object', async () => {
    const { token } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/people',
      headers: { 'auth-token': token, 'content-type': 'application/json' },
      payload: '["Mum"]',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('people: limits', () => {
  it('refuses the person, date or idea past the limits (409) with a clear message', async () => {
    const { token } = await signUp(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await addPerson(token, { name: `P${i}` }));
    const person = await call(t.app, { method: 'POST', url: '/api/people', token, payload: { name: 'One more' } });
    expect(person).toEqual({
      status: 409,
      body: { success: false, error: 'You already keep 6 people, the most we keep for one account' },
    });

    for (let i = 0; i < 3; i += 1) await addDate(token, ids[0], { occasion: `D${i}`, date: '2000-01-01' });
    const date = await call(t.app, {
      method: 'POST',
      url: `/api/people/${ids[0]}/dates`,
      token,
      payload: { occasion: 'D', date: '2000-01-01' },
    });
    expect(date).toEqual({
      status: 409,
      body: { success: false, error: 'This person already has 3 dates, the most we keep for one person' },
    });
    // MAX_OCCASIONS (8) holds across people: 3 + 3 + 2 dates, then the next is refused.
    for (let i = 0; i < 3; i += 1) await addDate(token, ids[1], { occasion: `D${i}`, date: '2000-01-01' });
    for (let i = 0; i < 2; i += 1) await addDate(token, ids[2], { occasion: `D${i}`, date: '2000-01-01' });
    const occasion = await call(t.app, {
      method: 'POST',
      url: `/api/people/${ids[3]}/dates`,
      token,
      payload: { occasion: 'D', date: '2000-01-01' },
    });
    expect(occasion.status).toBe(409);
    expect(occasion.body.error).toMatch(/occasions/);

    await addIdea(token, ids[0], 'One');
    await addIdea(token, ids[0], 'Two');
    const idea = await call(t.app, {
      method: 'POST',
      url: `/api/people/${ids[0]}/ideas`,
      token,
      payload: { text: 'Three' },
    });
    expect(idea).toEqual({
      status: 409,
      body: { success: false, error: 'This person already has 2 gift ideas, the most we keep for one person' },
    });
    const stored = await t.app.db.query<{ people: number; ideas: number }>(
      `select (select count(*)::int from people where user_id = p.user_id) as people,
              (select count(*)::int from gift_ideas where person_id = p.id) as ideas
         from people p where p.id = $1`,
      [ids[0]],
    );
    expect(stored.rows[0]).toEqual({ people: 6, ideas: 2 });
  });

  it('counts people added at the same moment one after another', async () => {
    const { token } = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        call(t.app, { method: 'POST', url: '/api/people', token, payload: { name: `Q${i}` } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(6);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
  });
});

describe('people: export and account deletion', () => {
  it('exports people with their dates and gift ideas, and deleting the account deletes them', async () => {
    const { token } = await signUp(t.app);
    const id = await addPerson(token, { name: 'Exported', likes: 'Jazz' });
    const dateId = await addDate(token, id, { occasion: 'Birthday', date: '--02-29' });
    const ideaId = await addIdea(token, id, 'Vinyl');
    const exported = await t.app.inject({ method: 'GET', url: '/api/auth/export', headers: { 'auth-token': token } });
    expect(exported.statusCode).toBe(200);
    const people = (exported.json() as { people: Array<Json & { dates: Json[]; giftIdeas: Json[] }> }).people;
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({ id, name: 'Exported', likes: 'Jazz' });
    expect(people[0].dates).toEqual([expect.objectContaining({ id: dateId, date: '2000-02-29', yearKnown: false })]);
    expect(people[0].giftIdeas).toEqual([expect.objectContaining({ id: ideaId, text: 'Vinyl' })]);

    const gone = await call(t.app, {
      method: 'DELETE',
      url: '/api/auth/account',
      token,
      payload: { password: PASSWORD },
    });
    expect(gone.status).toBe(200);
    const left = await t.app.db.query<{ people: number; dates: number; ideas: number }>(
      `select (select count(*)::int from people where id = $1) as people,
              (select count(*)::int from occasions where person_id = $1) as dates,
              (select count(*)::int from gift_ideas where person_id = $1) as ideas`,
      [id],
    );
    expect(left.rows[0]).toEqual({ people: 0, dates: 0, ideas: 0 });
  });
});

describe('people: rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ OCCASION_WRITE_RATE_LIMIT: '3' });
  });
  afterAll(() => limited.close());

  it('counts people writes with the occasion writes, per customer account (429 past the limit)', async () => {
    const { token } = await signUp(limited.app);
    const add = (name: string) => call(limited.app, { method: 'POST', url: '/api/people', token, payload: { name } });
    const first = await add('One');
    const id = first.body._id as string;
    expect(
      (await call(limited.app, { method: 'POST', url: `/api/people/${id}/ideas`, token, payload: { text: 'x' } }))
        .status,
    ).toBe(201);
    expect(
      (await call(limited.app, { method: 'DELETE', url: `/api/occasions/00000000-0000-0000-0000-000000000000`, token }))
        .status,
    ).toBe(404);
    const refused = await add('Two');
    expect(refused.status).toBe(429);
    // Reads are not counted, and another customer has a count of their own.
    expect((await call(limited.app, { method: 'GET', url: '/api/people', token })).status).toBe(200);
    const other = await signUp(limited.app);
    expect(
      (await call(limited.app, { method: 'POST', url: '/api/people', token: other.token, payload: { name: 'One' } }))
        .status,
    ).toBe(201);
    expect((await limited.app.db.query('select 1 from people where name = $1', ['Two'])).rows).toEqual([]);
  });
});
