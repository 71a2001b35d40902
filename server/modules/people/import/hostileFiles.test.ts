import { describe, expect, it } from 'vitest';

import { HOSTILE_FILES } from '../../../../tests/support/hostileContactFiles';
import { HttpError } from '../../../lib/errors';
import { cleanName, nameKey, type Contact } from './contact';
import { readCsv } from './csvContacts';
import { planImport } from './importPlan';
import { readVcards } from './vcardContacts';

/**
 * Issue 32: the readers and the plan take time that grows with the file's size, and a file past a limit is refused
 * as it is read. Time is measured as this process's CPU (the machine is shared); 1 s is ten times what the slowest
 * shape takes here, where before the fix one of them took 27 s.
 */
const CPU_MAX_MS = 1000;

function cpuMs<T>(work: () => T): { ms: number; result: T | HttpError } {
  const before = process.cpuUsage();
  let result: T | HttpError;
  try {
    result = work();
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    result = err;
  }
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000, result };
}

const read = ({ format, content }: { format: 'csv' | 'vcard'; content: string }) =>
  format === 'csv' ? readCsv(content) : readVcards(content);

describe('a 1 MB file shaped against the readers', () => {
  it.each(HOSTILE_FILES.map((f) => [f.what, f] as const))('%s: read and planned within 1 s of CPU', (_what, file) => {
    const { ms, result } = cpuMs(() => planImport(read(file), new Set(), 20));
    expect(ms).toBeLessThan(CPU_MAX_MS);
    if (file.refusal) {
      expect(result).toBeInstanceOf(HttpError);
      expect(result).toMatchObject({
        statusCode: file.refusal.status,
        message: expect.stringContaining(file.refusal.message),
      });
    } else {
      expect(result).toMatchObject({ add: [] });
    }
  });

  it('a vCard with 20,000 labelled dates is read whole within 1 s of CPU (each date finds its label by its group)', () => {
    const file = HOSTILE_FILES.find((f) => f.what === 'a vCard with 20,000 labelled dates')!;
    const { ms, result } = cpuMs(() => readVcards(file.content));
    expect(ms).toBeLessThan(CPU_MAX_MS);
    expect((result as Contact[])[0].dates).toHaveLength(20_000);
  });

  it('a contact with 20,000 different occasions is planned within 1 s of CPU when no limit stops it', () => {
    const dates = Array.from({ length: 20_000 }, (_, i) => ({ occasion: `Occasion ${i}`, value: '1970-04-15' }));
    const contact: Contact = {
      name: 'M',
      label: 'Line 2',
      relationship: '',
      emails: [],
      phones: [],
      addresses: [],
      dates,
    };
    const { ms, result } = cpuMs(() => planImport([contact], new Set(), Infinity));
    expect(ms).toBeLessThan(CPU_MAX_MS);
    expect(result).toMatchObject({ add: [{ name: 'M', dates: expect.any(Array) }] });
  });
});

describe('the limits of one file', () => {
  const refusal = (work: () => unknown) => {
    const { result } = cpuMs(work);
    return result instanceof HttpError ? { status: result.statusCode, message: result.message } : null;
  };
  const csv = (rows: string[]) => ['name,occasion,date,email', ...rows].join('\n');

  it('a CSV of 10,000 rows is read, one more is refused (400)', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `P${i % 1000},O${i},1970-04-15,`);
    expect(readCsv(csv(rows(10_000)))).toHaveLength(1000);
    expect(refusal(() => readCsv(csv(rows(10_001))))).toEqual({
      status: 400,
      message: 'The file has more than 10,000 rows',
    });
  });

  it('a CSV header of 100 columns (empty ones count) is read, one more is refused', () => {
    const header = (n: number) => `name,occasion,date${','.repeat(n - 3)}\nAnn,Birthday,1970-04-15\n`;
    expect(readCsv(header(100))).toHaveLength(1);
    expect(refusal(() => readCsv(header(101)))?.message).toBe(
      'The header has more than 100 columns: the columns are name, occasion, date, relationship, email, phone, address',
    );
  });

  it('rows without a name count as contacts: 2,000 are read, one more is refused', () => {
    const rows = (n: number) => Array.from({ length: n }, () => `,Birthday,1970-04-15,`);
    expect(readCsv(csv(rows(2000)))).toHaveLength(2000);
    expect(refusal(() => readCsv(csv(rows(2001))))?.message).toBe('The file has more than 2,000 contacts');
  });

  it('50 emails, phone numbers and addresses of one contact are read, one more is refused; a value repeated is one', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `Ann,Birthday,1970-04-15,a${i}@example.com`);
    expect(readCsv(csv([...rows(50), ...rows(50)]))[0].emails).toHaveLength(50);
    expect(refusal(() => readCsv(csv(rows(51))))).toEqual({
      status: 400,
      message: 'Ann has more than 50 emails, phone numbers and addresses in the file',
    });
    const card = (n: number) =>
      ['BEGIN:VCARD', 'VERSION:3.0', ...Array.from({ length: n }, (_, i) => `TEL:555010${i}`), 'END:VCARD'].join(
        '\r\n',
      );
    expect(readVcards(card(50))[0].phones).toHaveLength(50);
    expect(refusal(() => readVcards(card(51)))?.message).toBe(
      'Contact 1 has more than 50 emails, phone numbers and addresses in the file',
    );
  });

  it('a vCard line of 1,000 semicolons is read (escaped ones too, folded lines unfolded), one more is refused', () => {
    const card = (line: string) => ['BEGIN:VCARD', 'VERSION:3.0', 'FN:Ann', line, 'END:VCARD'].join('\r\n');
    expect(readVcards(card(`NOTE${';t=a'.repeat(1000)}:x`))).toHaveLength(1);
    expect(readVcards(card(`NOTE:${'a\\;'.repeat(1000)}`))).toHaveLength(1);
    // ical.js takes an escaped semicolon for a parameter's end too.
    expect(refusal(() => readVcards(card(`EMAIL;t=a${'\\;t=a'.repeat(1001)}:x`)))?.message).toMatch(/^Line 4 /);
    expect(refusal(() => readVcards(card(`NOTE${';t=a'.repeat(1001)}:x`)))).toEqual({
      status: 400,
      message: "Line 4 of the vCard file has more than 1,000 semicolons: a contact's line holds a few",
    });
    expect(refusal(() => readVcards(card(`NOTE${';t=a'.repeat(600)}\r\n ${';t=a'.repeat(401)}:x`)))?.message).toMatch(
      /^Line 5 of the vCard file has more than 1,000 semicolons/,
    );
  });

  it('MAX_DATES_PER_PERSON dates of one person are planned, one more refuses the whole import (409)', () => {
    const contact = (n: number): Contact => ({
      name: 'Ann',
      label: 'Line 2',
      relationship: '',
      emails: [],
      phones: [],
      addresses: [],
      // A date given twice is one date.
      dates: Array.from({ length: n }, (_, i) => ({ occasion: `O${i}`, value: '1970-04-15' })).flatMap((d) => [d, d]),
    });
    expect(planImport([contact(3)], new Set(), 3).add[0].dates).toHaveLength(3);
    expect(refusal(() => planImport([contact(4)], new Set(), 3))).toEqual({
      status: 409,
      message: 'You can keep at most 3 dates for one person: this file gives Ann more. Nothing was imported.',
    });
  });
});

describe('names that look the same', () => {
  const ZERO_WIDTH = [
    '\u200B',
    '\u200C',
    '\u200D',
    '\u2060',
    '\uFEFF',
    '\u00AD',
    '\u200E',
    '\u200F',
    '\u202A',
    '\u202E',
    '\u2066',
    '\u2069',
  ];

  it('are cleaned of invisible characters and composed (NFC), and told apart as one', () => {
    for (const invisible of ZERO_WIDTH) expect(cleanName(`Mu${invisible}m`)).toBe('Mum');
    // "é" as e and a combining acute accent.
    expect(cleanName('Rene\u0301e')).toBe('Renée');
    // NFKC would make these "fi" and "Mum": they look different, and are kept as written.
    expect(cleanName('ﬁona')).toBe('ﬁona');
    expect(nameKey(' MUM\u200B ')).toBe('mum');
  });

  it('are one person within a CSV file and within a vCard file', () => {
    const people = readCsv('name,occasion,date\nMum,Birthday,1970-04-15\nMum\u200B,Christmas,--12-25\n');
    expect(people).toMatchObject([{ name: 'Mum', dates: [{ occasion: 'Birthday' }, { occasion: 'Christmas' }] }]);
    const cards = readVcards(
      ['Mum', 'Mum\u200B']
        .map((n) => `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:${n}\r\nBDAY:1970-04-15\r\nEND:VCARD\r\n`)
        .join(''),
    );
    expect(planImport(cards, new Set(), 20)).toMatchObject({
      add: [{ name: 'Mum' }],
      skipped: [{ name: 'Mum', reason: 'Listed twice in the file' }],
    });
  });
});

describe('a vCard file that begins with a byte order mark', () => {
  it('is read', () => {
    const file = '\uFEFFBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nBDAY:1970-04-15\r\nEND:VCARD\r\n';
    expect(readVcards(file)).toMatchObject([{ name: 'Ann', dates: [{ occasion: 'Birthday', value: '1970-04-15' }] }]);
  });
});
