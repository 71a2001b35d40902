import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openPglite, type Db } from './db';

let db: Db;
beforeAll(async () => {
  db = await openPglite(null);
  await db.exec(`create table t (id int primary key, label text, day date);
    insert into t values (1, 'one', '2026-01-02'), (2, null, null)`);
}, 60_000);
afterAll(() => db.close());

const COUNT_SQL = 'select count(*)::int as n from t where id >= $1';
const count = async (from = 0) => (await db.query<{ n: number }>(COUNT_SQL, [from], { prepare: 'count_t' })).rows[0].n;

describe('named statements on PGlite', () => {
  it('answers the same rows as an unnamed query, values parsed the same way', async () => {
    const sql = 'select id, label, day, $1::text as echo from t order by id';
    const plain = await db.query(sql, ["O'Brien, ünï"]);
    const named = await db.query(sql, ["O'Brien, ünï"], { prepare: 'rows_of_t' });
    expect(named.rows).toEqual(plain.rows);
    expect(named.rows[0]).toEqual({ id: 1, label: 'one', day: '2026-01-02', echo: "O'Brien, ünï" });
    expect(named.rowCount).toBe(2);
  });

  it('is parsed again when the backend no longer knows it', async () => {
    expect(await count()).toBe(2);
    await db.exec('deallocate all');
    expect(await count(2)).toBe(1);
  });

  it('reports a failing statement and leaves the database usable', async () => {
    await expect(db.query('select * from missing_table', [], { prepare: 'broken' })).rejects.toThrow(/missing_table/);
    expect(await count()).toBe(2);
  });

  it('rolls back a transaction whose statement fails and leaves the database usable (no crash)', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into t values (3, 'three', null)");
        await tx.query("insert into t values (3, 'again', null)");
      }),
    ).rejects.toThrow(/duplicate key/);
    // A statement after a failed one inside the same transaction is refused, and still nothing is kept.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('select * from missing_table').catch(() => undefined);
        await tx.query("insert into t values (4, 'four', null)");
      }),
    ).rejects.toThrow(/aborted/);
    expect(await count()).toBe(2);
  });

  it("never runs between the statements of another caller's transaction: it waits for the commit", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inside = () => {};
    const begun = new Promise<void>((resolve) => (inside = resolve));
    const writer = db.transaction(async (tx) => {
      await tx.query('insert into t (id) values (3)');
      inside();
      await gate;
    });
    await begun;
    let answered: number | null = null;
    const reader = count().then((n) => (answered = n));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Had it run inside the open transaction, it would have counted the uncommitted row already.
    expect(answered).toBeNull();
    release();
    await writer;
    expect(await reader).toBe(3);
  });
});
