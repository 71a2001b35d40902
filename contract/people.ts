import { z } from 'zod';

import { FEEDBACK_RATINGS } from './feedbackWords';
import { acceptingEchoes, isCalendarDate, requiredText, text, wholeNumber } from './fields';
import { DEFAULT_OPTIONS } from './giftOptions';
import {
  DEFAULT_REMIND_DAYS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CONTACTS,
  IMPORT_MAX_LINE_SEMICOLONS,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_VALUES_PER_CONTACT,
} from './limits';
import { ORDER_STATUSES } from './orderStatus';
import { BIRTH_YEAR_MIN, GIFT_IDEA_MAX, PERSON_TEXT_MAX, REMIND_CHOICES } from './personLimits';
import { OCCASION_FIELDS, RECIPIENT_FIELDS } from './recipientFields';
import { recipientShape } from './recipientSchema';

/**
 * People: each person a customer buys for, with their details and preferences (what an order needs, filled in
 * once), their dates (the occasions of /api/occasions, now each belonging to a person), gift ideas and the
 * gifts they were given. The numbers a screen needs without zod are in ./personLimits and ./limits.
 */

export { BIRTH_YEAR_MIN, GIFT_IDEA_MAX, OCCASION_SUGGESTIONS, PERSON_TEXT_MAX, REMIND_CHOICES } from './personLimits';
export { DEFAULT_REMIND_DAYS };

// A person needs only a name: one imported from a phone's contacts has no relationship, and what GET answers
// for them must go back through PUT.
const { recipientName, relationship, gender, address, phoneNumber, email, interests, budget, defaultOption } =
  recipientShape({ ...OCCASION_FIELDS, relationship: 'optional' });

/**
 * A date of a person: `YYYY-MM-DD`, or `--MM-DD` when the year is not known (as vCard writes it). A yearly
 * date on 29 February falls on 28 February in other years.
 */
export const personDateValue = z
  .string()
  .refine(
    (v) => (/^--\d{2}-\d{2}$/.test(v) ? isCalendarDate(`2000${v.slice(1)}`) : isCalendarDate(v)),
    'Date must be a real date written YYYY-MM-DD, or --MM-DD when the year is not known',
  );

/** What a customer sets on a person (PUT sends the whole person; echoes of the answer are accepted, see below). */
export const personFields = z.strictObject({
  name: recipientName,
  relationship,
  gender,
  address,
  phoneNumber,
  email,
  interests,
  budget,
  defaultOption,
  likes: text('Likes', PERSON_TEXT_MAX.likes).default(''),
  dislikes: text('Dislikes', PERSON_TEXT_MAX.dislikes).default(''),
  sizes: text('Sizes', PERSON_TEXT_MAX.sizes).default(''),
  allergies: text('Allergies', PERSON_TEXT_MAX.allergies).default(''),
  notes: text('Notes', PERSON_TEXT_MAX.notes).default(''),
  /** Known or not; a birthday's year, when known, says the same. */
  birthYear: wholeNumber('Birth year', { min: BIRTH_YEAR_MIN, max: 9999 }).nullable().default(null),
});
export type PersonInput = z.input<typeof personFields>;
export type PersonFields = z.output<typeof personFields>;

/** A date as the customer sets it on a person. */
export const personDateFields = z.strictObject({
  occasion: requiredText('Occasion', RECIPIENT_FIELDS.occasion.maxLength),
  date: personDateValue,
  repeatsYearly: z.boolean('repeatsYearly must be true or false').default(true),
  remindDaysBefore: z
    .array(z.union(REMIND_CHOICES.map((d) => z.literal(d))), 'remindDaysBefore must be a list of days')
    .refine((days) => new Set(days).size === days.length, 'Reminder days must be different from each other')
    .transform((days) => [...days].sort((a, b) => b - a))
    .default(DEFAULT_REMIND_DAYS as (typeof REMIND_CHOICES)[number][]),
});
export type PersonDateInput = z.input<typeof personDateFields>;

/** A date as the server answers it; `_id` is the occasion's id (the same row /api/occasions lists). */
export const personDate = z.object({
  _id: z.string(),
  occasion: z.string(),
  date: z.string(),
  repeatsYearly: z.boolean(),
  remindDaysBefore: z.array(z.number()),
});
export type PersonDate = z.infer<typeof personDate>;

/**
 * The person's next date: on which day it falls next (`on`, YYYY-MM-DD in the customer's time zone), in how
 * many days, and the age they turn (a birthday) or the anniversary's number, when the year is known.
 */
export const nextDate = z.object({
  dateId: z.string(),
  occasion: z.string(),
  on: z.string(),
  daysAway: z.number(),
  /** "turns 70" (kind 'age') or "25th anniversary" (kind 'anniversary'). */
  milestone: z.object({ kind: z.enum(['age', 'anniversary']), number: z.number() }).nullable(),
});
export type NextDate = z.infer<typeof nextDate>;

export const giftIdea = z.object({
  _id: z.string(),
  text: z.string(),
  /** Struck through once used. */
  used: z.boolean(),
  createdAt: z.string(),
});
export type GiftIdea = z.infer<typeof giftIdea>;

/** One order placed for the person, newest first on their page. */
export const givenGift = z.object({
  _id: z.string(),
  date: z.string(),
  occasion: z.string(),
  status: z.enum(ORDER_STATUSES),
  budget: z.string(),
  /** The gift itself, when the customer approved a proposal for it: its title and price ("49.00"). */
  title: z.string().optional(),
  price: z.string().optional(),
  /** How it went, when the customer said so after delivery. */
  rating: z.enum(FEEDBACK_RATINGS).optional(),
  ratingNote: z.string().optional(),
});
export type GivenGift = z.infer<typeof givenGift>;

/** A person as GET /api/people lists them: their fields, dates and next date. */
export const personSummary = z.object({
  _id: z.string(),
  name: z.string(),
  relationship: z.string(),
  gender: z.string(),
  address: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  interests: z.string(),
  budget: z.string(),
  defaultOption: z.enum(DEFAULT_OPTIONS),
  likes: z.string(),
  dislikes: z.string(),
  sizes: z.string(),
  allergies: z.string(),
  notes: z.string(),
  birthYear: z.number().nullable(),
  dates: z.array(personDate),
  nextDate: nextDate.nullable(),
});
export type PersonSummary = z.infer<typeof personSummary>;

/** A person's page: everything of the list, their gift ideas and their gift history. */
export const person = personSummary.extend({ giftIdeas: z.array(giftIdea), gifts: z.array(givenGift) });
export type Person = z.infer<typeof person>;

/** PUT /api/people/{id}: the whole person; the rest of what GET answered may be sent back and is ignored. */
export const personUpdate = acceptingEchoes(personFields, person, {});
/** PUT /api/people/{id}/dates/{dateId}: the whole date; its `_id` as answered is accepted and ignored. */
export const personDateUpdate = acceptingEchoes(personDateFields, personDate, {});

export const personList = z.object({ success: z.literal(true), data: z.array(personSummary) });
export const personAnswer = z.object({ success: z.literal(true), data: person });
export const createdAnswer = z.object({ success: z.literal(true), _id: z.string() });

export const personIdParams = z.strictObject({ id: z.string().max(100) });
export const personDateParams = z.strictObject({ id: z.string().max(100), dateId: z.string().max(100) });
export const giftIdeaParams = z.strictObject({ id: z.string().max(100), ideaId: z.string().max(100) });

export const giftIdeaFields = z.strictObject({ text: requiredText('Gift idea', GIFT_IDEA_MAX) });
export const giftIdeaUpdate = z.strictObject({ used: z.boolean('used must be true or false') });

/** Import: a vCard (.vcf, versions 3 and 4) or CSV file's text, at most 1 MB and 2,000 contacts (./limits). */
export {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CONTACTS,
  IMPORT_MAX_LINE_SEMICOLONS,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_VALUES_PER_CONTACT,
};
export const importRequest = z.strictObject({
  format: z.enum(['vcard', 'csv'], 'format must be vcard or csv'),
  content: z.string().max(IMPORT_MAX_BYTES, 'The file is larger than 1 MB'),
});
export const importedPerson = z.object({
  name: z.string(),
  relationship: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  /** What the file gives that the fields above cannot take (another phone, a number not of 10 digits…). */
  notes: z.string(),
  dates: z.array(z.object({ occasion: z.string(), date: z.string() })),
});
export type ImportedPerson = z.infer<typeof importedPerson>;
export const skippedContact = z.object({ name: z.string(), reason: z.string() });
/** What an import would do (preview) or did (commit): who is added, with which dates, and what is skipped and why. */
export const importAnswer = z.object({
  success: z.literal(true),
  data: z.object({ add: z.array(importedPerson), skipped: z.array(skippedContact) }),
});
export type ImportAnswer = z.infer<typeof importAnswer>;
