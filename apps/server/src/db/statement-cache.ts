import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** Enough for every query the routes compile; a burst of one-off statements only evicts the oldest. */
const MAX_STATEMENTS = 500;

/**
 * Kysely's SQLite driver prepares every query again, and preparing costs as much as running a
 * small query (the largest single cost of a write). The routes compile the same few
 * hundred SQL texts over and over, so each is prepared once and reused. better-sqlite3 runs a
 * statement to completion synchronously, so one statement never serves two queries at a time
 * (the server streams no query, which would hold its statement open).
 */
export function withStatementCache(database: SqliteDatabase): KyselySqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        // a Map keeps insertion order: moving a hit to the end makes the first key the least used
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
    close: () => database.close(),
  };
}
