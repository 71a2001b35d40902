/**
 * The country calling codes and their formats (contract/callingCode.ts, with libphonenumber-js's metadata), loaded
 * only when a screen needs them: a country box with a code in it, a phone number shown with its code. The one
 * place the SPA loads them, so that they stay out of the first download and come as one chunk.
 */
export const loadCallingCodes = () => import('#contract/callingCode');
