import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Config } from '../config/config.ts';
import { sqliteFilePath } from './connection.ts';
import { dialectOf } from './dialect.ts';
import type { Database } from './types.ts';

/** Reads a change counter (db/change-counters.ts); 0 for one never moved. */
export interface CounterReader {
  read: (name: string) => number | Promise<number>;
  close: () => void;
}

/**
 * Every cached list asks its section's counter before answering, so the read must cost next to
 * nothing. On SQLite it runs on a connection of its own with prepared statements: synchronous,
 * never queued behind a write transaction, and (being another connection) it sees committed rows
 * only, so an entry is never keyed by a version a rollback takes back. On PostgreSQL it is one
 * indexed query, which is what keeps several instances fresh.
 */
export function openCounterReader(db: Kysely<Database>, config: Pick<Config, 'dataDir'>): CounterReader {
  const file = sqliteFilePath(config.dataDir);
  if (dialectOf(db) === 'postgres' || !existsSync(file)) {
    return {
      read: async (name) =>
        Number(
          (await db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst())?.value ?? 0,
        ),
      close: () => {},
    };
  }
  const connection = new SqliteDatabase(file, { fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  const select = connection.prepare<[string], number>('select value from counters where name = ?').pluck();
  // data_version moves whenever any other connection commits (this process's writer included, being
  // another connection), so while it stands still the counters read under it are still current.
  // A value is read after its data_version, so it is never older than the version it is kept under.
  const dataVersion = connection.prepare<[], number>('pragma data_version').pluck();
  let seenVersion: number | undefined;
  const values = new Map<string, number>();
  return {
    read: (name) => {
      const version = dataVersion.get();
      if (version !== seenVersion) {
        values.clear();
        seenVersion = version;
      }
      let value = values.get(name);
      if (value === undefined) {
        value = Number(select.get(name) ?? 0);
        values.set(name, value);
      }
      return value;
    },
    close: () => connection.close(),
  };
}
