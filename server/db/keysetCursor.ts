import { isCalendarDate } from '#contract/fields';

import { HttpError } from '../lib/errors';
import { isUuid } from './pgChecks';

/**
 * Keyset paging's cursors: the last row's sort key, as text exactly as the database wrote it (a
 * timestamp keeps its microseconds, which a JavaScript Date would lose), with the name of the list and
 * sort it belongs to. Opaque to clients (base64url of JSON); checked value by value when it comes back,
 * so a cursor this server did not write is a clear 400, never a database error.
 */

export type KeyType = 'date' | 'timestamptz' | 'bigint' | 'uuid';

/** `created_at::text`: a date, a time of day, up to 6 decimals, and the session's UTC offset. */
const TIMESTAMPTZ = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::(\d{2}))?)?$/;

/**
 * A timestamp PostgreSQL reads as written: a real calendar date, a time of day within 00:00:00–23:59:59,
 * and an offset within ±15:59 (PostgreSQL's limit). The format alone would let 2027-13-45, 99:99:99 or
 * +99:99 through to the query, which then fails.
 */
function isTimestamptz(value: string): boolean {
  const m = TIMESTAMPTZ.exec(value);
  if (!m || !isCalendarDate(m[1])) return false;
  const [hour, minute, second, offsetHours = 0, offsetMinutes = 0] = m.slice(2).map((n) => (n ? Number(n) : 0));
  return hour < 24 && minute < 60 && second < 60 && offsetHours < 16 && offsetMinutes < 60;
}

const IS_VALUE: Record<KeyType, (value: string) => boolean> = {
  date: isCalendarDate,
  timestamptz: isTimestamptz,
  bigint: (value) => /^-?\d{1,18}$/.test(value),
  uuid: isUuid,
};

const isKeyValue = (type: KeyType, value: unknown) => typeof value === 'string' && IS_VALUE[type](value);

export function encodeCursor(list: string, key: readonly string[]): string {
  return Buffer.from(JSON.stringify([list, ...key])).toString('base64url');
}

/** The key a cursor carries, when it was written for `list` with keys of these types; otherwise 400 `message`. */
export function decodeCursor(cursor: string, list: string, types: readonly KeyType[], message: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new HttpError(400, message);
  }
  if (!Array.isArray(parsed) || parsed[0] !== list || parsed.length !== types.length + 1) {
    throw new HttpError(400, message);
  }
  const key = parsed.slice(1) as unknown[];
  if (!key.every((value, i) => isKeyValue(types[i], value))) throw new HttpError(400, message);
  return key as string[];
}
