/**
 * The texts of MESSAGES (messages.ts) that the SPA's shell shows before any screen's code has loaded: kept in a
 * module of their own so the first download does not carry the whole catalogue. The shell's modules import
 * SHELL_MESSAGES; everything else reads them through MESSAGES, which includes them.
 */
export const SHELL_MESSAGES = {
  updateProfileFirst: 'Please Update Your Profile Before Ordering',
  unexpectedError: 'Unexpected Application Error!',
  /** A call that got no answer (NetworkError), and the banner of a page load held for the same reason. */
  serverUnreachable: 'Could not reach the server. Check your connection and try again.',
  chunkFailed: (id: string | number) => `Loading chunk ${id} failed`,
} as const;
