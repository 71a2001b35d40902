/**
 * The plain numbers and choices of a person and their dates (contract/people.ts builds its schemas from them), free
 * of zod so that the People screens importing them stay small.
 */

/** The reminder choices a date offers: on the day, and 1, 3, 7, 14 or 30 days before. */
export const REMIND_CHOICES = [0, 1, 3, 7, 14, 30] as const;
export type RemindChoice = (typeof REMIND_CHOICES)[number];

/** The occasions a date may name without typing; any other word of the customer's is taken too. */
export const OCCASION_SUGGESTIONS = ['Birthday', 'Anniversary', 'Christmas'] as const;

/** Text limits of a person's preferences (the recipient fields keep theirs, in recipientFields.ts). */
export const PERSON_TEXT_MAX = { likes: 500, dislikes: 500, sizes: 200, allergies: 300, notes: 4000 } as const;
export const GIFT_IDEA_MAX = 200;
/** The oldest birth year taken (a person cannot be older than that). */
export const BIRTH_YEAR_MIN = 1900;
