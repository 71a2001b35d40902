import { z } from 'zod';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

/**
 * Signed-in devices: each live session of the signed-in account (customer or admin, each only its own), named by
 * a public id that is not the token nor its hash.
 */
export const signedInDevice = z.object({
  id: z.string().describe('The session’s public id: what signing it out names'),
  current: z.boolean().describe('This is the session the request came with'),
  createdAt: z.string().describe('When it signed in (ISO 8601)'),
  lastSeenAt: z.string().describe('When it was last used, to within a minute (ISO 8601)'),
  browser: z.string().nullable().describe('The browser’s name and major version, e.g. "Chrome 120"'),
  os: z.string().nullable().describe('The system’s name, e.g. "Windows 10"'),
  address: z.string().nullable().describe('The client address it signed in from'),
});
export type SignedInDevice = z.infer<typeof signedInDevice>;

/** At most this many are listed: the most recently used. */
export const DEVICES_LIST_LIMIT = 100;

export const devicesAnswer = z.object({ success: z.literal(true), sessions: z.array(signedInDevice) });

export const deviceIdParams = z.strictObject({ id: z.string().max(100) });

export const signedOutOthersAnswer = z.object({
  success: z.literal(true),
  signedOut: z.number().int().describe('How many other sessions were ended'),
});

/**
 * PUT /api/auth/password and PUT /api/admin/password: the current password and the new one (the sign-up rules).
 * Every message names its field as the form labels it ("New password …"), so the form shows it beside that field.
 */
export const changePasswordBody = z.strictObject({
  currentPassword: z
    .string('Current password is required')
    .min(1, 'Current password is required')
    .max(256, 'Current password is too long'),
  newPassword: z
    .string('New password is required')
    .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The refusal (403) of a change whose current password is wrong: it names the field, so it shows beside it. */
export const CURRENT_PASSWORD_WRONG = 'Current password is not correct. Your password was not changed.';
