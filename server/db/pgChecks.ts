/** Small facts about PostgreSQL values and errors that several services rely on. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot name a row, so it is "not found" (never a database error). */
export const isUuid = (id: string): boolean => UUID.test(id);

/** PostgreSQL's SQLSTATE for a unique index refusing a duplicate. */
const UNIQUE_VIOLATION = '23505';

/** True when a write failed because a unique index already holds the value (an email taken, say). */
export const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string } | null)?.code === UNIQUE_VIOLATION;
