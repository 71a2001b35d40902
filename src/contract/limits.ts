/**
 * Plain numbers of the contract, free of zod so that SPA screens importing them stay small.
 * fields.ts re-exports them next to the schemas that enforce them.
 */

/** Phone numbers are exactly 10 characters (we require 10 digits). */
export const PHONE_LENGTH = 10;
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound keeps argon2 work per request bounded. */
export const PASSWORD_MAX_LENGTH = 256;
/** Reset links live 15 minutes. */
export const RESET_LINK_MINUTES = 15;
export const SESSION_DAYS = 30;
