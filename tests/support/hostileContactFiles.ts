import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '#contract/people';

/**
 * Contact files of at most IMPORT_MAX_BYTES shaped to make a careless reader quadratic (issue 32): each is what
 * one request may send to POST /api/people/import/preview or /api/people/import, and the refusal it gets with the
 * default limits (MAX_DATES_PER_PERSON 20).
 */
export interface HostileFile {
  what: string;
  format: 'csv' | 'vcard';
  content: string;
  /** null: read, and nothing to add. */
  refusal: { status: 400 | 409; message: string } | null;
}

/** `line(i)` for i = 0, 1, … after `head`, as many as fit in IMPORT_MAX_BYTES, and at most `count`. */
function filled(head: string, line: (i: number) => string, tail = '', count = Infinity): string {
  const parts = [head];
  let size = head.length + tail.length;
  for (let i = 0; i < count; i++) {
    const next = line(i);
    if (size + next.length > IMPORT_MAX_BYTES) break;
    parts.push(next);
    size += next.length;
  }
  parts.push(tail);
  return parts.join('');
}

/** A number in letters (a, b, …, z, ba, …): occasions and names that differ, with no digit in them. */
const letters = (i: number): string =>
  (i < 26 ? '' : letters(Math.floor(i / 26) - 1)) + String.fromCharCode(97 + (i % 26));

const TOO_MANY_ROWS = { status: 400, message: 'The file has more than 10,000 rows' } as const;
const TOO_MANY_DATES = { status: 409, message: 'You can keep at most 20 dates for one person' } as const;

export const HOSTILE_FILES: HostileFile[] = [
  {
    what: 'a CSV giving one person a different occasion on every row',
    format: 'csv',
    content: filled('name,occasion,date\n', (i) => `M,${letters(i)},1970-04-15\n`),
    refusal: TOO_MANY_ROWS,
  },
  {
    what: 'the same within the rows a CSV may have',
    format: 'csv',
    content: filled('name,occasion,date\n', (i) => `M,${letters(i)},1970-04-15\n`, '', IMPORT_MAX_ROWS),
    refusal: TOO_MANY_DATES,
  },
  {
    what: 'a CSV of nameless rows',
    format: 'csv',
    content: filled('name,occasion,date\n', () => `,Birthday,1970-04-15\n`),
    refusal: TOO_MANY_ROWS,
  },
  {
    what: 'the same within the rows a CSV may have',
    format: 'csv',
    content: filled('name,occasion,date\n', () => `,Birthday,1970-04-15\n`, '', IMPORT_MAX_ROWS),
    refusal: { status: 400, message: 'The file has more than 2,000 contacts' },
  },
  {
    what: 'a CSV giving one person a different email on every row',
    format: 'csv',
    content: filled(
      'name,occasion,date,email\n',
      (i) => `M,Birthday,1970-04-15,${letters(i)}@x.co\n`,
      '',
      IMPORT_MAX_ROWS,
    ),
    refusal: { status: 400, message: 'M has more than 50 emails, phone numbers and addresses' },
  },
  {
    what: 'a vCard with 20,000 labelled dates',
    format: 'vcard',
    content: filled(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:M\r\n',
      (i) => `a${i}.X-ABDATE:1970-04-15\r\na${i}.X-ABLABEL:${letters(i)}\r\n`,
      'END:VCARD\r\n',
      20_000,
    ),
    refusal: TOO_MANY_DATES,
  },
  {
    what: 'a card of 60,000 emails',
    format: 'vcard',
    content: filled('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:M\r\n', () => 'EMAIL:m@x.co\r\n', 'END:VCARD\r\n', 60_000),
    refusal: { status: 400, message: 'M has more than 50 emails, phone numbers and addresses' },
  },
  {
    what: 'a card with 200,000 parameters',
    format: 'vcard',
    content: filled(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:M\r\nEMAIL',
      (i) => `;t=${letters(i % 26)}`,
      ':m@x.co\r\nBDAY:1970-04-15\r\nEND:VCARD\r\n',
      200_000,
    ),
    refusal: { status: 400, message: 'Line 4 of the vCard file has more than 1,000 semicolons' },
  },
  {
    what: 'a card with 200,000 escaped semicolons in its parameters',
    format: 'vcard',
    content: filled(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:M\r\nEMAIL;t=a',
      () => '\\;t=a',
      ':m@x.co\r\nBDAY:1970-04-15\r\nEND:VCARD\r\n',
      200_000,
    ),
    refusal: { status: 400, message: 'Line 4 of the vCard file has more than 1,000 semicolons' },
  },
  {
    what: 'a CSV whose header has 300,000 empty columns',
    format: 'csv',
    content: filled(`name,occasion,date${','.repeat(300_000)}\n`, () => 'M,B,x\n', '', IMPORT_MAX_ROWS),
    refusal: { status: 400, message: 'The header has more than 100 columns' },
  },
  {
    what: 'a CSV of rows shorter than its header',
    format: 'csv',
    content: filled(`name,occasion,date${','.repeat(96)}\n`, () => 'M,B,x\n', '', IMPORT_MAX_ROWS),
    refusal: null,
  },
  {
    what: 'a card of lines with 1,000 parameters each, of the kind ical.js reads slowest (t=a"b)',
    format: 'vcard',
    content: filled(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:M\r\n',
      () => `NOTE${';t=a"b'.repeat(1000)}:x\r\n`,
      'END:VCARD\r\n',
    ),
    refusal: null,
  },
  {
    what: 'a file of blank lines sent as a vCard',
    format: 'vcard',
    content: filled('BEGIN', () => '\n', 'END'),
    refusal: { status: 400, message: 'This is not a vCard file' },
  },
];
