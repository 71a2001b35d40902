import { milestoneOf } from '#contract/milestones';
import type { NextDate, Person, PersonSummary } from '#contract/people';

import type { Queryable } from '../../db/db';
import { isUuid } from '../../db/pgChecks';
import { daysBetween, localDate } from '../occasions/calendarDays';
import { nextOccurrence } from '../occasions/occurrences';
import { personNotFound } from './people';
import { answeredDate } from './personDates';

/** A date as read: the stored date (in 2000 when the year is not known) and whether its year is known. */
interface StoredDate {
  _id: string;
  occasion: string;
  date: string;
  yearKnown: boolean;
  repeatsYearly: boolean;
  remindDaysBefore: number[];
}

type PersonRow = Omit<PersonSummary, 'dates' | 'nextDate'> & { dates: StoredDate[]; timeZone: string };

/**
 * A person's columns, their dates (as JSON, in calendar order) and their customer's time zone, for the list and
 * the page alike: one statement reads all of them, whatever the number of people.
 */
const PERSON_COLUMNS = `
  p.id::text as "_id", p.name, p.relationship, p.gender, p.address, p.phone_number as "phoneNumber", p.email,
  p.interests, p.budget, p.default_option as "defaultOption", p.likes, p.dislikes, p.sizes, p.allergies, p.notes,
  p.birth_year as "birthYear", u.time_zone as "timeZone",
  coalesce((
    select json_agg(json_build_object('_id', o.id::text, 'occasion', o.occasion, 'date', o.date::text,
                                      'yearKnown', o.year_known, 'repeatsYearly', o.repeats_yearly,
                                      'remindDaysBefore', o.remind_days_before)
                    order by to_char(o.date, 'MM-DD'), o.date, o.created_at, o.id)
      from occasions o where o.person_id = p.id), '[]') as dates`;

const LIST_SQL = `select ${PERSON_COLUMNS} from users u join people p on p.user_id = u.id where u.id = $1`;

/** The page adds the gift ideas (oldest first) and every order placed for the person (newest first, at most 100). */
export const GIFT_HISTORY_LIMIT = 100;
const PAGE_SQL = `
  select ${PERSON_COLUMNS},
    coalesce((
      select json_agg(json_build_object('_id', i.id::text, 'text', i.text, 'used', i.used_at is not null,
                                        'createdAt', to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                      order by i.created_at, i.id)
        from gift_ideas i where i.person_id = p.id), '[]') as "giftIdeas",
    coalesce((
      select json_agg(json_build_object('_id', g.id::text, 'date', g.date::text, 'occasion', g.occasion,
                                        'status', g.status, 'budget', g.budget)
                      order by g.date desc, g.created_at desc, g.id desc)
        from (select o.id, o.date, o.occasion, o.status, o.budget, o.created_at
                from gift_orders o where o.person_id = p.id and o.user_id = $1
               order by o.date desc, o.created_at desc, o.id desc
               limit ${GIFT_HISTORY_LIMIT}) g), '[]') as gifts
  from users u join people p on p.user_id = u.id where u.id = $1 and p.id = $2`;

/**
 * The person's soonest coming date (today included, in the customer's time zone), or null when none comes, with
 * the age a birthday turns or an anniversary's number (contract/milestones.ts, as the reminder email says it).
 */
export function nextDateOf(dates: StoredDate[], birthYear: number | null, today: string): NextDate | null {
  let best: NextDate | null = null;
  for (const d of dates) {
    const on = nextOccurrence(d, today);
    if (on === null || (best !== null && on >= best.on)) continue;
    const milestone = milestoneOf({ ...d, birthYear }, on);
    best = { dateId: d._id, occasion: d.occasion, on, daysAway: daysBetween(today, on), milestone };
  }
  return best;
}

function summaryOf(row: PersonRow, now: Date): PersonSummary {
  const { timeZone, dates, ...fields } = row;
  return {
    ...fields,
    dates: dates.map(({ yearKnown, ...d }) => ({ ...d, date: answeredDate(d.date, yearKnown) })),
    nextDate: nextDateOf(dates, fields.birthYear, localDate(now, timeZone)),
  };
}

/** Soonest next date first; people with no coming date last; then by name. */
function bySoonest(a: PersonSummary, b: PersonSummary): number {
  if (a.nextDate && b.nextDate && a.nextDate.on !== b.nextDate.on) return a.nextDate.on < b.nextDate.on ? -1 : 1;
  if (a.nextDate && !b.nextDate) return -1;
  if (!a.nextDate && b.nextDate) return 1;
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
}

/** The customer's people, soonest next date first, in one statement. */
export async function listPeople(db: Queryable, userId: string, now = new Date()): Promise<PersonSummary[]> {
  const { rows } = await db.query<PersonRow>(LIST_SQL, [userId]);
  return rows.map((row) => summaryOf(row, now)).sort(bySoonest);
}

/** The customer's own person with their gift ideas and gift history, or 404. */
export async function getPerson(db: Queryable, userId: string, id: string, now = new Date()): Promise<Person> {
  if (!isUuid(id)) throw personNotFound();
  const { rows } = await db.query<PersonRow & Pick<Person, 'giftIdeas' | 'gifts'>>(PAGE_SQL, [userId, id]);
  if (!rows[0]) throw personNotFound();
  const { giftIdeas, gifts, ...row } = rows[0];
  return { ...summaryOf(row, now), giftIdeas, gifts };
}
