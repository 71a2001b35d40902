import { z } from 'zod';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_LENGTH } from './limits';

// The numbers live in ./limits (no zod), so screens can show them without loading zod.
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_LENGTH, RESET_LINK_MINUTES, SESSION_DAYS } from './limits';

export const emailField = z
  .string()
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const passwordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const phoneField = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), `Phone number must be exactly ${PHONE_LENGTH} digits`);

/** Bounded free text: every text the server stores has a limit. */
// PostgreSQL text cannot hold U+0000; refusing it here turns a would-be database error into a clear 400.
const NUL = '\u0000';

export const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((s) => !s.includes(NUL), `${label} must not contain NUL characters`);

export const requiredText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((s) => !s.includes(NUL), `${label} must not contain NUL characters`);

/** Every JSON answer carries `success`; failures add a human-readable `error`. */
export const failure = z.object({ success: z.literal(false), error: z.string() });
export type Failure = z.infer<typeof failure>;
export const ok = z.object({ success: z.literal(true) });
