/**
 * The texts of MESSAGES (messages.ts) that the SPA's shell shows before any screen's code has loaded: kept in a
 * module of their own so the first download does not carry the whole catalogue. The shell's modules import
 * SHELL_MESSAGES; everything else reads them through MESSAGES, which includes them.
 */
export const SHELL_MESSAGES = {
  updateProfileFirst: 'Please Update Your Profile Before Ordering',
  unexpectedError: 'Unexpected Application Error!',
  chunkFailed: (id: string | number) => `Loading chunk ${id} failed`,
} as const;
