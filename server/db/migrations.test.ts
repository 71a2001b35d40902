import { describe, expect, it } from 'vitest';

import { MIGRATIONS, parseMigrations } from './migrations';

describe('the migration files', () => {
  it('are read in version order, each with the name from its first line and its whole text', () => {
    const migrations = parseMigrations({
      '0002_second.sql': '-- name: the second\ncreate table b ();\n',
      '0001_first.sql': '-- name: the first\ncreate table a ();\n',
    });
    expect(migrations).toEqual([
      { version: 1, name: 'the first', sql: '-- name: the first\ncreate table a ();\n' },
      { version: 2, name: 'the second', sql: '-- name: the second\ncreate table b ();\n' },
    ]);
  });

  it('refuse a misnamed file, a missing name line, and a gap or a repeat in the numbers', () => {
    const ok = '-- name: x\nselect 1;\n';
    expect(() => parseMigrations({ '0001-first.sql': ok })).toThrow(/0001_what_it_does\.sql/);
    expect(() => parseMigrations({ '0001_first.sql': 'select 1;\n' })).toThrow(/-- name:/);
    expect(() => parseMigrations({ '0001_a.sql': ok, '0003_c.sql': ok })).toThrow(/Migration 2 is missing/);
    expect(() => parseMigrations({ '0001_a.sql': ok, '0001_b.sql': ok })).toThrow(/Migration 2 is missing/);
  });

  it('are those of server/db/migrations/, from 1 on', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(MIGRATIONS.length).toBeGreaterThanOrEqual(10);
    expect(MIGRATIONS[0].name).toBe('core schema: accounts, sessions, resets, orders, status history, enquiries');
  });
});
