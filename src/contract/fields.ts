import { z } from 'zod';

/** Spec §9: phone numbers are exactly 10 characters (we require 10 digits). */
export const PHONE_LENGTH = 10;
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound keeps argon2 work per request bounded. */
export const PASSWORD_MAX_LENGTH = 256;
/** Spec §9: reset links live 15 minutes. */
export const RESET_LINK_MINUTES = 15;
export const SESSION_DAYS = 30;

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
export const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);

export const requiredText = (label: string, max: number) =>
  text(label, max).min(1, `${label} is required`);

/** Every JSON answer carries `success`; failures add a human-readable `error`. */
export const failure = z.object({ success: z.literal(false), error: z.string() });
export type Failure = z.infer<typeof failure>;
export const ok = z.object({ success: z.literal(true) });
