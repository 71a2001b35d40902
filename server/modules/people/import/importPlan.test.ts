import { describe, expect, it } from 'vitest';

import type { Contact } from './contact';
import { planImport as planWithLimit } from './importPlan';

/** The plan with the default MAX_DATES_PER_PERSON. */
const planImport = (contacts: Contact[], existing: ReadonlySet<string>) => planWithLimit(contacts, existing, 20);

const contact = (name: string, fields: Partial<Contact> = {}): Contact => ({
  name,
  label: 'Contact 1',
  relationship: '',
  emails: [],
  phones: [],
  addresses: [],
  dates: [{ occasion: 'Birthday', value: '1970-04-15' }],
  ...fields,
});

describe('planImport', () => {
  it('adds a contact with its dates (yearly, reminded 30 and 7 days before) and the birth year of its birthday', () => {
    const { add, skipped } = planImport(
      [
        contact('Jane', {
          dates: [
            { occasion: 'Birthday', value: '1970-04-15' },
            { occasion: 'Anniversary', value: '--06-09' },
          ],
        }),
      ],
      new Set(),
    );
    expect(skipped).toEqual([]);
    expect(add).toEqual([
      {
        name: 'Jane',
        relationship: '',
        email: '',
        phoneNumber: '',
        address: '',
        notes: '',
        birthYear: 1970,
        dates: [
          { occasion: 'Birthday', date: '1970-04-15', repeatsYearly: true, remindDaysBefore: [30, 7] },
          { occasion: 'Anniversary', date: '--06-09', repeatsYearly: true, remindDaysBefore: [30, 7] },
        ],
      },
    ]);
  });

  it('skips, with the reason: no name, no date, an impossible date, already there, listed twice', () => {
    const { add, skipped } = planImport(
      [
        contact('', { label: 'Contact 1' }),
        contact('Nodate', { dates: [] }),
        contact('Impossible', { dates: [{ occasion: 'Birthday', value: '1990-02-30' }] }),
        contact('  Mum ', {}),
        contact('Ann'),
        contact('ANN'),
        contact('x'.repeat(101)),
      ].map((c) => ({ ...c, name: c.name.trim() })),
      new Set(['mum']),
    );
    expect(add.map((p) => p.name)).toEqual(['Ann']);
    expect(skipped).toEqual([
      { name: 'Contact 1', reason: 'No name' },
      { name: 'Nodate', reason: 'No date' },
      { name: 'Impossible', reason: 'Impossible date (1990-02-30)' },
      { name: 'Mum', reason: 'Already in your people' },
      { name: 'ANN', reason: 'Listed twice in the file' },
      { name: 'x'.repeat(100), reason: 'Name longer than 100 characters' },
    ]);
  });

  it('a contact listed twice whose first listing had no date is added from the second', () => {
    const { add, skipped } = planImport([contact('Ann', { dates: [] }), contact('Ann')], new Set());
    expect(add.map((p) => p.name)).toEqual(['Ann']);
    expect(skipped).toEqual([{ name: 'Ann', reason: 'No date' }]);
  });

  it('adds a contact with a good date and says which of its other dates is left out and why', () => {
    const { add, skipped } = planImport(
      [
        contact('Jane', {
          dates: [
            { occasion: 'Birthday', value: '1970-04-15' },
            { occasion: 'Anniversary', value: '2001-02-30' },
            { occasion: 'Birthday', value: '1971-04-15' },
            { occasion: 'Birthday', value: '19700415' },
            { occasion: '', value: '2001-01-01' },
            { occasion: 'Christmas', value: '' },
          ],
        }),
      ],
      new Set(),
    );
    expect(add[0].dates.map((d) => d.date)).toEqual(['1970-04-15']);
    expect(skipped).toEqual([
      { name: 'Jane', reason: 'Anniversary left out: impossible date (2001-02-30)' },
      { name: 'Jane', reason: 'Birthday left out: second date (1971-04-15)' },
      { name: 'Jane', reason: 'A date left out: no occasion for the date 2001-01-01' },
      { name: 'Jane', reason: 'Christmas left out: no date' },
    ]);
  });

  it('fits the details: the first email and 10-digit phone that the fields take, the rest kept in the notes', () => {
    const [person] = planImport(
      [
        contact('Jane', {
          relationship: 'Sister',
          emails: ['not an email', 'jane@example.com', 'jane@work.example'],
          phones: ['+44 20 7946 0958', '+1 (555) 123-4567', '555 000 1111'],
          addresses: ['x'.repeat(301), '1 Main St'],
        }),
      ],
      new Set(),
    ).add;
    expect(person).toMatchObject({
      relationship: 'Sister',
      email: 'jane@example.com',
      phoneNumber: '5551234567',
      address: '1 Main St',
    });
    expect(person.notes.split('\n')).toEqual([
      'Email: not an email',
      'Email: jane@work.example',
      'Phone: +44 20 7946 0958',
      'Phone: 555 000 1111',
      `Address: ${'x'.repeat(301)}`,
    ]);
  });

  it('keeps a birthday without a year without a birth year', () => {
    const [person] = planImport(
      [contact('Tom', { dates: [{ occasion: 'Birthday', value: '--02-29' }] })],
      new Set(),
    ).add;
    expect(person).toMatchObject({ birthYear: null, dates: [{ date: '--02-29' }] });
  });
});
