/**
 * Plain numbers (and the few texts built from contract fields) of the contract, free of zod so that SPA screens importing them stay small.
 * fields.ts re-exports them next to the schemas that enforce them.
 */

/** Phone numbers are exactly 10 characters (we require 10 digits). */
export const PHONE_LENGTH = 10;
/** The phone number's digits as a pattern (the browser's pattern attribute anchors it; the schema adds ^ and $). */
export const PHONE_PATTERN = `\\d{${PHONE_LENGTH}}`;
/** The longest email address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
/** A budget in dollars: at most nine digits and two decimals, with an optional dollar sign in front. */
export const BUDGET_PATTERN = String.raw`\$?\d{1,9}(\.\d{1,2})?`;
/** The longest budget BUDGET_PATTERN lets through: "$", nine digits, ".", two decimals. */
export const BUDGET_MAX_LENGTH = 13;
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound keeps argon2 work per request bounded. */
export const PASSWORD_MAX_LENGTH = 256;
/** Reset links live 15 minutes. */
export const RESET_LINK_MINUTES = 15;
export const SESSION_DAYS = 30;

/** Occasions: days ahead a reminder may come, reminders per occasion, and the defaults. */
export const REMIND_DAYS_MAX = 90;
export const REMINDERS_MAX = 5;
export const DEFAULT_REMIND_DAYS = [30, 7];
/** GET /api/occasions/upcoming: the window in days (1 to 366, 60 when not given). */
export const UPCOMING_DAYS_DEFAULT = 60;
export const UPCOMING_DAYS_MAX = 366;
/** An order placed within this many days before an occurrence, for the same recipient and occasion, covers it. */
export const COVERING_ORDER_DAYS = 14;

/** Importing people: the largest contacts file taken (its text, at most this many characters) and its most contacts. */
export const IMPORT_MAX_BYTES = 1_000_000;
export const IMPORT_MAX_CONTACTS = 2000;
/**
 * What one file may hold besides (each refused while the file is read, issue 32): rows of a CSV file (2,000 contacts
 * with five dates each; csv-parse makes an error object for each row shorter than the header, which bounds a 1 MB
 * file's rows by CPU, about 35 µs each); emails, phone numbers and addresses of one contact together; semicolons on one
 * line of a vCard file (parameters and parts of a value: ical.js reads a line's parameters in time that grows with
 * their square, and a phone writes a handful).
 */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_VALUES_PER_CONTACT = 50;
export const IMPORT_MAX_LINE_SEMICOLONS = 1000;

/** Admin console: the longest rejection reason kept, and the longest search text. */
export const REASON_MAX = 500;
export const ORDER_SEARCH_MAX = 254;

/** "Ann's Birthday": how the screens, the calendar and the reminder emails name an occurrence. */
export const occurrenceText = (o: { recipientName: string; occasion: string }) => `${o.recipientName}'s ${o.occasion}`;

/** "today", "tomorrow" or "in N days". */
export const daysAwayText = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);
