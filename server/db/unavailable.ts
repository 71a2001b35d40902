/**
 * Which failures mean "the database cannot be reached right now" (rather than "this query is wrong"):
 * the request that met one is answered 503 and may be tried again, and the process carries on.
 */

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs: class 08 (connection exception); 57P01 admin_shutdown (pg_terminate_backend, a fast
 * shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down); 53300
 * too_many_connections.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * node-postgres reports a lost or unmade connection with these messages and no code: the socket ended
 * ("Connection terminated unexpectedly"), the connect or the wait for a pooled connection timed out, or
 * the client was already broken.
 */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  if (DRIVER_MESSAGES.test(err.message)) return true;
  // A host name with several addresses (localhost: ::1 and 127.0.0.1) fails with one error per address.
  if (err instanceof AggregateError) return err.errors.some(isDatabaseUnavailable);
  return false;
}
