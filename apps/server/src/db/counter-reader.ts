import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Config } from '../config/config.ts';
import { localSqliteChanges, sqliteFilePath } from './connection.ts';
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
  // Reading data_version opens a read transaction (file locks, so system calls): on a cached list, about a fifth of
  // the server's CPU time. So a version read is used again within the same turn of the event loop while none of the
  // connections this process writes through (openDatabase's) has changed a row or is inside a transaction: every
  // write of this process is seen by the next read, as before. Any other connection's commit (another process) is
  // seen from the next turn on: a request sent once that write was answered is read from its socket on a later turn.
  let turnVersion: number | undefined;
  let turnChanges: number | undefined;
  const endTurn = () => {
    turnVersion = undefined;
  };
  const currentVersion = (): number => {
    const changes = localSqliteChanges();
    if (turnVersion === undefined) setImmediate(endTurn);
    else if (changes !== undefined && changes === turnChanges) return turnVersion;
    const version = dataVersion.get() ?? 0;
    turnVersion = version;
    turnChanges = changes;
    return version;
  };
  return {
    read: (name) => {
      const version = currentVersion();
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
