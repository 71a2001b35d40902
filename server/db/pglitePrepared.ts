import { parse, type PGlite, protocol, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

function batch(...messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((sum, m) => sum + m.length, 0));
  let offset = 0;
  for (const m of messages) {
    out.set(m, offset);
    offset += m.length;
  }
  return out;
}

/**
 * Named prepared statements on PGlite, which its query() does not offer: query() parses and
 * plans the SQL again on every call and talks to the WebAssembly backend six times (parse,
 * describe, bind, describe, execute, sync). Here a statement is parsed and described once, then
 * each call is one batch (bind, describe, execute, sync), under the same locks as query(), so it
 * never runs inside another caller's transaction.
 *
 * The SQL of a name must never change; parameters are still sent separately, never spliced in.
 */
export function pglitePrepared(pglite: PGlite) {
  const statements = new Map<string, { sql: string; paramTypes: number[] }>();
  return (name: string, sql: string, params: unknown[] = []): Promise<Results> =>
    pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        let statement = statements.get(name);
        if (statement && statement.sql !== sql) throw new Error(`Prepared statement "${name}" already names other SQL`);
        if (!statement) {
          const described = await pglite.execProtocolStream(
            batch(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()),
            { syncToFs: false },
          );
          statement = { sql, paramTypes: parse.parseDescribeStatementResults(described) };
          statements.set(name, statement);
        }
        const types = statement.paramTypes;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = pglite.serializers[types[i]];
          return serializer ? serializer(value) : String(value);
        });
        const messages = await pglite.execProtocolStream(
          batch(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()),
          { syncToFs: false },
        );
        // As query() does after a statement outside a transaction.
        await pglite.syncToFs();
        return parse.parseResults(messages, pglite.parsers)[0];
      }),
    );
}
