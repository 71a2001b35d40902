import { describe, expect, it } from 'vitest';

import { HttpError } from '../../../lib/errors';
import { readContactDate } from './contactDates';
import { readCsv } from './csvContacts';
import { readVcards } from './vcardContacts';

const crlf = (lines: string[]) => lines.join('\r\n') + '\r\n';

/** As an iPhone (iOS 17) shares contacts: vCard 3, grouped Apple labels, the anniversary as X-ABDATE. */
const IPHONE_V3 = crlf([
  'BEGIN:VCARD',
  'VERSION:3.0',
  'PRODID:-//Apple Inc.//iPhone OS 17.5.1//EN',
  'N:Appleseed;Jane;;;',
  'FN:Jane Appleseed',
  'item1.EMAIL;type=INTERNET;type=pref:jane@example.com',
  'TEL;type=CELL;type=VOICE;type=pref:(555) 123-4567',
  'TEL;type=HOME;type=VOICE:+44 20 7946 0958',
  'item2.ADR;type=HOME;type=pref:;;1 Main St\\, Apt 2;Springfield;IL;62701;United States',
  'item2.X-ABADR:us',
  'BDAY;VALUE=date:1970-04-15',
  'item3.X-ABDATE;type=pref:2001-06-09',
  'item3.X-ABLabel:_$!<Anniversary>!$_',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Tom Year-less',
  'BDAY;X-APPLE-OMIT-YEAR=1604:1604-11-30',
  'END:VCARD',
]);

/** As Google Contacts and Android export them: vCard 3, a year-less birthday as --MMDD, X-ANNIVERSARY. */
const ANDROID_V3 = crlf([
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Ana María López',
  'N:López;Ana María;;;',
  'EMAIL;TYPE=INTERNET;TYPE=HOME:ana@example.org',
  'TEL;TYPE=CELL:+1 555-987-6543',
  'BDAY:--0229',
  'X-ANNIVERSARY:19950610',
  'NOTE:Loves tea\\, and a very long note that the phone folded onto a',
  '  second line',
  'END:VCARD',
]);

/** vCard 4 (RFC 6350), as Nextcloud, Thunderbird and Outlook write it: TEL as a URI, ANNIVERSARY with a time. */
const V4 = crlf([
  'BEGIN:VCARD',
  'VERSION:4.0',
  'FN:Bob Builder',
  'EMAIL;TYPE=work;PREF=2:bob@work.example',
  'EMAIL;TYPE=home;PREF=1:bob@home.example',
  'TEL;VALUE=uri;TYPE="voice,cell":tel:+1-555-555-0100',
  'ADR;TYPE=home:;;42 Long Street;Leeds;;LS1 1AA;',
  '  United Kingdom',
  'BDAY:--04-15',
  'ANNIVERSARY:20090808T1430-0500',
  'END:VCARD',
]);

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return { status: (err as HttpError).statusCode, message: (err as HttpError).message };
  }
  throw new Error('expected a refusal');
};

describe('readVcards', () => {
  it('reads an iPhone vCard 3: name, preferred email and phone first, the address on one line, BDAY and the Apple anniversary', () => {
    const [jane, tom] = readVcards(IPHONE_V3);
    expect(jane).toEqual({
      name: 'Jane Appleseed',
      label: 'Contact 1',
      relationship: '',
      emails: ['jane@example.com'],
      phones: ['(555) 123-4567', '+44 20 7946 0958'],
      addresses: ['1 Main St, Apt 2, Springfield, IL, 62701, United States'],
      dates: [
        { occasion: 'Birthday', value: '1970-04-15' },
        { occasion: 'Anniversary', value: '2001-06-09' },
      ],
    });
    // Apple writes a birthday without a year in 1604 and says so in a parameter.
    expect(tom.dates).toEqual([{ occasion: 'Birthday', value: '1604-11-30', omitYear: '1604' }]);
  });

  it('reads an Android vCard 3 with a year-less BDAY and X-ANNIVERSARY, folded lines unfolded', () => {
    const [ana] = readVcards(ANDROID_V3);
    expect(ana.name).toBe('Ana María López');
    expect(ana.phones).toEqual(['+1 555-987-6543']);
    expect(ana.dates).toEqual([
      { occasion: 'Birthday', value: '--02-29' },
      { occasion: 'Anniversary', value: '19950610' },
    ]);
  });

  it('reads vCard 4: PREF order, a tel: URI, a folded ADR, ANNIVERSARY with a time', () => {
    const [bob] = readVcards(V4);
    expect(bob.emails).toEqual(['bob@home.example', 'bob@work.example']);
    expect(bob.phones).toEqual(['+1-555-555-0100']);
    expect(bob.addresses).toEqual(['42 Long Street, Leeds, LS1 1AA, United Kingdom']);
    expect(bob.dates).toEqual([
      { occasion: 'Birthday', value: '--04-15' },
      { occasion: 'Anniversary', value: '2009-08-08T14:30-05:00' },
    ]);
  });

  it('reads a version 4 card after a version 3 card in one file as well (ical.js keeps the first design set)', () => {
    const [, , bob] = readVcards(IPHONE_V3 + V4);
    expect(bob.name).toBe('Bob Builder');
    expect(bob.dates.map((d) => d.occasion)).toEqual(['Birthday', 'Anniversary']);
    expect(readContactDate(bob.dates[1].value)).toEqual({ ok: true, date: '2009-08-08' });
  });

  it('puts a name on one line', () => {
    const [card] = readVcards(crlf(['BEGIN:VCARD', 'VERSION:3.0', 'FN:Mary\\n  Ann', ' e Smith', 'END:VCARD']));
    expect(card.name).toBe('Mary Anne Smith');
  });

  it('gives a card without FN no name, for the plan to skip', () => {
    const [card] = readVcards(crlf(['BEGIN:VCARD', 'VERSION:3.0', 'N:Doe;John;;;', 'BDAY:1980-01-02', 'END:VCARD']));
    expect(card).toMatchObject({ name: '', label: 'Contact 1' });
  });

  it.each([
    ['an empty file', '  \r\n', 'The file is empty'],
    ['a CSV file', 'name,occasion,date\nAnn,Birthday,1970-01-01\n', 'This is not a vCard file'],
    [
      'an iCalendar file',
      crlf(['BEGIN:VCALENDAR', 'BEGIN:VCARD', 'FN:x', 'END:VCARD', 'END:VCALENDAR']),
      'not a vCard',
    ],
    ['a card never ended', crlf(['BEGIN:VCARD', 'VERSION:3.0', 'FN:Ann']), 'The vCard file is damaged'],
    ['a line that is no property', crlf(['BEGIN:VCARD', 'VERSION:3.0', 'FN:Ann', 'garbage', 'END:VCARD']), 'damaged'],
    ['a property before any card', crlf(['FN:Ann', 'BEGIN:VCARD', 'VERSION:3.0', 'END:VCARD']), 'damaged'],
    ['binary', `BEGIN:VCARD\r\n\u0000\u0001PNG\r\nEND:VCARD`, 'not a text file'],
    ['vCard 2.1', crlf(['BEGIN:VCARD', 'VERSION:2.1', 'FN:Ann', 'END:VCARD']), 'vCard 2.1'],
  ])('refuses %s with a clear 400', (_what, content, message) => {
    const { status, message: said } = refusal(() => readVcards(content));
    expect(status).toBe(400);
    expect(said).toContain(message);
  });

  it('refuses a file of more than 2,000 cards', () => {
    const card = (i: number) => crlf(['BEGIN:VCARD', 'VERSION:3.0', `FN:Person ${i}`, 'BDAY:--0101', 'END:VCARD']);
    expect(readVcards(Array.from({ length: 2000 }, (_, i) => card(i)).join(''))).toHaveLength(2000);
    expect(refusal(() => readVcards(Array.from({ length: 2001 }, (_, i) => card(i)).join('')))).toEqual({
      status: 400,
      message: 'The file has more than 2,000 contacts',
    });
  });
});

describe('readContactDate', () => {
  it.each([
    ['1970-04-15', '1970-04-15'],
    ['19700415', '1970-04-15'],
    ['1970-04-15T00:00:00Z', '1970-04-15'],
    ['19700415T120000', '1970-04-15'],
    ['--0415', '--04-15'],
    ['--04-15', '--04-15'],
    ['--0229', '--02-29'],
    [' 2000-02-29 ', '2000-02-29'],
    // Years before 1900 stand for "no year" (Apple's 1604, some phones' 0000).
    ['1604-11-30', '--11-30'],
    ['0000-11-30', '--11-30'],
  ])('reads %s as %s', (written, date) => {
    expect(readContactDate(written)).toEqual({ ok: true, date });
  });

  it('takes the year an X-APPLE-OMIT-YEAR parameter names as no year', () => {
    expect(readContactDate('1972-05-06', '1972')).toEqual({ ok: true, date: '--05-06' });
  });

  it.each([
    ['1990-02-30', 'Impossible date (1990-02-30)'],
    ['1990-02-29', 'Impossible date (1990-02-29)'],
    ['--13-01', 'Impossible date (--13-01)'],
    ['4/15/1970', 'Unreadable date (4/15/1970)'],
    ['circa 1800', 'Unreadable date (circa 1800)'],
    ['x'.repeat(100), `Unreadable date (${'x'.repeat(39)}…)`],
  ])('refuses %s', (written, reason) => {
    expect(readContactDate(written)).toEqual({ ok: false, reason });
  });
});

describe('readCsv', () => {
  it('reads the documented header: one row per date, rows of one name make one person, quotes and commas kept', () => {
    const contacts = readCsv(
      [
        'name,occasion,date,relationship,email,phone,address',
        'Mum,Birthday,1950-03-02,Mother,mum@example.com,5551234567,"12 High St, Springfield"',
        "mum ,Mother's Day,--05-11,,,,",
        // The same name, written across a line end in quotes.
        '"Smith,\n John",Christmas,--12-25,,,,',
        '"Smith, John",Anniversary,2010-09-18,Friend,,,"1 ""Old"" Lane"',
      ].join('\r\n'),
    );
    expect(contacts).toEqual([
      {
        name: 'Mum',
        label: 'Line 2',
        relationship: 'Mother',
        emails: ['mum@example.com'],
        phones: ['5551234567'],
        addresses: ['12 High St, Springfield'],
        dates: [
          { occasion: 'Birthday', value: '1950-03-02' },
          { occasion: "Mother's Day", value: '--05-11' },
        ],
      },
      {
        name: 'Smith, John',
        // The line its first row ends on.
        label: 'Line 5',
        relationship: 'Friend',
        emails: [],
        phones: [],
        addresses: ['1 "Old" Lane'],
        dates: [
          { occasion: 'Christmas', value: '--12-25' },
          { occasion: 'Anniversary', value: '2010-09-18' },
        ],
      },
    ]);
  });

  it('takes the columns in any order and in any case, a BOM and a line without a name', () => {
    const [first, unnamed] = readCsv('\uFEFFDate,Name,Occasion\n1980-01-02,Ann,Birthday\n1980-01-03,,Birthday\n');
    // The columns left out are blank.
    expect(first).toEqual({
      name: 'Ann',
      label: 'Line 2',
      relationship: '',
      emails: [],
      phones: [],
      addresses: [],
      dates: [{ occasion: 'Birthday', value: '1980-01-02' }],
    });
    expect(unnamed).toMatchObject({ name: '', label: 'Line 3' });
  });

  it.each([
    ['an empty file', '', 'The file is empty'],
    ['a quote never closed', 'name,occasion,date\n"Ann,Birthday,1970-01-01\n', 'damaged near line'],
    ['a stray quote', 'name,occasion,date\nAn"n,Birthday,1970-01-01\n', 'written twice'],
    ['a missing column', 'name,date\nAnn,1970-01-01\n', 'The header has no occasion column'],
    ['an unknown column', 'name,occasion,date,birthday\n', 'Unknown column "birthday"'],
    ['a column twice', 'name,occasion,date,name\n', 'The column "name" is in the header twice'],
    ['semicolons', 'name;occasion;date\nAnn;Birthday;1970-01-01\n', 'with commas, not semicolons'],
    [
      'an unquoted comma',
      'name,occasion,date,address\nAnn,Birthday,1970-01-01,1 Main St, Springfield\n',
      'Line 2 has more values',
    ],
    ['a vCard', 'BEGIN:VCARD\nVERSION:3.0\nFN:Ann\nEND:VCARD\n', 'Unknown column "begin:vcard"'],
    ['binary', 'PK\u0003\u0004\u0000\u0000', 'not a text file'],
  ])('refuses %s with a clear 400', (_what, content, message) => {
    const { status, message: said } = refusal(() => readCsv(content));
    expect(status).toBe(400);
    expect(said).toContain(message);
  });

  it('refuses more than 2,000 people, however many rows they take', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `P${i},Birthday,--01-01\nP${i},Christmas,--12-25`);
    expect(readCsv(['name,occasion,date', ...rows(2000)].join('\n'))).toHaveLength(2000);
    expect(refusal(() => readCsv(['name,occasion,date', ...rows(2001)].join('\n'))).message).toBe(
      'The file has more than 2,000 contacts',
    );
  });
});
