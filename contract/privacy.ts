import { z } from 'zod';

import { emailField } from './fields';

/**
 * The customer's own data (GDPR articles 15, 17 and 20): the export of everything stored about them, and the
 * erasure of their account. docs/privacy.md describes both, and the export's format version by version.
 */

/** The export's format version: raised when a section changes shape in a way a reader must know about. */
export const EXPORT_FORMAT = 2;

/** A stored row, each column named in the product's words (camelCase, `phone` not `phno`; secrets left out). */
const storedRow = z.record(z.string(), z.unknown());

/** GET /api/auth/export → a JSON file (sent as an attachment) of everything stored about the caller. */
export const exportAnswer = z.object({
  format: z.literal(EXPORT_FORMAT),
  /** ISO 8601: when the file was made. */
  exportedAt: z.string(),
  /** The account's row: name, email, address, phone, card holder and last four digits only, preferences… */
  profile: storedRow,
  /** The reminder and order email preferences and the time zone, as the profile screen shows them. */
  preferences: storedRow,
  /**
   * Every order with its journey (proposal_*, shipped_*, delivered_on, delivery_note, feedback_* columns), its status
   * history (statusHistory) and its journey's events (events), both oldest first, without who on staff acted.
   */
  orders: z.array(storedRow),
  /** Every occasion, with the reminders already sent for it (remindersSent). */
  occasions: z.array(storedRow),
  /** Every person the customer buys for, with their dates (their occasions rows) and gift ideas. */
  people: z.array(storedRow),
  /** Enquiries sent from the footer with the account's email. */
  enquiries: z.array(storedRow),
  /** Sign-in sessions, live or ended and not yet purged (never the token or its hash). */
  sessions: z.array(storedRow),
  /** Emails queued or sent to the account's address: subject, status and dates (never the body). */
  emails: z.array(storedRow),
  /** Failed sign-ins counted against the account's email (at most one row: kind, email, failures, last_failure_at). */
  signInFailures: z.array(storedRow),
  /** The browsers that signed in to the account (device credentials): when, and their own failures (never the hash). */
  deviceCredentials: z.array(storedRow),
});
export type ExportAnswer = z.infer<typeof exportAnswer>;

/** DELETE /api/auth/account: the current password, asked again so that a borrowed session cannot erase. */
export const deleteAccountBody = z.strictObject({
  password: z.string('Password is required').min(1, 'Password is required').max(256, 'Password is too long'),
});

/** The email of a customer's account, as staff type it to find or erase the account. */
const accountEmail = z.string('Email is required').pipe(emailField);

/** POST /api/admin/eraseCustomer: the customer, by the email of their account. */
export const eraseCustomerBody = z.strictObject({ email: accountEmail });

/** GET /api/admin/customers?email=: a customer's account, found by its email (any letter case), for a data request. */
export const findCustomerQuery = z.strictObject({ email: accountEmail });

/** The account found: who it is, and what erasing it would touch (its orders, those still open, its people). */
export const findCustomerAnswer = z.object({
  success: z.literal(true),
  customer: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    /** ISO 8601: when the account was made. */
    createdAt: z.string(),
    orders: z.int().min(0),
    /** Orders `new` or `processed`: an erasure cancels them. */
    openOrders: z.int().min(0),
    people: z.int().min(0),
  }),
});
export type FoundCustomer = z.infer<typeof findCustomerAnswer>['customer'];

/** The answer (404) to a lookup or an erasure by staff of an email no customer account has. */
export const NO_CUSTOMER_ERROR = 'No customer account has this email';

/** How an erasure ended: the orders kept (anonymised) as business records. */
export const erasureAnswer = z.object({ success: z.literal(true), ordersKept: z.int().min(0) });

/** How staff's lists, View Order and the CSV export name the customer of an order kept after an erasure. */
export const ERASED_CUSTOMER = 'Erased customer';

/** The reason recorded on an order cancelled because its customer's account was erased. */
export const ERASURE_CANCEL_REASON = 'Cancelled: the customer deleted their account';

/** The refusal of a delete whose password is not the account's. */
export const WRONG_PASSWORD_ERROR = 'That password is not correct. Your account has not been deleted.';
