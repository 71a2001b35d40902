/**
 * A refusal the client caused: the error handler answers {success:false, error} with this status,
 * plus `details` (fields that help the client act on it, such as what is missing).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
