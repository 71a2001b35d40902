import { z } from 'zod';

/** An IANA time zone name the runtime knows ("Europe/Paris", "America/New_York", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneField = z
  .string('Time zone must be a string')
  .trim()
  .refine(isTimeZone, 'Time zone must be an IANA time zone name, like Europe/Paris');

/**
 * GET /api/auth/preferences → `{success, ...preferences}`; PUT takes any of the fields (the ones left out
 * keep their value) and answers the same as GET. Reminder emails: ahead of each occasion; order emails:
 * when an order is processed, finished or rejected.
 */
export const preferencesFields = z.strictObject({
  timeZone: timeZoneField,
  reminderEmails: z.boolean('reminderEmails must be true or false'),
  orderEmails: z.boolean('orderEmails must be true or false'),
});
export type Preferences = z.infer<typeof preferencesFields>;

export const preferencesUpdate = preferencesFields.partial().extend({
  // A client may send back the whole answer it got.
  success: z.boolean().optional(),
});
export const preferencesAnswer = preferencesFields.extend({ success: z.literal(true) });

/**
 * GET /api/calendar: whether the customer has a calendar feed address. The address itself is shown only by
 * POST /api/calendar/rotate, which makes a new one (the server keeps only a hash of it).
 */
export const calendarStatus = z.object({ success: z.literal(true), active: z.boolean() });
export const calendarAnswer = z.object({ success: z.literal(true), url: z.string() });
