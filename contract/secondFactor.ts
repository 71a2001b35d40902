import { z } from 'zod';

import { failure } from './fields';

/**
 * The admins' second factor (TOTP, RFC 6238; docs/api.md#second-factor): the code a sign-in or a sensitive action
 * asks for, the enrolment's answers, and the refusal that says a code is wanted.
 */

/** What an answer names when it wants a code from the admin's authenticator app (or a recovery code). */
export const SECOND_FACTOR_TOTP = 'totp';

/** Six digits from the authenticator app, or a recovery code (`xxxxx-xxxxx-xxxxx`, dashes and case free). */
export const secondFactorCode = z
  .string('Code must be a string')
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(40, 'Code is too long');

/** A refusal that wants a (fresh) code: 401 at sign-in, 403 before a sensitive action. */
export const secondFactorWanted = failure.extend({ secondFactor: z.literal(SECOND_FACTOR_TOTP) });
export type SecondFactorWanted = z.infer<typeof secondFactorWanted>;

/** A refusal that may want a code (the sign-in's 401: a wrong password does not). */
export const maybeSecondFactorWanted = failure.extend({ secondFactor: z.literal(SECOND_FACTOR_TOTP).optional() });

/** POST /api/admin/2fa/setup → a new secret to enrol, as a QR code (an SVG data URL) and as text. */
export const totpSetupAnswer = z.object({
  success: z.literal(true),
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUrl: z.string(),
  /** The QR code: `data:image/svg+xml;base64,…`. */
  qrCode: z.string(),
});
export type TotpSetupAnswer = z.infer<typeof totpSetupAnswer>;

export const secondFactorCodeBody = z.strictObject({ code: secondFactorCode });
export type SecondFactorCodeBody = z.infer<typeof secondFactorCodeBody>;

/** POST /api/admin/2fa/enrol → the ten recovery codes, shown this once (the server keeps only their hashes). */
export const totpEnrolAnswer = z.object({ success: z.literal(true), recoveryCodes: z.array(z.string()) });
