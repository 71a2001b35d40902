import type { Person, PersonDate, PersonSummary } from '#contract/people';
import { RECIPIENT_FIELDS } from '#contract/recipientFields';

import { EMPTY_ORDER_FORM, toDateKey, type OrderFormValues } from './orderFormValues';

/** Ordering from a person: the order form filled from their details and preferences, dated on one of their dates. */

/** A person as the People screen lists them, or their page (with gift ideas). */
export type OrderablePerson = PersonSummary & Partial<Pick<Person, 'giftIdeas'>>;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Month and day of a date written YYYY-MM-DD or --MM-DD; the year, when known. */
function parts(date: string): { year: number | null; month: number; day: number } | null {
  const m = /^(\d{4}|-)-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  return { year: m[1] === '-' ? null : Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

/**
 * The next day a date falls on, from `today` (YYYY-MM-DD, the customer's own day) on, as YYYY-MM-DD: a yearly date
 * this year or next (29 February on 28 February in other years, as everywhere in the app); a one-off date itself
 * while it has not passed. '' when there is none (a one-off date that passed, or one without its year).
 */
export function nextOccurrence(d: Pick<PersonDate, 'date' | 'repeatsYearly'>, today: string): string {
  const p = parts(d.date);
  if (!p) return '';
  if (!d.repeatsYearly) return p.year !== null && d.date >= today ? d.date : '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const on = (year: number) =>
    `${year}-${pad(p.month)}-${pad(p.month === 2 && p.day === 29 && !isLeap(year) ? 28 : p.day)}`;
  const thisYear = Number(today.slice(0, 4));
  return on(thisYear) >= today ? on(thisYear) : on(thisYear + 1);
}

/**
 * What the people who pick the gift should know, briefly: likes, dislikes, sizes, allergies and the gift ideas not
 * used yet, one line each, within the comments' limit. The person's free notes stay private to the customer.
 */
export function commentsFromPerson(
  person: Pick<OrderablePerson, 'likes' | 'dislikes' | 'sizes' | 'allergies' | 'giftIdeas'>,
): string {
  const ideas = (person.giftIdeas ?? []).filter((i) => !i.used).map((i) => i.text);
  const lines = [
    ['Likes', person.likes],
    ['Dislikes', person.dislikes],
    ['Sizes', person.sizes],
    ['Allergies', person.allergies],
    ['Gift ideas', ideas.join('; ')],
  ]
    .filter(([, value]) => value.trim() !== '')
    .map(([label, value]) => `${label}: ${value.trim()}`);
  const max = RECIPIENT_FIELDS.comments.maxLength;
  const comments = lines.join('\n');
  return comments.length <= max ? comments : `${comments.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The date an order from this person is for: `dateId` names one of their dates (by default their next one); null
 * when they have none, or no such date.
 */
export function chosenDate(person: OrderablePerson, dateId?: string): PersonDate | null {
  const id = dateId ?? person.nextDate?.dateId;
  return person.dates.find((d) => d._id === id) ?? null;
}

/**
 * The Add Order form for a person: their details and preferences, dated on `on` when given (the day a reminder
 * email names), or else on the chosen date's coming occurrence (the server's nextDate.on for their next date, which
 * is counted in the customer's time zone).
 */
export function orderFormFromPerson(
  person: OrderablePerson,
  date: PersonDate | null,
  { on: day, today = toDateKey(new Date()) }: { on?: string; today?: string } = {},
): OrderFormValues {
  const on =
    day ??
    (date === null ? '' : person.nextDate?.dateId === date._id ? person.nextDate.on : nextOccurrence(date, today));
  return {
    ...EMPTY_ORDER_FORM,
    recipientName: person.name,
    relationship: person.relationship,
    occasion: date?.occasion ?? '',
    gender: person.gender,
    address: person.address,
    phoneNumber: person.phoneNumber,
    email: person.email,
    interests: person.interests,
    budget: person.budget,
    defaultOption: person.defaultOption,
    comments: commentsFromPerson(person),
    date: on,
  };
}
