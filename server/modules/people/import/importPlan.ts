import { emailField } from '#contract/fields';
import { PERSON_TEXT_MAX, personDateFields, type ImportedPerson, type PersonDateInput } from '#contract/people';
import { readPhone } from '#contract/phoneNumber';
import { RECIPIENT_FIELDS } from '#contract/recipientFields';

import { HttpError } from '../../../lib/errors';
import { nameKey, type Contact } from './contact';
import { readContactDate } from './contactDates';

/** A person the import adds: what the preview shows, and what the commit writes. */
export interface PlannedPerson extends ImportedPerson {
  birthYear: number | null;
  dates: (ImportedPerson['dates'][number] & Required<Pick<PersonDateInput, 'repeatsYearly' | 'remindDaysBefore'>>)[];
}

export interface SkippedContact {
  name: string;
  reason: string;
}

export interface ImportPlan {
  add: PlannedPerson[];
  skipped: SkippedContact[];
}

const NAME_MAX = RECIPIENT_FIELDS.recipientName.maxLength;
const OCCASION_MAX = RECIPIENT_FIELDS.occasion.maxLength;

/**
 * What importing these contacts does for a customer who already has people of the `existing` names
 * (nameKey): who is added with which dates and details, and what is skipped and why. A contact is skipped
 * whole when it has no name, is already among the customer's people or earlier in the file, or has no date
 * that can be read; a date that cannot be read beside one that can is left out, and said so. A contact with more
 * than `datesPerPerson` dates to keep refuses the whole import (409). Time grows with the contacts' dates.
 */
export function planImport(contacts: Contact[], existing: ReadonlySet<string>, datesPerPerson: number): ImportPlan {
  const add: PlannedPerson[] = [];
  const skipped: SkippedContact[] = [];
  const added = new Set<string>();
  for (const contact of contacts) {
    const { name } = contact;
    const refusal =
      name === ''
        ? 'No name'
        : name.length > NAME_MAX
          ? `Name longer than ${NAME_MAX} characters`
          : existing.has(nameKey(name))
            ? 'Already in your people'
            : added.has(nameKey(name))
              ? 'Listed twice in the file'
              : null;
    const shownName = name === '' ? contact.label : name.slice(0, NAME_MAX);
    if (refusal) {
      skipped.push({ name: shownName, reason: refusal });
      continue;
    }
    const { dates, problems } = readDates(contact, datesPerPerson);
    if (dates.length === 0) {
      skipped.push({ name, reason: problems[0]?.whole ?? 'No date' });
      continue;
    }
    for (const problem of problems) skipped.push({ name, reason: problem.partial });
    add.push({ ...fittedDetails(contact), dates, birthYear: birthYearOf(dates) });
    added.add(nameKey(name));
  }
  return { add, skipped };
}

/** Why a date is not taken: said of the contact when none of its dates is, or of the date alone. */
interface DateProblem {
  whole: string;
  partial: string;
}

const problem = (occasion: string, reason: string): DateProblem => ({
  whole: reason,
  partial: `${occasion || 'A date'} left out: ${reason[0].toLowerCase()}${reason.slice(1)}`,
});

/** A person with more dates than one may have (MAX_DATES_PER_PERSON): the whole import is refused, as others are. */
const tooManyDates = (name: string, max: number) =>
  new HttpError(
    409,
    `You can keep at most ${max} dates for one person: this file gives ${name} more. Nothing was imported.`,
  );

/**
 * The contact's dates that can be read, one per occasion (the first), and what is wrong with the others; past
 * `datesPerPerson` dates that would be kept, the import is refused. Each date is looked up by its occasion.
 */
function readDates(contact: Contact, datesPerPerson: number) {
  const dates: PlannedPerson['dates'] = [];
  const byOccasion = new Map<string, PlannedPerson['dates'][number]>();
  const problems: DateProblem[] = [];
  for (const written of contact.dates) {
    const occasion = written.occasion.trim();
    if (occasion === '') {
      problems.push(problem('', `No occasion for the date ${written.value}`));
      continue;
    }
    if (occasion.length > OCCASION_MAX) {
      problems.push(problem(occasion.slice(0, 20) + '…', `Occasion longer than ${OCCASION_MAX} characters`));
      continue;
    }
    if (written.value.trim() === '') {
      problems.push(problem(occasion, 'No date'));
      continue;
    }
    const read = readContactDate(written.value, written.omitYear);
    if (!read.ok) {
      problems.push(problem(occasion, read.reason));
      continue;
    }
    const same = byOccasion.get(occasion.toLowerCase());
    if (same) {
      if (same.date !== read.date) problems.push(problem(occasion, `Second date (${read.date})`));
      continue;
    }
    if (dates.length === datesPerPerson) throw tooManyDates(contact.name, datesPerPerson);
    // The contract's rules give the defaults: repeats every year, reminded 30 and 7 days before.
    const { repeatsYearly, remindDaysBefore } = personDateFields.parse({ occasion, date: read.date });
    const date = { occasion, date: read.date, repeatsYearly, remindDaysBefore };
    dates.push(date);
    byOccasion.set(occasion.toLowerCase(), date);
  }
  return { dates, problems };
}

const birthYearOf = (dates: PlannedPerson['dates']) => {
  const birthday = dates.find((d) => d.occasion === 'Birthday' && !d.date.startsWith('--'));
  return birthday ? Number(birthday.date.slice(0, 4)) : null;
};

/**
 * A phone number as the phone field takes it: its 10 digits; a leading country code 1 (+1 555…) is dropped, and a
 * number with another code goes to the notes (a person keeps no country code).
 */
function phoneDigits(phone: string): string | null {
  const read = readPhone(phone);
  return read && (read.callingCode ?? '1') === '1' ? read.digits : null;
}

/**
 * The contact's details in the person's fields: the first value of each kind that the field takes. Every
 * other value (a second email, a phone number that is not 10 digits, an address too long) goes into the
 * person's notes, so the file loses nothing.
 */
function fittedDetails(contact: Contact): Omit<PlannedPerson, 'dates' | 'birthYear'> {
  const notes: string[] = [];
  const pick = <T>(label: string, values: string[], fit: (value: string) => T | null, blank: T): T => {
    let chosen: T | null = null;
    for (const value of values) {
      const fitted: T | null = chosen === null ? fit(value) : null;
      if (fitted !== null) chosen = fitted;
      else notes.push(`${label}: ${value}`);
    }
    return chosen ?? blank;
  };
  const email = pick('Email', contact.emails, (v) => emailField.safeParse(v).data ?? null, '');
  const phoneNumber = pick('Phone', contact.phones, phoneDigits, '');
  const address = pick(
    'Address',
    contact.addresses,
    (v) => (v.length <= RECIPIENT_FIELDS.address.maxLength ? v : null),
    '',
  );
  const relationship = pick(
    'Relationship',
    contact.relationship === '' ? [] : [contact.relationship],
    (v) => (v.length <= RECIPIENT_FIELDS.relationship.maxLength ? v : null),
    '',
  );
  return { name: contact.name, relationship, email, phoneNumber, address, notes: notesText(notes) };
}

/** The notes' lines, within the notes' limit (a file would have to be odd to reach it). */
function notesText(lines: string[]): string {
  const text = lines.join('\n');
  return text.length <= PERSON_TEXT_MAX.notes ? text : `${text.slice(0, PERSON_TEXT_MAX.notes - 1)}…`;
}
