import { z } from 'zod';

import { DEFAULT_OPTIONS } from './giftOptions';
import {
  DEFAULT_REMIND_DAYS,
  REMIND_DAYS_MAX,
  REMINDERS_MAX,
  UPCOMING_DAYS_DEFAULT,
  UPCOMING_DAYS_MAX,
} from './limits';
import { OCCASION_FIELDS } from './recipientFields';
import { recipientShape } from './recipientSchema';

// The numbers live in ./limits (no zod), so screens can use them without loading zod.
export {
  COVERING_ORDER_DAYS,
  DEFAULT_REMIND_DAYS,
  REMIND_DAYS_MAX,
  REMINDERS_MAX,
  UPCOMING_DAYS_DEFAULT,
  UPCOMING_DAYS_MAX,
} from './limits';

const remindDaysField = z
  .array(
    z
      .number('Reminder days must be whole numbers')
      .int('Reminder days must be whole numbers')
      .min(0, `Reminder days must be from 0 to ${REMIND_DAYS_MAX}`)
      .max(REMIND_DAYS_MAX, `Reminder days must be from 0 to ${REMIND_DAYS_MAX}`),
    'remindDaysBefore must be a list of whole numbers',
  )
  .max(REMINDERS_MAX, `At most ${REMINDERS_MAX} reminders per occasion`)
  .refine((days) => new Set(days).size === days.length, 'Reminder days must be different from each other')
  // Kept largest first: the order reminders fall due in.
  .transform((days) => [...days].sort((a, b) => b - a));

const {
  recipientName,
  relationship,
  occasion: occasionName,
  date,
  ...giftPreferences
} = recipientShape(OCCASION_FIELDS);

/**
 * What a customer sets on an occasion. Only the who, what and when are required; the gift
 * preferences are optional (blank) and prefill an order placed for the occasion (their rules: recipientFields.ts).
 */
export const occasionFields = z.strictObject({
  recipientName,
  relationship,
  occasion: occasionName,
  /** For a yearly occasion its month and day are what recur (29 February falls on 28 February in other years). */
  date,
  repeatsYearly: z.boolean('repeatsYearly must be true or false').default(true),
  remindDaysBefore: remindDaysField.default(DEFAULT_REMIND_DAYS),
  ...giftPreferences,
});
export type OccasionInput = z.input<typeof occasionFields>;
export type OccasionFields = z.output<typeof occasionFields>;

/** An occasion as GET /api/occasions answers it. */
export const occasion = z.object({
  _id: z.string(),
  recipientName: z.string(),
  relationship: z.string(),
  occasion: z.string(),
  date: z.string(),
  repeatsYearly: z.boolean(),
  remindDaysBefore: z.array(z.number()),
  gender: z.string(),
  address: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  interests: z.string(),
  budget: z.string(),
  defaultOption: z.enum(DEFAULT_OPTIONS),
  comments: z.string(),
});
export type Occasion = z.infer<typeof occasion>;

/** PUT /api/occasions/{id} sends the whole occasion; its `_id` (as GET answered it) is accepted and ignored. */
export const occasionUpdate = occasionFields.extend({ _id: z.string().optional() });

export const occasionList = z.object({ success: z.literal(true), data: z.array(occasion) });
export const addOccasionAnswer = z.object({ success: z.literal(true), _id: z.string() });
export const occasionIdParams = z.strictObject({ id: z.string().max(100) });

/**
 * One coming occurrence of an occasion; `orderId` names an order that covers it, or is null; `orderBy` is the last
 * day to order the person's default option for it.
 */
export const upcomingOccurrence = z.object({
  occasionId: z.string(),
  recipientName: z.string(),
  occasion: z.string(),
  date: z.string(),
  daysAway: z.number(),
  /** The last day to order the person's default option in time (contract/leadTimes.ts), YYYY-MM-DD. */
  orderBy: z.string(),
  orderId: z.string().nullable(),
});
export type UpcomingOccurrence = z.infer<typeof upcomingOccurrence>;
export const upcomingAnswer = z.object({ success: z.literal(true), data: z.array(upcomingOccurrence) });

export const upcomingQuery = z.strictObject({
  days: z
    .string()
    .regex(/^\d{1,3}$/, `days must be a whole number from 1 to ${UPCOMING_DAYS_MAX}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, `days must be a whole number from 1 to ${UPCOMING_DAYS_MAX}`)
        .max(UPCOMING_DAYS_MAX, `days must be a whole number from 1 to ${UPCOMING_DAYS_MAX}`),
    )
    .default(UPCOMING_DAYS_DEFAULT),
});
