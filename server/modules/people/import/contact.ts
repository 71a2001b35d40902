import { IMPORT_MAX_CONTACTS, IMPORT_MAX_VALUES_PER_CONTACT } from '#contract/people';

import { HttpError } from '../../../lib/errors';

/** A date of a contact as its file wrote it, before it is read (contactDates.ts). */
export interface WrittenDate {
  occasion: string;
  value: string;
  /** The year that stands for "no year" (vCard's X-APPLE-OMIT-YEAR parameter). */
  omitYear?: string;
}

/**
 * One contact of a file, as the file has it: every value of each kind, the preferred first. What fits a
 * person's fields is chosen later (importPlan.ts), the same for both formats.
 */
export interface Contact {
  /** Trimmed; '' when the file gives none. */
  name: string;
  /** How a preview names a contact without a name: "Contact 3" (vCard) or "Row 7" (CSV). */
  label: string;
  relationship: string;
  emails: string[];
  phones: string[];
  addresses: string[];
  dates: WrittenDate[];
}

/**
 * Characters that show nothing: zero-width space, non-joiner and joiner, word joiner, the byte order mark (zero-width
 * no-break space), the soft hyphen, and the bidirectional marks, embeddings, overrides and isolates. A name holding
 * one looks like the same name without it ("Mum" and "Mum" + U+200B), so names are compared without them. The same
 * class is given to PostgreSQL to compare the stored names (importPeople.ts).
 */
export const INVISIBLE_CHARACTERS = '[\u200B-\u200D\u2060\uFEFF\u00AD\u200E\u200F\u202A-\u202E\u2066-\u2069]';
const INVISIBLE = new RegExp(INVISIBLE_CHARACTERS, 'g');

/**
 * A name as a person takes it: in Unicode's composed form (NFC: an "é" typed as e and an accent is the "é" of one
 * character), without invisible characters, on one line, its runs of spaces (a folded or escaped line end too) one
 * space. NFC rather than NFKC: NFKC also turns characters that look different into others (full-width letters, "ﬁ",
 * "²"), which would change what the customer wrote; canonically equal texts look the same.
 */
export const cleanName = (name: string) => name.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();

/** How people are told apart: a customer has one person per name, cleaned (cleanName) and ignoring case. */
export const nameKey = (name: string) => cleanName(name).toLowerCase();

/** A file that cannot be read at all: 400 with what is wrong, and nothing changes. */
export const unreadableFile = (message: string) => new HttpError(400, message);

/** A number as the refusals write it: "2,000". */
export const inWords = (n: number) => n.toLocaleString('en-US');

/** How a contact is named in a refusal: by its name, or "Contact 3" / "Line 7" when it has none. */
const named = (contact: Pick<Contact, 'name' | 'label'>) => contact.name || contact.label;

/**
 * Counts a contact's emails, phone numbers and addresses as they are read: past IMPORT_MAX_VALUES_PER_CONTACT the
 * whole file is refused (every value is kept, in a field or the notes, so there is no silent cut to make).
 */
export function assertFewValues(contact: Contact): void {
  const values = contact.emails.length + contact.phones.length + contact.addresses.length;
  if (values > IMPORT_MAX_VALUES_PER_CONTACT) {
    throw unreadableFile(
      `${named(contact)} has more than ${inWords(IMPORT_MAX_VALUES_PER_CONTACT)} emails, phone numbers and addresses in the file`,
    );
  }
}

/** The contacts a file may hold (IMPORT_MAX_CONTACTS), nameless ones too. */
export const tooManyContacts = () => unreadableFile(`The file has more than ${inWords(IMPORT_MAX_CONTACTS)} contacts`);

/**
 * Control characters that no contact file holds (tab, line ends and form feeds aside), and U+FFFD, which
 * stands for bytes that were not text: a binary file read as text carries them.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_TEXT = /[\u0000-\u0008\u000E-\u001F\uFFFD]/;

/** Refuses an empty file and one that is not text (an image, a spreadsheet's binary format). */
export function assertText(content: string): void {
  if (content.trim() === '') throw unreadableFile('The file is empty');
  if (NOT_TEXT.test(content)) {
    throw unreadableFile('The file is not a text file: choose a vCard (.vcf) or CSV (.csv) file');
  }
}
