import { isUuid } from '../db/pgChecks';
import { HttpError } from '../errors';

/**
 * Keyset paging's cursors: the last row's sort key, as text exactly as the database wrote it (a
 * timestamp keeps its microseconds, which a JavaScript Date would lose), with the name of the list and
 * sort it belongs to. Opaque to clients (base64url of JSON); checked value by value when it comes back,
 * so a cursor this server did not write is a clear 400, never a database error.
 */

export type KeyType = 'date' | 'timestamptz' | 'bigint' | 'uuid';

const VALUE: Record<Exclude<KeyType, 'uuid'>, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  timestamptz: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/,
  bigint: /^-?\d{1,18}$/,
};

const isKeyValue = (type: KeyType, value: unknown) =>
  typeof value === 'string' && (type === 'uuid' ? isUuid(value) : VALUE[type].test(value));

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
