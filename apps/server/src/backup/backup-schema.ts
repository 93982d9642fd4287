import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from '../db/migrate.ts';
import { type TableInfo, listTables } from '../db/introspect.ts';
import type { Database } from '../db/types.ts';
import { type TableEntry, isBackedUp } from './format.ts';
import { BackupError } from './backup-error.ts';

/**
 * Refuses a backup holding a table a backup is never made of (sessions, sign-in counters: a forged
 * session or counter must never come back), or a table or column the schema `known` does not have
 * (made by a newer version). `restore --check` runs it against this code's schema, `restore`
 * against the migrated target: the same rule either way.
 */
export function matchSchema(
  backup: readonly TableEntry[],
  known: ReadonlyMap<string, Pick<TableInfo, 'columns'>>,
): void {
  for (const entry of backup) {
    if (!isBackedUp(entry.name)) {
      throw new BackupError(
        `The backup has a table "${entry.name}" that a backup never holds (sessions and sign-in counters are never restored): it was not made by npm run backup, and nothing is restored from it`,
      );
    }
    const table = known.get(entry.name);
    if (!table)
      throw new BackupError(
        `The backup has a table "${entry.name}" that this Bursary does not know: it was made by a newer version; upgrade Bursary, then restore`,
      );
    const missing = entry.columns.find((c) => !table.columns.some((t) => t.name === c.name));
    if (missing)
      throw new BackupError(
        `The backup has a column "${entry.name}.${missing.name}" that this Bursary does not know: it was made by a newer version; upgrade Bursary, then restore`,
      );
  }
}

let schema: Promise<Map<string, TableInfo>> | undefined;

/** The tables this code's migrations make, read from a migrated in-memory SQLite database (made once). */
export function currentSchema(): Promise<Map<string, TableInfo>> {
  schema ??= (async () => {
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
    try {
      await migrateToLatest(db);
      return new Map((await listTables(db as unknown as Kysely<unknown>)).map((t) => [t.name, t]));
    } finally {
      await db.destroy();
    }
  })();
  return schema;
}
