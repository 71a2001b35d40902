/** A thrown value as a sentence for the user (NetworkError already carries a readable one). */
export function describeError(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.';
}
