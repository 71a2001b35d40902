import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { IMPORT_MAX_BYTES } from '#contract/people';

import { call, signUp, startTestApp, type TestApp } from './helpers';

/**
 * Importing people and their dates from a vCard or CSV file (docs/api.md): the preview changes nothing, the
 * commit writes all of what it showed in one transaction or nothing. Limits are small here: MAX_OCCASIONS 8
 * (the dates of all the customer's people) and MAX_PEOPLE 6 where the configuration has it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MAX_OCCASIONS: '8', MAX_PEOPLE: '7', REMINDER_SWEEP_SECONDS: '86400' });
});
afterAll(() => t.close());

const crlf = (lines: string[]) => lines.join('\r\n') + '\r\n';
const card = (lines: string[]) => crlf(['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD']);

/** Three contacts as a phone shares them (vCard 3 and 4), and one that cannot be imported (no date). */
const THREE_CONTACTS =
  card([
    'FN:Jane Appleseed',
    'item1.EMAIL;type=INTERNET;type=pref:jane@example.com',
    'TEL;type=CELL;type=pref:(555) 123-4567',
    'item2.ADR;type=HOME:;;1 Main St;Springfield;IL;62701;',
    'BDAY;VALUE=date:1970-04-15',
    'item3.X-ABDATE:2001-06-09',
    'item3.X-ABLabel:_$!<Anniversary>!$_',
  ]) +
  card(['FN:Tom Thumb', 'BDAY:--0229', 'TEL:+44 20 7946 0958']) +
  crlf(['BEGIN:VCARD', 'VERSION:4.0', 'FN:Bob Builder', 'ANNIVERSARY:20090808T1430Z', 'END:VCARD']) +
  card(['FN:No Date', 'EMAIL:nodate@example.com']);

const preview = (token: string | undefined, payload: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: '/api/people/import/preview', token, payload });
const commit = (token: string | undefined, payload: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: '/api/people/import', token, payload });

/** The customer's people and dates as stored, by name. */
async function stored({ email }: { email: string }) {
  const { rows: people } = await t.app.db.query<Record<string, unknown>>(
    `select p.name, p.relationship, p.email, p.phone_number, p.address, p.notes, p.birth_year,
            coalesce(json_agg(json_build_object('occasion', o.occasion, 'date', o.date::text, 'yearKnown', o.year_known,
              'repeats', o.repeats_yearly, 'remind', o.remind_days_before, 'due', o.next_check_at is not null,
              'sameCustomer', o.user_id = p.user_id) order by o.occasion) filter (where o.id is not null), '[]') as dates
       from people p join users u on u.id = p.user_id left join occasions o on o.person_id = p.id
      where u.email = lower($1)
      group by p.id order by p.name`,
    [email],
  );
  return people;
}

describe('previewing an import', () => {
  it('answers who would be added with which dates, and what is skipped and why, and changes nothing', async () => {
    const customer = await signUp(t.app);
    const { token } = customer;
    const res = await preview(token, { format: 'vcard', content: THREE_CONTACTS });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        add: [
          {
            name: 'Jane Appleseed',
            relationship: '',
            email: 'jane@example.com',
            phoneNumber: '5551234567',
            address: '1 Main St, Springfield, IL, 62701',
            notes: '',
            dates: [
              { occasion: 'Birthday', date: '1970-04-15' },
              { occasion: 'Anniversary', date: '2001-06-09' },
            ],
          },
          {
            name: 'Tom Thumb',
            relationship: '',
            email: '',
            phoneNumber: '',
            address: '',
            notes: 'Phone: +44 20 7946 0958',
            dates: [{ occasion: 'Birthday', date: '--02-29' }],
          },
          {
            name: 'Bob Builder',
            relationship: '',
            email: '',
            phoneNumber: '',
            address: '',
            notes: '',
            dates: [{ occasion: 'Anniversary', date: '2009-08-08' }],
          },
        ],
        skipped: [{ name: 'No Date', reason: 'No date' }],
      },
    });
    expect(await stored(customer)).toEqual([]);
  });

  it('needs a customer session', async () => {
    const res = await preview(undefined, { format: 'vcard', content: THREE_CONTACTS });
    expect(res.status).toBe(401);
  });
});

describe('committing an import', () => {
  it('adds every person of the preview with their dates, in the people and occasions tables', async () => {
    const customer = await signUp(t.app);
    const { token } = customer;
    const res = await commit(token, { format: 'vcard', content: THREE_CONTACTS });
    expect(res.status).toBe(200);
    expect((res.body.data as { add: unknown[] }).add).toHaveLength(3);
    const reminded = { repeats: true, remind: [30, 7], due: true, sameCustomer: true };
    expect(await stored(customer)).toEqual([
      {
        name: 'Bob Builder',
        relationship: '',
        email: '',
        phone_number: '',
        address: '',
        notes: '',
        birth_year: null,
        dates: [{ occasion: 'Anniversary', date: '2009-08-08', yearKnown: true, ...reminded }],
      },
      {
        name: 'Jane Appleseed',
        relationship: '',
        email: 'jane@example.com',
        phone_number: '5551234567',
        address: '1 Main St, Springfield, IL, 62701',
        notes: '',
        birth_year: 1970,
        dates: [
          { occasion: 'Anniversary', date: '2001-06-09', yearKnown: true, ...reminded },
          { occasion: 'Birthday', date: '1970-04-15', yearKnown: true, ...reminded },
        ],
      },
      {
        name: 'Tom Thumb',
        relationship: '',
        email: '',
        phone_number: '',
        address: '',
        notes: 'Phone: +44 20 7946 0958',
        birth_year: null,
        // A date without its year is kept in 2000, a leap year.
        dates: [{ occasion: 'Birthday', date: '2000-02-29', yearKnown: false, ...reminded }],
      },
    ]);
  });

  it('shows the imported dates to the occasions calls too, under the person’s name', async () => {
    const customer = await signUp(t.app);
    expect((await commit(customer.token, { format: 'vcard', content: THREE_CONTACTS })).status).toBe(200);
    const res = await call(t.app, { method: 'GET', url: '/api/occasions', token: customer.token });
    expect(res.status).toBe(200);
    const listed = (res.body.data as { recipientName: string; occasion: string; phoneNumber: string }[]).map(
      (o) => `${o.recipientName}: ${o.occasion}${o.phoneNumber ? ` (${o.phoneNumber})` : ''}`,
    );
    expect(listed.sort()).toEqual([
      'Bob Builder: Anniversary',
      'Jane Appleseed: Anniversary (5551234567)',
      'Jane Appleseed: Birthday (5551234567)',
      'Tom Thumb: Birthday',
    ]);
  });

  it('imports a CSV file: rows of one name make one person, quoted commas kept, an impossible date skipped alone', async () => {
    const customer = await signUp(t.app);
    const { token } = customer;
    const content = [
      'name,occasion,date,relationship,email,phone,address',
      'Mum,Birthday,1950-03-02,Mother,mum@example.com,555-123-4567,"12 High St, Springfield"',
      "Mum,Mother's Day,--05-11,,,,",
      '"Smith, John",Anniversary,1990-02-30,Friend,,,',
    ].join('\n');
    const res = await commit(token, { format: 'csv', content });
    expect(res.status).toBe(200);
    expect((res.body.data as { skipped: unknown[] }).skipped).toEqual([
      { name: 'Smith, John', reason: 'Impossible date (1990-02-30)' },
    ]);
    expect(await stored(customer)).toMatchObject([
      {
        name: 'Mum',
        relationship: 'Mother',
        email: 'mum@example.com',
        phone_number: '5551234567',
        address: '12 High St, Springfield',
        birth_year: 1950,
        dates: [
          { occasion: 'Birthday', date: '1950-03-02', yearKnown: true },
          { occasion: "Mother's Day", date: '2000-05-11', yearKnown: false },
        ],
      },
    ]);
  });

  it("skips who is already among the customer's people (any case and spaces) and who is listed twice", async () => {
    const customer = await signUp(t.app);
    const { token } = customer;
    expect(
      (await commit(token, { format: 'vcard', content: card(['FN:Jane Appleseed', 'BDAY:1970-04-15']) })).status,
    ).toBe(200);
    const content =
      card(['FN:  jane APPLESEED ', 'BDAY:1970-04-15']) +
      card(['FN:Ann', 'BDAY:--0101']) +
      card(['FN:ann', 'BDAY:--0102']);
    const res = await commit(token, { format: 'vcard', content });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      add: [expect.objectContaining({ name: 'Ann', dates: [{ occasion: 'Birthday', date: '--01-01' }] })],
      skipped: [
        { name: 'jane APPLESEED', reason: 'Already in your people' },
        { name: 'ann', reason: 'Listed twice in the file' },
      ],
    });
    expect((await stored(customer)).map((p) => p.name)).toEqual(['Ann', 'Jane Appleseed']);
  });

  it('takes names that differ only by invisible characters or composition for one person, in the file and stored', async () => {
    const customer = await signUp(t.app);
    const { token } = customer;
    // Stored as typed: a zero-width space, and an "é" made of e and an accent.
    for (const name of ['Mum\u200B', 'Rene\u0301e']) {
      expect((await call(t.app, { method: 'POST', url: '/api/people', token, payload: { name } })).status).toBe(201);
    }
    const content =
      card(['FN:Mum', 'BDAY:1970-04-15']) +
      card(['FN:Ren\u00E9e', 'BDAY:1970-04-15']) +
      card(['FN:Dad\u202E', 'BDAY:1970-04-15']) +
      card(['FN:\u00ADDad', 'BDAY:1970-04-16']);
    const res = await preview(token, { format: 'vcard', content: `\uFEFF${content}` });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      add: [expect.objectContaining({ name: 'Dad' })],
      skipped: [
        { name: 'Mum', reason: 'Already in your people' },
        { name: 'Renée', reason: 'Already in your people' },
        { name: 'Dad', reason: 'Listed twice in the file' },
      ],
    });
  });

  it('plans again inside its transaction when a person was added after the plan was first made', async () => {
    const customer = await signUp(t.app);
    const { token } = customer;
    const content = card(['FN:Ann', 'BDAY:--0101']) + card(['FN:Bob', 'BDAY:--0202']);
    // Right after the import first asks which names are taken (outside its transaction), Ann is added.
    const { db } = t.app;
    const query = db.query.bind(db);
    let added = false;
    const spy = vi.spyOn(db, 'query').mockImplementation(async (sql, params, options) => {
      const result = await query(sql, params, options);
      if (!added && sql.includes('as existing') && !sql.includes('count(*)')) {
        added = true;
        await query(`insert into people (user_id, name) select id, 'Ann' from users where email = lower($1)`, [
          customer.email,
        ]);
      }
      return result as never;
    });
    try {
      const res = await commit(token, { format: 'vcard', content });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        add: [expect.objectContaining({ name: 'Bob' })],
        skipped: [{ name: 'Ann', reason: 'Already in your people' }],
      });
    } finally {
      spy.mockRestore();
    }
    expect(added).toBe(true);
    expect((await stored(customer)).map((p) => p.name)).toEqual(['Ann', 'Bob']);
  });

  it("does not count another customer's people as already there", async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const content = card(['FN:Shared Name', 'BDAY:1980-05-05']);
    expect((await commit(first.token, { format: 'vcard', content })).status).toBe(200);
    const res = await preview(second.token, { format: 'vcard', content });
    expect(res.body.data).toEqual({ add: [expect.objectContaining({ name: 'Shared Name' })], skipped: [] });
    expect((await commit(second.token, { format: 'vcard', content })).status).toBe(200);
    expect((await stored(second)).map((p) => p.name)).toEqual(['Shared Name']);
  });

  it('writes nothing and answers 409 when the import as a whole passes the limit of dates', async () => {
    const customer = await signUp(t.app);
    const { token } = customer;
    expect((await commit(token, { format: 'vcard', content: THREE_CONTACTS })).status).toBe(200);
    // 4 dates kept; the limit is 8: five more people with a date each would make 9.
    const five = Array.from({ length: 5 }, (_, i) => card([`FN:Extra ${i}`, 'BDAY:--0303'])).join('');
    const res = await commit(token, { format: 'vcard', content: five });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(
      /^You can keep at most \d+ (people|dates): you have \d+, and this file adds 5\. Nothing was imported\.$/,
    );
    expect(await stored(customer)).toHaveLength(3);
    // Four more fit.
    const four = Array.from({ length: 4 }, (_, i) => card([`FN:Extra ${i}`, 'BDAY:--0303'])).join('');
    expect((await commit(token, { format: 'vcard', content: four })).status).toBe(200);
    expect(await stored(customer)).toHaveLength(7);
  });
});

describe("the customer's occasions version (the calendar feed's tag)", () => {
  it('is replaced once by an import, however many dates it writes, and once by deleting a person with their dates', async () => {
    // Each replacement of a customer's version, counted by a trigger this test adds to its own database.
    for (const statement of [
      'create table version_bumps (user_id uuid not null)',
      `create function count_version_bump() returns trigger language plpgsql as $$
         begin insert into version_bumps values (new.id); return null; end $$`,
      `create trigger count_version_bumps after update of occasions_version on users
         for each row execute function count_version_bump()`,
    ])
      await t.app.db.query(statement);
    const bumps = async () =>
      (await t.app.db.query<{ n: number }>('select count(*)::int as n from version_bumps')).rows[0].n;
    const customer = await signUp(t.app);
    const { token } = customer;
    // Four people with two dates each: eight dates, the limit here.
    const four = Array.from({ length: 4 }, (_, i) => card([`FN:Twice ${i}`, 'BDAY:--0303', 'X-ANNIVERSARY:--0404']));
    const res = await commit(token, { format: 'vcard', content: four.join('') });
    expect(res.status).toBe(200);
    expect((await stored(customer)).flatMap((p) => p.dates as unknown[])).toHaveLength(8);
    expect(await bumps()).toBe(1);
    const people = (await call(t.app, { method: 'GET', url: '/api/people', token })).body.data as { _id: string }[];
    expect((await call(t.app, { method: 'DELETE', url: `/api/people/${people[0]._id}`, token })).status).toBe(200);
    expect(await bumps()).toBe(2);
  });
});

describe('a file that cannot be imported', () => {
  const moreThan2000 = Array.from({ length: 2001 }, (_, i) => card([`FN:P${i}`, 'BDAY:--0101'])).join('');

  it.each([
    [
      'not a vCard',
      { format: 'vcard', content: 'name,occasion,date\nAnn,Birthday,1970-01-01\n' },
      'This is not a vCard file',
    ],
    ['a vCard sent as CSV', { format: 'csv', content: card(['FN:Ann', 'BDAY:--0101']) }, 'Unknown column'],
    ['empty', { format: 'vcard', content: '' }, 'The file is empty'],
    ['binary', { format: 'csv', content: 'PK\u0003\u0004\u0014\u0000' }, 'not a text file'],
    [
      'a broken CSV',
      { format: 'csv', content: 'name,occasion,date\n"Ann,Birthday,1970-01-01\n' },
      'The CSV file is damaged',
    ],
    ['a damaged vCard', { format: 'vcard', content: crlf(['BEGIN:VCARD', 'VERSION:3.0', 'FN:Ann']) }, 'damaged'],
    ['more than 2,000 contacts', { format: 'vcard', content: moreThan2000 }, 'The file has more than 2,000 contacts'],
    ['larger than 1 MB', { format: 'csv', content: 'x'.repeat(IMPORT_MAX_BYTES + 1) }, 'The file is larger than 1 MB'],
    ['of another format', { format: 'xlsx', content: 'x' }, 'format must be vcard or csv'],
  ])(
    '%s: 400 with a clear message, from the preview and the commit, and nothing written',
    async (_what, payload, message) => {
      const customer = await signUp(t.app);
      const { token } = customer;
      for (const send of [preview, commit]) {
        const res = await send(token, payload);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, error: expect.stringContaining(message) });
      }
      expect(await stored(customer)).toEqual([]);
    },
  );

  it('a body far over the limit: 413 in the same words, before it is read', async () => {
    const customer = await signUp(t.app);
    const { token } = customer;
    const res = await commit(token, { format: 'csv', content: '"'.repeat(2 * IMPORT_MAX_BYTES + 2000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, error: 'The file is larger than 1 MB' });
  });

  it('takes a 1 MB file whose quotes and line ends make its JSON twice as long', async () => {
    const customer = await signUp(t.app);
    const { token } = customer;
    const header = 'name,occasion,date\n';
    const row = '"""A""",Birthday,--01-01\n';
    const filler = '\n'.repeat(IMPORT_MAX_BYTES - header.length - row.length);
    const res = await preview(token, { format: 'csv', content: header + row + filler });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ add: [expect.objectContaining({ name: '"A"' })], skipped: [] });
  });
});

describe('rate limit', () => {
  it('counts imports with the people and occasion writes of the customer', async () => {
    const limited = await startTestApp({ OCCASION_WRITE_RATE_LIMIT: '2' });
    try {
      const { token } = await signUp(limited.app);
      const send = () =>
        call(limited.app, {
          method: 'POST',
          url: '/api/people/import/preview',
          token,
          payload: { format: 'csv', content: 'name,occasion,date\n' },
        });
      expect((await send()).status).toBe(200);
      // A people write counts in the same budget (refused for its missing name, but counted).
      const person = await call(limited.app, { method: 'POST', url: '/api/people', token, payload: {} });
      expect(person.status).toBe(400);
      expect((await send()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
