import { z } from 'zod';

import { expiryYears, passesLuhn } from './card';
import { acceptingEchoes, emailField, passwordField, phoneField, requiredText, text, wholeNumber } from './fields';
import { isTimeZone } from './preferences';

// Card helpers live in ./card (no zod) so the profile screen can use them without loading zod.
export { CARD_EXPIRY_YEARS, EXPIRY_MONTHS, expiryYears, passesLuhn } from './card';

export const signInBody = z.strictObject({
  email: emailField,
  // Sign-in never reveals password rules; any non-empty bounded string is checked against the hash.
  password: z.string().min(1, 'Password is required').max(256, 'Password is too long'),
});
export type SignInBody = z.infer<typeof signInBody>;

export const signUpBody = z.strictObject({
  name: requiredText('Name', 100),
  email: emailField,
  password: passwordField,
  /**
   * The browser's own time zone, for reminders on the customer's days. A zone this server does not know
   * must not block a sign-up: it is kept as UTC, changeable on the profile.
   */
  timeZone: z
    .string('Time zone must be a string')
    .max(64, 'Time zone is too long')
    .transform((zone) => (isTimeZone(zone) ? zone : 'UTC'))
    .optional(),
});
export type SignUpBody = z.infer<typeof signUpBody>;

export const forgotPasswordBody = z.strictObject({ email: emailField });

export const resetPasswordBody = z.strictObject({
  token: z.string().min(1, 'Reset token is required').max(200, 'Reset token is invalid'),
  password: passwordField,
});

/**
 * A device credential issued with a sign-in from a browser that presented none valid (or a sign-up): the browser
 * keeps it, past sign-out, and sends it in the `device-token` header at its next sign-ins (decision 0041).
 */
export const deviceTokenField = z.string().optional();

export const tokenAnswer = z.object({ success: z.literal(true), authtoken: z.string(), deviceToken: deviceTokenField });

/** Card number as typed: digits with optional spaces or dashes; blank means "keep the saved card". */
const cardNumberField = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine((s) => s === '' || (/^\d{12,19}$/.test(s) && passesLuhn(s)), 'Card number is not valid');

const optionalPhone = z.union([z.literal(''), phoneField]);

/** GET /api/auth/getUserDetails → data. Neither the card number nor the CVV is ever returned. */
export const userProfile = z.object({
  name: z.string(),
  email: z.string(),
  address: z.string(),
  phno: z.string(),
  cardHolderName: z.string(),
  /** Last four digits of the saved card, or null when none is saved. */
  cardLast4: z.string().nullable(),
  cardExpirationMonth: z.number().nullable(),
  cardExpirationYear: z.number().nullable(),
  billingZipCode: z.string(),
  /** A gift proposal within the order's budget is approved as soon as staff make it (docs/workflow.md). */
  autoApproveProposals: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfile>;

/**
 * An expiry year the profile offers: the current year and the next 19. (Checked in a pipe: a
 * refine on the number-or-digits union itself would be documented as a bare number.)
 */
const expiryYearField = wholeNumber('Card expiration year').pipe(
  z.number().refine((year) => {
    const years = expiryYears();
    return year >= years[0] && year <= years[years.length - 1];
  }, 'Card expiration year is out of range'),
);

/** What a customer may change in their profile. Card number and CVV only change the card. */
const profileEdits = z.strictObject({
  name: requiredText('UserName', 100),
  address: text('Address', 300),
  phno: optionalPhone,
  cardHolderName: text('Card holder name', 100),
  cardNumber: cardNumberField.optional(),
  // Accepted and checked, never stored (PCI DSS 3.3.1.2).
  cvv: z
    .string()
    .refine((s) => s === '' || /^\d{3,4}$/.test(s), 'CVV must be 3 or 4 digits')
    .optional(),
  // Expiry month and year come from <select> elements: numbers or their digits.
  cardExpirationMonth: wholeNumber('Card expiration month', { min: 1, max: 12 }).nullable(),
  cardExpirationYear: expiryYearField.nullable(),
  billingZipCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{0,10}$/, 'Billing zip code must be up to 10 letters or digits'),
  // Left out, the setting stays as it is.
  autoApproveProposals: z.boolean('Approve proposals automatically must be true or false').optional(),
});

/**
 * PUT /api/auth/updateUser: the edits, or the whole getUserDetails answer sent back with them.
 * cardLast4 is ignored; email is not editable, so it must be the account's own (the server checks).
 */
export const updateUserBody = acceptingEchoes(profileEdits, userProfile, {
  email: text('Email', 254).optional(),
});
export type UpdateUserInput = z.input<typeof updateUserBody>;
export type UpdateUserBody = z.output<typeof updateUserBody>;

export const profileAnswer = z.object({ success: z.literal(true), data: userProfile });

export const isProfileFilledAnswer = z.object({
  success: z.literal(true),
  isProfileFilled: z.boolean(),
  email: z.string(),
  name: z.string(),
});
export type IsProfileFilledAnswer = z.infer<typeof isProfileFilledAnswer>;
