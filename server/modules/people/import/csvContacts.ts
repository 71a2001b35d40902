import { CsvError, parse } from 'csv-parse/sync';

import { IMPORT_MAX_CONTACTS, IMPORT_MAX_ROWS } from '#contract/people';

import {
  assertFewValues,
  assertText,
  cleanName,
  inWords,
  nameKey,
  tooManyContacts,
  unreadableFile,
  type Contact,
} from './contact';

/**
 * The CSV file's columns (docs/api.md): one row per date; rows with the same name (ignoring case and surrounding
 * spaces) are one person. Only `name`, `occasion` and `date` must be there; the columns may come in any order.
 */
export const CSV_COLUMNS = ['name', 'occasion', 'date', 'relationship', 'email', 'phone', 'address'] as const;
type Column = (typeof CSV_COLUMNS)[number];
const REQUIRED_COLUMNS: Column[] = ['name', 'occasion', 'date'];

const isColumn = (name: string): name is Column => (CSV_COLUMNS as readonly string[]).includes(name);

interface Row {
  record: string[];
  info: { lines: number };
}

/** A contact as it is read: with the values it has already, so that a value repeated on its rows is kept once. */
interface ContactRead {
  contact: Contact;
  values: Set<string>;
}

/**
 * The contacts of a CSV file with the documented header, read by csv-parse (quotes, commas, line ends, BOM), in
 * time that grows with the file's size: each row is looked up by name and each value by itself, and the limits of
 * rows, contacts (nameless ones too) and values are kept as the rows are read.
 */
export function readCsv(content: string): Contact[] {
  assertText(content);
  assertNarrowHeader(content);
  let rows: Row[];
  // csv-parse makes an error object for each row shorter than the header (relax_column_count keeps the row): without
  // their stack traces, which nothing reads, a file of 10,000 such rows costs 40 % less. Restored before anything else
  // runs (the parse is synchronous).
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    rows = parse(content, {
      // The header and one row past the limit, to tell that there is one: csv-parse stops reading there.
      to: IMPORT_MAX_ROWS + 2,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
      info: true,
    }) as unknown as Row[];
  } catch (err) {
    if (err instanceof CsvError)
      throw unreadableFile(`The CSV file is damaged near line ${lineOf(err)}: ${quoteHelp(err)}`);
    throw err;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  const [header, ...body] = rows;
  if (!header) throw unreadableFile('The file is empty');
  if (body.length > IMPORT_MAX_ROWS) throw unreadableFile(`The file has more than ${inWords(IMPORT_MAX_ROWS)} rows`);
  const columns = columnsOf(header.record);
  // Where each column is, found once: a header may have many empty columns.
  const places = new Map(columns.flatMap((c, i) => (c === '' ? [] : [[c, i] as const])));
  const people = new Map<string, ContactRead>();
  const unnamed: ContactRead[] = [];
  for (const { record, info } of body) {
    if (record.length > columns.length && record.slice(columns.length).some((v) => v !== '')) {
      throw unreadableFile(
        `Line ${info.lines} has more values than the header: put a value that holds a comma in double quotes`,
      );
    }
    const row = rowOf(record, places);
    const contact = personOf(row, `Line ${info.lines}`, people, unnamed);
    if (row.occasion !== '' || row.date !== '') contact.dates.push({ occasion: row.occasion, value: row.date });
    if (people.size + unnamed.length > IMPORT_MAX_CONTACTS) throw tooManyContacts();
  }
  return [...people.values(), ...unnamed].map(({ contact }) => contact);
}

/** A row's values by column ('' for a column the file leaves out), its name on one line. */
function rowOf(record: string[], places: ReadonlyMap<Column, number>): Record<Column, string> {
  const row = Object.fromEntries(CSV_COLUMNS.map((c) => [c, record[places.get(c) ?? -1] ?? '']));
  return { ...row, name: cleanName(row.name) } as Record<Column, string>;
}

/** The row's person: the one of the same name met before, or a new one (a row without a name is one alone). */
function personOf(
  row: Record<Column, string>,
  label: string,
  people: Map<string, ContactRead>,
  unnamed: ContactRead[],
): Contact {
  const key = nameKey(row.name);
  let read = key === '' ? undefined : people.get(key);
  if (!read) {
    const contact = { name: row.name, label, relationship: '', emails: [], phones: [], addresses: [], dates: [] };
    read = { contact, values: new Set() };
    if (key === '') unnamed.push(read);
    else people.set(key, read);
  }
  const { contact, values } = read;
  // A person's details may be on any of their rows: the first given is theirs; other values are kept too.
  if (contact.relationship === '') contact.relationship = row.relationship;
  const addNew = (list: string[], kind: string, value: string) => {
    if (value === '' || values.has(`${kind}:${value}`)) return;
    values.add(`${kind}:${value}`);
    list.push(value);
  };
  addNew(contact.emails, 'email', row.email);
  addNew(contact.phones, 'phone', row.phone);
  addNew(contact.addresses, 'address', row.address);
  assertFewValues(contact);
  return contact;
}

/** The most columns a header may have, empty ones too: seven are known. */
const HEADER_MAX_COLUMNS = 100;

/**
 * Refuses a header of more than HEADER_MAX_COLUMNS columns before csv-parse reads the file: it makes an error object
 * for every row shorter than the header, and a header of 300,000 empty columns made a file of short rows cost 0.7 s.
 */
function assertNarrowHeader(content: string): void {
  const end = content.indexOf('\n');
  let commas = 0;
  for (let i = 0; i < (end === -1 ? content.length : end); i++) {
    if (content[i] === ',' && ++commas >= HEADER_MAX_COLUMNS) {
      throw unreadableFile(
        `The header has more than ${HEADER_MAX_COLUMNS} columns: the columns are ${CSV_COLUMNS.join(', ')}`,
      );
    }
  }
}

function columnsOf(header: string[]): (Column | '')[] {
  const names = header.map((h) => h.toLowerCase());
  if (names.length === 1 && header[0].includes(';')) {
    throw unreadableFile('The CSV file must separate its columns with commas, not semicolons');
  }
  const expected = `the columns are ${CSV_COLUMNS.join(', ')}`;
  const unknown = names.find((n) => n !== '' && !isColumn(n));
  if (unknown !== undefined)
    throw unreadableFile(`Unknown column "${unknown.slice(0, 40)}" in the header: ${expected}`);
  const twice = names.find((n, i) => n !== '' && names.indexOf(n) !== i);
  if (twice !== undefined) throw unreadableFile(`The column "${twice}" is in the header twice`);
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    throw unreadableFile(
      `The header has no ${missing.join(', ')} column: the first line names the columns (${expected})`,
    );
  }
  return names as (Column | '')[];
}

const lineOf = (err: CsvError) => (typeof err.lines === 'number' ? err.lines : 1);

function quoteHelp(err: CsvError): string {
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') return 'a double quote is opened and never closed';
  if (err.code === 'INVALID_OPENING_QUOTE' || err.code === 'CSV_INVALID_CLOSING_QUOTE') {
    return 'a double quote inside a value must be written twice, and the value put in double quotes';
  }
  return 'it could not be read as CSV';
}
