import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { VERIFICATION_SUBJECT } from '../../server/modules/accounts/emailVerification';
import { runReminderSweep } from '../../server/modules/reminders/reminderSweep';
import { occasionInput } from '../support/fixtures';
import { call, signUp, startTestApp, verifyAddress, type TestApp } from './helpers';

/**
 * What a reminder email says, as the reminder run writes it from the database: the person, the occasion, the date
 * in words, the age or anniversary, the person's unused gift ideas, and the link that opens the filled order.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ REMINDER_SWEEP_SECONDS: '86400' }, { holdMail: true });
});
afterAll(() => t.close());

const sweep = (now: string) =>
  runReminderSweep(t.app.db, { now: new Date(now), publicUrl: 'http://app.test', dailyLimit: 20 });

const queuedTo = async (email: string) =>
  (
    await t.app.db.query<{ subject: string; body: string }>(
      'select subject, body from mail_queue where to_address = $1 and subject <> $2 order by id',
      [email, VERIFICATION_SUBJECT],
    )
  ).rows;

/** A verified customer, with reminders on. */
async function customer() {
  const { token, email } = await signUp(t.app, 'Ann');
  await verifyAddress(t, email);
  return { token, email };
}

/** Adds a date through the occasions call (it finds or makes the person of that name); its id and its person's. */
async function addDate(token: string, overrides: Record<string, unknown>) {
  const res = await call(t.app, { method: 'POST', url: '/api/occasions', token, payload: occasionInput(overrides) });
  if (res.status !== 201) throw new Error(`add occasion failed: ${res.status} ${JSON.stringify(res.body)}`);
  const dateId = res.body._id as string;
  const { rows } = await t.app.db.query<{ person_id: string }>(
    'select person_id::text as person_id from occasions where id = $1',
    [dateId],
  );
  return { dateId, personId: rows[0].person_id };
}

/** Gift ideas of a person, written in this order (a minute apart); those named in `used` are struck through. */
async function addIdeas(personId: string, ideas: string[], used: string[] = []) {
  for (const [i, text] of ideas.entries()) {
    await t.app.db.query(
      `insert into gift_ideas (person_id, text, created_at, used_at)
       values ($1, $2, timestamptz '2030-01-01T00:00:00Z' + $3 * interval '1 minute', $4)`,
      [personId, text, i, used.includes(text) ? '2030-02-01T00:00:00Z' : null],
    );
  }
}

describe('the reminder email', () => {
  it('names the person, the occasion, the date in words and the age, lists unused ideas, and links to the order', async () => {
    const { token, email } = await customer();
    const gran = await addDate(token, {
      recipientName: 'Gran',
      occasion: 'Birthday',
      date: '1960-12-05',
      remindDaysBefore: [7],
    });
    const olu = await addDate(token, { recipientName: 'Olu', date: '1990-03-03' });
    await addIdeas(
      gran.personId,
      ['Silk scarf', 'Orchid', 'Tea set', 'Garden gloves', 'Audiobook', 'Jigsaw', 'Cake'],
      ['Orchid'],
    );
    await addIdeas(olu.personId, ['Olu only']);

    await sweep('2030-11-28T12:00:00Z');
    const mails = await queuedTo(email);
    expect(mails).toHaveLength(1);
    // Nothing the customer typed in the Subject (it stays in mail_queue after sending).
    expect(mails[0].subject).toBe('Reminder: a date is coming up in 7 days');
    expect(mails[0].body).toContain(
      [
        'Hello Ann,',
        '',
        "Gran's Birthday is in 7 days, on Thursday, December 5.",
        'Gran turns 70.',
        '',
        'Your gift ideas for Gran:',
        '- Silk scarf',
        '- Tea set',
        '- Garden gloves',
        '- Audiobook',
        '- Jigsaw',
        '',
        `Order a gift for Gran, with the form already filled in: http://app.test/people/${gran.personId}?order=${gran.dateId}&date=2030-12-05`,
      ].join('\n'),
    );
    expect(mails[0].body).not.toMatch(/Orchid|Cake|Olu only/);
  });

  it("an age from the person's birth year when the date has none, an anniversary's number, and none for Christmas", async () => {
    const { token, email } = await customer();
    const mum = await addDate(token, { recipientName: 'Mum', occasion: 'Birthday', date: '2000-06-20' });
    // A date whose year is not known is kept in 2000 (contract/people.ts); the person's birth year says it.
    await t.app.db.query('update occasions set year_known = false where id = $1', [mum.dateId]);
    await t.app.db.query('update people set birth_year = 1950 where id = $1', [mum.personId]);
    await addDate(token, { recipientName: 'Kim', occasion: 'Anniversary', date: '2005-06-20' });
    await addDate(token, { recipientName: 'Sam', occasion: 'Christmas', date: '1999-06-20' });
    // A Birthday whose year is not known, of a person without a birth year: no age.
    const lee = await addDate(token, { recipientName: 'Lee', occasion: 'Birthday', date: '2000-06-20' });
    await t.app.db.query('update occasions set year_known = false where id = $1', [lee.dateId]);

    await sweep('2030-06-13T12:00:00Z');
    const bodies = (await queuedTo(email)).map((m) => m.body);
    expect(bodies).toHaveLength(4);
    const about = (name: string) => bodies.find((b) => b.includes(`${name}'s `))!;
    expect(about('Mum')).toContain("Mum's Birthday is in 7 days, on Thursday, June 20.\nMum turns 80.\n");
    expect(about('Kim')).toContain(
      "Kim's Anniversary is in 7 days, on Thursday, June 20.\nIt is the 25th anniversary.\n",
    );
    expect(about('Sam')).toContain("Sam's Christmas is in 7 days, on Thursday, June 20.\n\nOrder a gift for Sam");
    expect(about('Lee')).toContain("Lee's Birthday is in 7 days, on Thursday, June 20.\n\nOrder a gift for Lee");
    for (const name of ['Sam', 'Lee']) expect(about(name)).not.toMatch(/turns|anniversary\.|gift ideas/);
  });
});
