import { describe, expect, it } from 'vitest';

import { reminderEmail, type ReminderEmailFacts } from './reminderEmail';

const facts = (over: Partial<ReminderEmailFacts> = {}): ReminderEmailFacts => ({
  customerName: 'Ann',
  personId: 'p-1',
  personName: 'Gran',
  occasion: 'Birthday',
  dateId: 'd-1',
  date: '2026-12-05',
  daysAway: 7,
  orderBy: null,
  milestone: null,
  giftIdeas: [],
  publicUrl: 'https://giftwise.example',
  unsubscribeUrl: 'https://giftwise.example/api/reminders/unsubscribe/tok',
  ...over,
});

describe('the reminder email', () => {
  it('names the person, the occasion, the date in words, the age, the ideas, and links to the filled order', () => {
    const mail = reminderEmail(
      facts({ milestone: { kind: 'age', number: 70 }, giftIdeas: ['A silk scarf', 'Orchid\nwhite, not red'] }),
    );
    expect(mail.text).toBe(
      [
        'Hello Ann,',
        '',
        "Gran's Birthday is in 7 days, on Saturday, December 5.",
        'Gran turns 70.',
        '',
        'Your gift ideas for Gran:',
        '- A silk scarf',
        '- Orchid white, not red',
        '',
        'Order a gift for Gran, with the form already filled in: https://giftwise.example/people/p-1?order=d-1&date=2026-12-05',
        '',
        'You get this email because you asked Giftwise to remind you of this date.',
        'Stop reminder emails: https://giftwise.example/api/reminders/unsubscribe/tok',
      ].join('\n'),
    );
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://giftwise.example/api/reminders/unsubscribe/tok>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it("an anniversary's number; no milestone line and no ideas list when there are none", () => {
    const anniversary = reminderEmail(
      facts({ personName: 'Kim', occasion: 'Anniversary', milestone: { kind: 'anniversary', number: 25 } }),
    );
    expect(anniversary.text).toContain(
      "Kim's Anniversary is in 7 days, on Saturday, December 5.\nIt is the 25th anniversary.\n",
    );
    const plain = reminderEmail(facts({ occasion: 'Christmas', date: '2026-12-25', daysAway: 1 })).text;
    expect(plain).toContain("Gran's Christmas is tomorrow, on Friday, December 25.\n\nOrder a gift for Gran");
    expect(plain).not.toMatch(/turns|anniversary|gift ideas/);
  });

  it('keeps the Subject free of what the customer typed (names reach mail logs), and says how soon', () => {
    const subject = (daysAway: number) =>
      reminderEmail(facts({ personName: 'Gran Smith', occasion: 'Name day', daysAway })).subject;
    expect(subject(7)).toBe('Reminder: a date is coming up in 7 days');
    expect(subject(1)).toBe('Reminder: a date is coming up tomorrow');
    expect(subject(0)).toBe('Reminder: a date is today');
  });

  it("says by when to order the person's option: ahead, on the order-by day (also in the Subject), or that it passed", () => {
    const on = (daysAway: number, day: string) =>
      reminderEmail(facts({ daysAway, orderBy: { day, why: 'Flowers need 2 days' } }));
    const ahead = on(7, '2026-12-03');
    expect(ahead.text).toContain(
      "Gran's Birthday is in 7 days, on Saturday, December 5.\nOrder by Thursday, December 3. Flowers need 2 days.\n",
    );
    expect(ahead.subject).toBe('Reminder: a date is coming up in 7 days');
    const lastDay = on(2, '2026-12-03');
    expect(lastDay.text).toContain('\nToday is the last day to order in time. Flowers need 2 days.\n');
    expect(lastDay.subject).toBe('Reminder: order today for a date in 2 days');
    expect(on(1, '2026-12-03').text).toContain(
      '\nThe last day to order in time was Thursday, December 3. Flowers need 2 days.\n',
    );
  });

  it("writes the year of a date in the next year, counted from the reminder's own today", () => {
    const newYear = reminderEmail(facts({ date: '2027-01-02', daysAway: 7, orderBy: { day: '2026-12-31', why: 'A' } }));
    expect(newYear.text).toContain('on Saturday, January 2, 2027.\nOrder by Thursday, December 31. A.\n');
    // The link keeps the ISO date: the site reads it.
    expect(newYear.text).toContain('&date=2027-01-02');
  });

  it('escapes the ids in the link', () => {
    expect(reminderEmail(facts({ personId: 'a/b?c', dateId: 'x&y' })).text).toContain(
      '/people/a%2Fb%3Fc?order=x%26y&date=2026-12-05',
    );
  });
});
