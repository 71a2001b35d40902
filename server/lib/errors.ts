/**
 * A refusal the client caused: the error handler answers {success:false, error} with this status,
 * plus `details` (fields that help the client act on it, such as what is missing).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
    /** Headers the answer carries (a 429's Retry-After). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** A thrown value's message for a log line or an operator (anything thrown, not only Errors). */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));
