import { z } from 'zod';

import { passwordField } from './fields';

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

/** PUT /api/admin/password: the admin's current password and the new one (the customers' password rules). */
export const changeAdminPasswordBody = z.strictObject({
  currentPassword: z
    .string('Current password is required')
    .min(1, 'Current password is required')
    .max(256, 'Password is too long'),
  newPassword: z.string('New password is required').pipe(passwordField),
});
export type ChangeAdminPasswordBody = z.infer<typeof changeAdminPasswordBody>;
