import type { Queryable } from '../db/db';

/** A key's count in its current window, and the milliseconds until that window ends. */
export interface WindowCount {
  hits: number;
  ttlMs: number;
}

/**
 * Counts one request of `key` (table rate_limit_hits, migration 9) in one statement, on the database's clock so
 * that every server agrees. A key's window starts with its first request and lasts `windowMs`; the first request
 * after it ends starts the next one (as @fastify/rate-limit's in-memory store counts). Concurrent requests for one
 * key queue on its row, so no two get the same count, on whichever server they arrive.
 */
export async function countHit(db: Queryable, key: string, windowMs: number): Promise<WindowCount> {
  const { rows } = await db.query<{ hits: number; ttl_ms: number }>(
    `insert into rate_limit_hits as h (key, window_ends_at, hits)
     values ($1, now() + $2::integer * interval '1 millisecond', 1)
     on conflict (key) do update set
       hits = case when h.window_ends_at > now() then h.hits + 1 else 1 end,
       window_ends_at = case when h.window_ends_at > now() then h.window_ends_at else excluded.window_ends_at end
     returning hits, ceil(extract(epoch from window_ends_at - now()) * 1000)::integer as ttl_ms`,
    [key, windowMs],
    { prepare: 'rate_limit_count_hit' },
  );
  return { hits: rows[0].hits, ttlMs: rows[0].ttl_ms };
}

/** Deletes the rows of windows that have ended (a key's next request would start afresh anyway). */
export async function deleteEndedWindows(db: Queryable): Promise<number> {
  return (await db.query('delete from rate_limit_hits where window_ends_at <= now()')).rowCount;
}

/**
 * countHit for several keys in one statement (one round trip for all of a request's limits): each key's count,
 * in the order given. Rows are written in key order, so two such statements never wait on each other in a cycle.
 */
export async function countHits(db: Queryable, keys: string[], windowMs: number): Promise<WindowCount[]> {
  const { rows } = await db.query<{ key: string; hits: number; ttl_ms: number }>(
    `insert into rate_limit_hits as h (key, window_ends_at, hits)
     select k, now() + $2::integer * interval '1 millisecond', 1 from unnest($1::text[]) as k order by k
     on conflict (key) do update set
       hits = case when h.window_ends_at > now() then h.hits + 1 else 1 end,
       window_ends_at = case when h.window_ends_at > now() then h.window_ends_at else excluded.window_ends_at end
     returning key, hits, ceil(extract(epoch from window_ends_at - now()) * 1000)::integer as ttl_ms`,
    [[...new Set(keys)], windowMs],
  );
  const byKey = new Map(rows.map((r) => [r.key, { hits: r.hits, ttlMs: r.ttl_ms }]));
  return keys.map((key) => byKey.get(key)!);
}
