import type { PGlite } from '@electric-sql/pglite';

/**
 * Named (prepared) statements on PGlite through its public protocol API, for the hot read paths.
 *
 * PGlite's query() parses and plans the SQL again on every call, in six round trips into the WebAssembly
 * backend; here a statement is parsed once, and each call is one round trip (Bind, Describe, Execute, Sync).
 * The rules that keep it safe:
 * - it runs under runExclusive (no other statement in between) and only when no transaction is open: between
 *   the statements of another caller's transaction it would see that caller's uncommitted writes (or fail in
 *   an aborted transaction), so then it waits its turn through query() like any other statement;
 * - which statements exist is corrected by the backend's answer: a statement it no longer knows is parsed
 *   again, one it already knows is not, and the call is retried once.
 */

/** A parameter in PostgreSQL's text format. */
export type TextParam = string | number | boolean | null | undefined;

export interface PreparedRows {
  rows: Record<string, unknown>[];
}

const encoder = new TextEncoder();
/** The backend does not know the name (26000), or already does (42P05): its answer corrects our list. */
const UNDEFINED_PREPARED_STATEMENT = '26000';
const DUPLICATE_PREPARED_STATEMENT = '42P05';

/** One frontend message: its type byte, its length, then the parts (C strings, int16/int32, raw bytes). */
function message(type: string, parts: (Uint8Array | number[])[]): Uint8Array {
  const size = parts.reduce((sum, p) => sum + p.length, 0);
  const out = new Uint8Array(5 + size);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + size);
  let at = 5;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const cString = (text: string) => encoder.encode(`${text}\0`);
const int16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const int32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

function parse(name: string, sql: string): Uint8Array {
  return message('P', [cString(name), cString(sql), int16(0)]);
}

/** Binds the unnamed portal to the statement, every parameter and result column in text format. */
function bind(name: string, params: readonly TextParam[]): Uint8Array {
  const values = params.flatMap((p): (Uint8Array | number[])[] => {
    if (p === null || p === undefined) return [int32(-1)];
    const bytes = encoder.encode(String(p));
    return [int32(bytes.length), bytes];
  });
  return message('B', [cString(''), cString(name), int16(0), int16(params.length), ...values, int16(0)]);
}

const DESCRIBE_PORTAL = message('D', [[0x50], cString('')]);
const EXECUTE = message('E', [cString(''), int32(0)]);
const SYNC = message('S', []);

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

interface Field {
  name: string;
  dataTypeID: number;
}

/** The rows of one execution, each value through the database's parser for its type (as query() does). */
function rowsOf(pglite: PGlite, messages: readonly { name: string }[]): Record<string, unknown>[] {
  let fields: Field[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const msg of messages) {
    if (msg.name === 'rowDescription') fields = (msg as unknown as { fields: Field[] }).fields;
    else if (msg.name === 'dataRow') {
      const values = (msg as unknown as { fields: (string | null)[] }).fields;
      const row: Record<string, unknown> = {};
      fields.forEach((field, i) => {
        const value = values[i];
        const parser = pglite.parsers[field.dataTypeID];
        row[field.name] = value === null || value === undefined || !parser ? value : parser(value, field.dataTypeID);
      });
      rows.push(row);
    }
  }
  return rows;
}

const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;

/** The named statements of one PGlite database. */
export function preparedStatements(pglite: PGlite) {
  /** Names the backend has parsed, with their SQL (one name, one SQL text). */
  const parsed = new Map<string, string>();

  async function execute(name: string, sql: string, params: readonly TextParam[]): Promise<PreparedRows> {
    const known = parsed.get(name);
    if (known !== undefined && known !== sql) throw new Error(`Prepared statement ${name} names two SQL texts`);
    const chunks = [bind(name, params), DESCRIBE_PORTAL, EXECUTE, SYNC];
    if (known === undefined) chunks.unshift(parse(name, sql));
    // One call, one Sync: if any message fails, the backend skips to the Sync and is ready again.
    const { messages } = await pglite.execProtocol(concat(chunks), { syncToFs: false });
    parsed.set(name, sql);
    return { rows: rowsOf(pglite, messages) };
  }

  return {
    /**
     * Runs the named statement, or null when a transaction is open (the caller then runs the SQL through
     * query(), which waits for the transaction to end).
     */
    run(name: string, sql: string, params: readonly TextParam[]): Promise<PreparedRows | null> {
      return pglite.runExclusive(async () => {
        if (pglite.closed) throw new Error('PGlite is closed');
        if (pglite.isInTransaction()) return null;
        try {
          return await execute(name, sql, params);
        } catch (err) {
          const code = codeOf(err);
          if (code === UNDEFINED_PREPARED_STATEMENT) parsed.delete(name);
          else if (code === DUPLICATE_PREPARED_STATEMENT) parsed.set(name, sql);
          else throw err;
          return await execute(name, sql, params);
        }
      });
    },
  };
}
