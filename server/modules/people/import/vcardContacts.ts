import ICAL from 'ical.js';

import { IMPORT_MAX_CONTACTS, IMPORT_MAX_LINE_SEMICOLONS } from '#contract/people';

import {
  assertFewValues,
  assertText,
  cleanName,
  inWords,
  tooManyContacts,
  unreadableFile,
  type Contact,
  type WrittenDate,
} from './contact';

const NOT_A_VCARD = 'This is not a vCard file: it should start with BEGIN:VCARD (a .vcf file of contacts)';

/** jCard (RFC 7095) as ical.js's parser answers it: [name, properties, sub-components]. */
type JCardProperty = [name: string, params: Record<string, unknown>, type: string, ...values: unknown[]];
type JCardComponent = [name: string, properties: JCardProperty[], components: unknown[]];

/**
 * The contacts of a vCard file (versions 3 and 4). ical.js reads the syntax (folded lines, escapes,
 * parameters, groups, structured ADR); this reads the values a person takes: FN, EMAIL, TEL, ADR, BDAY, and
 * ANNIVERSARY with the two ways version 3 files write it (X-ANNIVERSARY; Apple's X-ABDATE labelled
 * Anniversary). Values are read as written (jCard's raw text), not through ical.js's typed values: one parse
 * keeps the design set of the first card for every later one, so a version 4 card after a version 3 card is
 * typed as version 3 (its ANNIVERSARY unknown), and a date ical.js cannot type must still be reported, not thrown.
 */
export function readVcards(file: string): Contact[] {
  // A byte order mark is not part of the first line (ical.js would read "\uFEFFBEGIN" as a property of no card).
  const content = file.startsWith('\uFEFF') ? file.slice(1) : file;
  assertText(content);
  assertFewSemicolons(content);
  // Spaces and tabs, not \s: \s takes line ends too, and a file of blank lines took time that grows with their square.
  if (!/^[ \t]*BEGIN:VCARD[ \t]*$/im.test(content)) throw unreadableFile(NOT_A_VCARD);
  if (/^VERSION:[ \t]*2\.1[ \t]*$/im.test(content)) {
    throw unreadableFile('vCard 2.1 files are not supported: export the contacts as vCard 3 or 4');
  }
  let parsed: unknown;
  try {
    parsed = ICAL.parse(content);
  } catch {
    throw unreadableFile('The vCard file is damaged: a line or a card is incomplete');
  }
  // One component comes back alone, several as a list.
  const components = (isComponent(parsed) ? [parsed] : (parsed as unknown[])).filter(isComponent);
  if (components.length === 0 || components.some(([name]) => name !== 'vcard')) throw unreadableFile(NOT_A_VCARD);
  if (components.length > IMPORT_MAX_CONTACTS) throw tooManyContacts();
  return components.map(([, properties], i) => contactOf(properties, `Contact ${i + 1}`));
}

/**
 * Refuses a line (folded lines unfolded) with more than IMPORT_MAX_LINE_SEMICOLONS semicolons, which separate
 * parameters and a value's parts, before ical.js reads it: ical.js reads a line's parameters in time that grows with
 * their square (200,000 of them took 0.8 s), and no phone writes more than a few. An escaped semicolon (\;) counts
 * too: ical.js takes it for a parameter's end as well. One pass over the file.
 */
function assertFewSemicolons(content: string): void {
  let line = 1;
  let semicolons = 0;
  for (let i = 0; i < content.length; i++) {
    const c = content[i];
    if (c === '\n') {
      line += 1;
      // A line that begins with a space or a tab continues the one before.
      if (content[i + 1] !== ' ' && content[i + 1] !== '\t') semicolons = 0;
    } else if (c === ';' && ++semicolons > IMPORT_MAX_LINE_SEMICOLONS) {
      throw unreadableFile(
        `Line ${line} of the vCard file has more than ${inWords(IMPORT_MAX_LINE_SEMICOLONS)} semicolons: a contact's line holds a few`,
      );
    }
  }
}

function isComponent(value: unknown): value is JCardComponent {
  return Array.isArray(value) && typeof value[0] === 'string' && Array.isArray(value[1]);
}

function contactOf(properties: JCardProperty[], label: string): Contact {
  const all = (name: string) => preferredFirst(properties.filter(([n]) => n === name));
  const contact = {
    name: cleanName(all('fn').map(textOf)[0] ?? ''),
    label,
    relationship: '',
    emails: all('email').map(textOf),
    // A version 4 TEL is often a URI (tel:+1-555-0100).
    phones: all('tel').map((p) => textOf(p).replace(/^tel:/i, '')),
    addresses: all('adr').map(addressOf),
    dates: datesOf(properties),
  };
  assertFewValues(contact);
  return contact;
}

/** The values marked preferred first (TYPE=pref in version 3, PREF=1..100 in version 4), in file order otherwise. */
function preferredFirst(properties: JCardProperty[]): JCardProperty[] {
  const rank = ([, params]: JCardProperty) => {
    const pref = Number(params.pref);
    if (Number.isInteger(pref) && pref > 0) return pref;
    const types = [params.type].flat().map((t) => String(t).toLowerCase());
    return types.includes('pref') ? 1 : 101;
  };
  return properties
    .map((p, i) => ({ p, i, r: rank(p) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ p }) => p);
}

const flatText = (value: unknown): string =>
  Array.isArray(value) ? value.map(flatText).filter(Boolean).join(', ') : String(value ?? '').trim();

const textOf = ([, , , ...values]: JCardProperty) => flatText(values);

/** ADR's parts (post office box, extended, street, locality, region, postal code, country) on one line. */
const addressOf = ([, , , value]: JCardProperty) =>
  Array.isArray(value) ? value.map(flatText).filter(Boolean).join(', ') : flatText(value);

/** Apple's label of an X-ABDATE that is an anniversary. */
const APPLE_ANNIVERSARY = '_$!<Anniversary>!$_';

function datesOf(properties: JCardProperty[]): WrittenDate[] {
  const dated = (occasion: string, p: JCardProperty): WrittenDate => {
    const omitYear = p[1]['x-apple-omit-year'];
    return { occasion, value: textOf(p), ...(typeof omitYear === 'string' && { omitYear }) };
  };
  // The label is a property of its own in the same group (the first one of the group); Apple's stock labels are
  // wrapped in _$!<…>!$_.
  const labels = new Map<unknown, JCardProperty>();
  for (const p of properties) {
    const group = p[1].group;
    if (p[0] === 'x-ablabel' && group && !labels.has(group)) labels.set(group, p);
  }
  const dates: WrittenDate[] = [];
  for (const p of properties) {
    const [name, params] = p;
    if (name === 'bday') dates.push(dated('Birthday', p));
    else if (name === 'anniversary' || name === 'x-anniversary') dates.push(dated('Anniversary', p));
    else if (name === 'x-abdate') {
      const label = params.group ? labels.get(params.group) : undefined;
      const text = label ? textOf(label) : '';
      if (text === APPLE_ANNIVERSARY) dates.push(dated('Anniversary', p));
      else if (text !== '' && !text.startsWith('_$!<')) dates.push(dated(text, p));
    }
  }
  return dates;
}
