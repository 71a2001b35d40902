/** Both customer and admin tokens travel in this header. */
export const AUTH_HEADER = 'auth-token';
/** Request bodies above this size are refused with 413. */
export const BODY_LIMIT_BYTES = 100 * 1024;
