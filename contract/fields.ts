import { z } from 'zod';

import {
  BUDGET_PATTERN,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_LENGTH,
  PHONE_PATTERN,
} from './limits';

// The numbers live in ./limits (no zod), so screens can show them without loading zod.
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_LENGTH, RESET_LINK_MINUTES, SESSION_DAYS } from './limits';

export const emailField = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

/** An email that may be left empty (the spec shows a missing one as N/A), but is an address when given. */
export const optionalEmailField = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, 'Email is too long')
  .pipe(z.union([z.literal(''), z.email('Enter a valid email address')], 'Enter a valid email address'));

export const passwordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const phoneField = z
  .string()
  .trim()
  .regex(new RegExp(`^${PHONE_PATTERN}$`), `Phone number must be exactly ${PHONE_LENGTH} digits`);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (rejects 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const dateField = z.string().refine(isCalendarDate, 'Date must be a real date written YYYY-MM-DD');

/** Budget in dollars, entered as text: a positive amount with at most two decimals. */
export const budgetField = z
  .string()
  .trim()
  .regex(new RegExp(`^${BUDGET_PATTERN}$`), 'Budget must be an amount in dollars, like 50 or 49.99')
  .refine((s) => Number(s.replace('$', '')) > 0, 'Budget must be more than zero');

const NUL = '\u0000';

/**
 * Text PostgreSQL can store: its text type cannot hold U+0000, so a NUL would be a database error (a 500)
 * wherever the text reaches a query. Every text a client sends to the database — body fields, query and
 * path parameters — is checked with this one rule, so it is a clear 400 instead.
 */
export const storable = <S extends z.ZodString>(schema: S, label: string): S =>
  schema.refine((s) => !s.includes(NUL), `${label} must not contain NUL characters`);

/** Bounded free text: every text the server stores has a limit. */
export const text = (label: string, max: number) =>
  storable(z.string().trim().max(max, `${label} must be at most ${max} characters`), label);

export const requiredText = (label: string, max: number) =>
  storable(
    z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`),
    label,
  );

const DIGITS = /^\d{1,9}$/;

/**
 * A whole number, sent as a JSON number or written in plain digits: an HTML <select> or text input
 * gives "12", not 12. Nothing else is read as a number: "", " 12", "12abc", "1e1", "12.0" and "-1"
 * are refused, so a client's mistake is never silently turned into some other value.
 */
export function wholeNumber(label: string, range?: { min: number; max: number }) {
  const message = range
    ? `${label} must be a whole number from ${range.min} to ${range.max}`
    : `${label} must be a whole number`;
  const number = z.number().int(message);
  return z
    .union([z.number(), z.string().regex(DIGITS, message).transform(Number)], { error: message })
    .pipe(range ? number.min(range.min, message).max(range.max, message) : number);
}

/**
 * `editable` plus every other field of the server's own `answer`, optional: a client may send back
 * what the server gave it, with its edits. Those read-only fields are ignored unless `readOnly`
 * gives one a rule of its own (such as "must equal the stored value", checked by the server).
 * Keys that neither schema knows are still refused.
 */
export function acceptingEchoes<E extends z.ZodRawShape, A extends z.ZodRawShape, R extends z.ZodRawShape>(
  editable: z.ZodObject<E, z.core.$strict>,
  answer: z.ZodObject<A>,
  readOnly: R,
) {
  const echoes = Object.fromEntries(
    Object.entries(answer.shape)
      .filter(([key]) => !(key in editable.shape) && !(key in readOnly))
      .map(([key, schema]) => [key, z.optional(schema)]),
  ) as { [K in Exclude<keyof A, keyof E | keyof R>]: z.ZodOptional<A[K]> };
  return editable.extend({ ...echoes, ...readOnly });
}

/** Every JSON answer carries `success`; failures add a human-readable `error`. */
export const failure = z.object({ success: z.literal(false), error: z.string() });
export type Failure = z.infer<typeof failure>;
export const ok = z.object({ success: z.literal(true) });
