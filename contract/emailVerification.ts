import { z } from 'zod';

/** POST /api/auth/verify-email: the token of the link the verification email carries. */
export const verifyEmailBody = z.strictObject({
  token: z.string().min(1, 'Verification token is required').max(200, 'Verification token is invalid'),
});

/** GET /api/auth/mail-status: whether mail reaches the customer, and what the daily budget held back today. */
export const mailStatusAnswer = z.object({
  success: z.literal(true),
  email: z.string(),
  /** Whether the customer opened a verification link sent to this address; until then only that link and password resets are sent to it. */
  verified: z.boolean(),
  /** Reminder and order emails held back today (the customer's day) over the daily budget. */
  heldToday: z.number().int(),
  /** Reminder and order emails the account may be sent a day. */
  dailyLimit: z.number().int(),
});
export type MailStatus = z.infer<typeof mailStatusAnswer>;
