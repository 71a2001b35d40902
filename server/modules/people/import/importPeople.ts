import { randomUUID } from 'node:crypto';

import type { ImportAnswer } from '#contract/people';

import type { Db, Queryable } from '../../../db/db';
import { lockCustomer, run } from '../../../db/queryBuilder';
import { HttpError } from '../../../lib/errors';
import { storedDate } from '../personDates';
import { INVISIBLE_CHARACTERS, nameKey, type Contact } from './contact';
import { readCsv } from './csvContacts';
import { planImport, type ImportPlan } from './importPlan';
import { readVcards } from './vcardContacts';

export interface ImportRequest {
  format: 'vcard' | 'csv';
  content: string;
}

/** The customer's limits an import must keep within, as a whole: all of it fits, or nothing is written. */
export interface ImportLimits {
  maxPeople: number;
  /** Dates of all the customer's people together (MAX_OCCASIONS: a date is an occasion). */
  maxDates: number;
  /** Dates of one person (MAX_DATES_PER_PERSON). */
  datesPerPerson: number;
}

const readContacts = ({ format, content }: ImportRequest): Contact[] =>
  format === 'vcard' ? readVcards(content) : readCsv(content);

/**
 * Which of these names (cleaned: contact.ts cleanName) the customer's people already have: compared with PostgreSQL's
 * own case rules (what the unique index on lower(btrim(name)) compares), and with the stored names cleaned the same
 * way as the file's ($3: the invisible characters), as a name typed by hand may hold them. The cleaned names are
 * made once for all the file's names (a hashed subquery).
 */
const EXISTING_NAMES_SQL = `coalesce((select array_agg(n) from unnest($2::text[]) as n
  where lower(n) in (select lower(btrim(regexp_replace(regexp_replace(normalize(p.name, NFC), $3, '', 'g'), '\\s+', ' ', 'g')))
                       from people p where p.user_id = $1)
     or exists (select 1 from people p where p.user_id = $1 and lower(btrim(p.name)) = lower(btrim(n)))), '{}')`;

const namesOf = (contacts: Contact[]) => [...new Set(contacts.map((c) => c.name).filter((n) => n !== ''))];

/** Which of these names (cleaned) the customer's people already have (EXISTING_NAMES_SQL). */
async function existingNames(db: Queryable, userId: string, names: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ existing: string[] }>(`select ${EXISTING_NAMES_SQL} as existing`, [
    userId,
    names,
    INVISIBLE_CHARACTERS,
  ]);
  return new Set(rows[0].existing.map(nameKey));
}

const sameNames = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((n) => b.has(n));

/** What importing the file would add and skip. Reads only. */
export async function previewImport(
  db: Queryable,
  userId: string,
  request: ImportRequest,
  limits: ImportLimits,
): Promise<ImportAnswer> {
  const contacts = readContacts(request);
  const existing = await existingNames(db, userId, namesOf(contacts));
  return answerOf(planImport(contacts, existing, limits.datesPerPerson));
}

/**
 * Imports the file: the same plan as its preview (read again from the same content, against the people the
 * customer has now), written in one transaction, or nothing when it would pass a limit (409). The plan is made
 * before the transaction, against the names stored then, and made again inside it only if they changed meanwhile:
 * PGlite runs one transaction at a time, and planning 2,000 people (20-100 ms) inside it held every other customer.
 */
export async function commitImport(
  db: Db,
  userId: string,
  request: ImportRequest,
  limits: ImportLimits,
): Promise<ImportAnswer> {
  const contacts = readContacts(request);
  const names = namesOf(contacts);
  const plannedAgainst = await existingNames(db, userId, names);
  const early = planImport(contacts, plannedAgainst, limits.datesPerPerson);
  const plan = await db.transaction(async (tx) => {
    // The users row first (docs/decisions/0012): imports and additions of the same customer count one at a time.
    await run(tx, lockCustomer(userId));
    const { rows } = await tx.query<{ people: number; dates: number; existing: string[] }>(
      `select (select count(*) from people where user_id = $1)::int as people,
              (select count(*) from occasions where user_id = $1)::int as dates,
              ${EXISTING_NAMES_SQL} as existing`,
      [userId, names, INVISIBLE_CHARACTERS],
    );
    const { people, dates } = rows[0];
    const existing = new Set(rows[0].existing.map(nameKey));
    const plan = sameNames(existing, plannedAgainst) ? early : planImport(contacts, existing, limits.datesPerPerson);
    assertWithinLimits(plan, { people, dates }, limits);
    if (plan.add.length > 0) await insertPlan(tx, userId, plan);
    return plan;
  });
  return answerOf(plan);
}

function assertWithinLimits(plan: ImportPlan, kept: { people: number; dates: number }, limits: ImportLimits) {
  const people = plan.add.length;
  const dates = plan.add.reduce((n, p) => n + p.dates.length, 0);
  if (kept.people + people > limits.maxPeople) {
    throw new HttpError(
      409,
      `You can keep at most ${limits.maxPeople} people: you have ${kept.people}, and this file adds ${people}. Nothing was imported.`,
    );
  }
  if (kept.dates + dates > limits.maxDates) {
    throw new HttpError(
      409,
      `You can keep at most ${limits.maxDates} dates: you have ${kept.dates}, and this file adds ${dates}. Nothing was imported.`,
    );
  }
}

/**
 * The people and their dates in one statement. Their ids are made here so that the dates can name their
 * person without a round trip. A name that PostgreSQL finds taken after all (a person added by another
 * request since the lock was taken, or two names of the file that only PostgreSQL's case rules make one)
 * adds no row: the count tells, and the whole import is refused.
 */
async function insertPlan(tx: Queryable, userId: string, plan: ImportPlan) {
  const people = plan.add.map((p) => ({ ...p, id: randomUUID() }));
  const dates = people.flatMap((p) => p.dates.map((d) => ({ ...d, personId: p.id, ...storedDate(d.date) })));
  const { rows } = await tx.query<{ people: number }>(
    `with new_people as (
       insert into people (id, user_id, name, relationship, email, phone_number, address, notes, birth_year)
       select p.id, $1, p.name, p.relationship, p.email, p.phone_number, p.address, p.notes, p.birth_year
         from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[])
           as p(id, name, relationship, email, phone_number, address, notes, birth_year)
       on conflict do nothing
       returning id
     ), new_dates as (
       insert into occasions (user_id, person_id, occasion, date, year_known, repeats_yearly, remind_days_before,
                              next_check_at)
       select $1, d.person_id, d.occasion, d.date, d.year_known, d.repeats_yearly, d.remind_days_before::smallint[],
              now()
         from unnest($10::uuid[], $11::text[], $12::date[], $13::bool[], $14::bool[], $15::text[])
           as d(person_id, occasion, date, year_known, repeats_yearly, remind_days_before)
        where d.person_id in (select id from new_people)
       returning 1
     )
     select (select count(*) from new_people)::int as people`,
    [
      userId,
      people.map((p) => p.id),
      people.map((p) => p.name),
      people.map((p) => p.relationship),
      people.map((p) => p.email),
      people.map((p) => p.phoneNumber),
      people.map((p) => p.address),
      people.map((p) => p.notes),
      people.map((p) => p.birthYear),
      dates.map((d) => d.personId),
      dates.map((d) => d.occasion),
      dates.map((d) => d.date),
      dates.map((d) => d.year_known),
      dates.map((d) => d.repeatsYearly),
      // Each date's reminder days as an array literal ('{30,7}'): unnest takes one array per row this way.
      dates.map((d) => `{${d.remindDaysBefore.join(',')}}`),
    ],
  );
  if (rows[0].people !== people.length) {
    throw new HttpError(409, 'Some of these people were added meanwhile: look at the file again before importing');
  }
}

const answerOf = ({ add, skipped }: ImportPlan): ImportAnswer => ({
  success: true,
  data: {
    add: add.map(({ name, relationship, email, phoneNumber, address, notes, dates }) => ({
      name,
      relationship,
      email,
      phoneNumber,
      address,
      notes,
      dates: dates.map(({ occasion, date }) => ({ occasion, date })),
    })),
    skipped,
  },
});
