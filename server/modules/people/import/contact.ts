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

/** A name as a person takes it: on one line, its runs of spaces (a folded or escaped line end too) one space. */
export const cleanName = (name: string) => name.replace(/\s+/g, ' ').trim();

/** A file that cannot be read at all: 400 with what is wrong, and nothing changes. */
export const unreadableFile = (message: string) => new HttpError(400, message);

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
