import type { Queryable } from '../../server/db/db';

/**
 * What the migrations made of a database's `public` schema, as sorted lines of text that two databases can be
 * compared by: tables (and whether logged), columns with their types, defaults, nullability and generation,
 * indexes, constraints, triggers, functions and sequences. Names are compared byte by byte (collation "C").
 */
export async function schemaCatalogue(db: Queryable): Promise<Record<string, string[]>> {
  // Each query gives its lines in the order they are compared in: sorted, or the columns in table order.
  const lines = async (sql: string, sorted = true) =>
    (await db.query<{ line: string }>(sorted ? `select line from (${sql}) x order by line collate "C"` : sql)).rows.map(
      (r) => r.line,
    );
  const inPublic = (relation: string) =>
    `${relation}.relnamespace = 'public'::regnamespace and ${relation}.relname <> 'schema_migrations'`;
  return {
    relations: await lines(`select concat_ws(' ', c.relname, c.relkind, c.relpersistence) as line
      from pg_class c where ${inPublic('c')} and c.relkind in ('r', 'p', 'v', 'm', 'S')`),
    columns: await lines(
      `select concat_ws(' | ', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
             case when a.attnotnull then 'not null' else 'null' end, pg_get_expr(d.adbin, d.adrelid),
             nullif(a.attgenerated, ''), nullif(a.attidentity, '')) as line
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where ${inPublic('c')} and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname collate "C", a.attnum`,
      false,
    ),
    indexes: await lines(`select pg_get_indexdef(i.indexrelid) as line
      from pg_index i join pg_class c on c.oid = i.indrelid where ${inPublic('c')}`),
    constraints: await lines(`select concat_ws(' | ', c.relname, k.conname, pg_get_constraintdef(k.oid)) as line
      from pg_constraint k join pg_class c on c.oid = k.conrelid where ${inPublic('c')}`),
    triggers: await lines(`select pg_get_triggerdef(t.oid) as line
      from pg_trigger t join pg_class c on c.oid = t.tgrelid where ${inPublic('c')} and not t.tgisinternal`),
    functions: await lines(`select pg_get_functiondef(p.oid) as line
      from pg_proc p where p.pronamespace = 'public'::regnamespace`),
  };
}
