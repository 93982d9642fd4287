import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../../src/db/statement-cache.ts';

describe('the SQLite statement cache', () => {
  let database: SqliteDatabase.Database;
  afterEach(() => {
    if (database.open) database.close();
  });

  it('prepares a SQL text once and answers the same statement after', () => {
    database = new SqliteDatabase(':memory:');
    const cached = withStatementCache(database);
    const first = cached.prepare('select 1 as one');
    expect(cached.prepare('select 1 as one')).toBe(first);
    expect(cached.prepare('select 2 as two')).not.toBe(first);
  });

  it('keeps a bounded number, dropping the least recently used', () => {
    database = new SqliteDatabase(':memory:');
    const cached = withStatementCache(database);
    const kept = cached.prepare('select 0');
    const evicted = cached.prepare('select 1');
    for (let n = 2; n < 600; n++) {
      cached.prepare(`select ${n}`);
      // used now and then, so it stays among the most recent
      if (n % 100 === 0) expect(cached.prepare('select 0')).toBe(kept);
    }
    expect(cached.prepare('select 0')).toBe(kept);
    expect(cached.prepare('select 1')).not.toBe(evicted);
  });

  it('still sees schema changes made after a statement was cached', () => {
    database = new SqliteDatabase(':memory:');
    const cached = withStatementCache(database);
    database.exec('create table t (a integer)');
    database.exec('insert into t values (1)');
    expect(cached.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    database.exec('alter table t add column b integer default 2');
    expect(cached.prepare('select * from t').all([])).toEqual([{ a: 1, b: 2 }]);
  });

  it('closes the database it wraps', () => {
    database = new SqliteDatabase(':memory:');
    withStatementCache(database).close();
    expect(database.open).toBe(false);
  });
});
