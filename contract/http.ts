/** Both customer and admin tokens travel in this header. */
export const AUTH_HEADER = 'auth-token';
/** Request bodies above this size are refused with 413. */
export const BODY_LIMIT_BYTES = 100 * 1024;
/**
 * A browser that signed in to an account before sends the device credential it was given in this header at sign-in,
 * so the account's throttle of unknown devices does not hold it (decision 0041).
 */
export const DEVICE_HEADER = 'device-token';
