import type SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { sections } from '@bursary/shared';
import { recountCounters } from '../db/change-counters.ts';
import { forgetDoneMarks } from '../db/done-marks.ts';
import { dialectOf } from '../db/dialect.ts';
import { type TableInfo, inDependencyOrder, listTables } from '../db/introspect.ts';
import { type ProgressListener, TableDigest, type TableEntry, isBackedUp, isTransient, normalise } from './format.ts';
import { matchSchema } from './backup-schema.ts';
import { BackupError, type CheckedBackup, backupRows } from './read-backup.ts';
import { readTable } from './read-table.ts';

/** Rows per insert: under both databases' limit on parameters (SQLite 32,766), and few megabytes of images. */
const MAX_PARAMETERS = 30_000;
const MAX_BATCH_BYTES = 8 * 1024 * 1024;

/** Non-empty tables of the target among those a restore replaces, with their row counts. */
export async function targetContents(target: Kysely<unknown>): Promise<{ name: string; rows: number }[]> {
  const found: { name: string; rows: number }[] = [];
  for (const table of await listTables(target)) {
    if (!isBackedUp(table.name)) continue;
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table.name)}`.execute(
      target,
    );
    const count = Number(rows[0]?.n ?? 0);
    if (count > 0) found.push({ name: table.name, rows: count });
  }
  return found;
}

async function insertAll(
  trx: Kysely<unknown>,
  source: SqliteDatabase.Database,
  entry: TableEntry,
  table: TableInfo,
  onProgress?: ProgressListener,
): Promise<void> {
  const targetColumns = entry.columns.map((c) => table.columns.find((t) => t.name === c.name)!);
  const perInsert = Math.max(1, Math.min(2_000, Math.floor(MAX_PARAMETERS / entry.columns.length)));
  let batch: Record<string, unknown>[] = [];
  let bytes = 0;
  let done = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await (trx as Kysely<Record<string, Record<string, unknown>>>).insertInto(entry.name).values(batch).execute();
    done += batch.length;
    onProgress?.({ table: entry.name, done, total: Math.max(entry.rows, done) });
    batch = [];
    bytes = 0;
  };
  for (const values of backupRows(source, entry)) {
    const row: Record<string, unknown> = {};
    values.forEach((value, i) => {
      const column = targetColumns[i]!;
      row[column.name] = column.boolean && value !== null ? Boolean(value) : value;
      if (Buffer.isBuffer(value)) bytes += value.length;
    });
    batch.push(row);
    if (batch.length >= perInsert || bytes >= MAX_BATCH_BYTES) await flush();
  }
  await flush();
  onProgress?.({ table: entry.name, done, total: done });
}

/** PostgreSQL: each serial column continues after the highest restored id. */
async function resetSequences(trx: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ table: string; column: string }>`select table_name as "table", column_name as "column"
    from information_schema.columns where table_schema = current_schema() and column_default like 'nextval(%'`.execute(
    trx,
  );
  for (const { table, column } of rows) {
    await sql`select setval(pg_get_serial_sequence(${`"${table.replaceAll('"', '""')}"`}, ${column}), coalesce(max(${sql.ref(column)}), 0) + 1, false)
      from ${sql.table(table)}`.execute(trx);
  }
}

/** Empties every table the restore replaces (the transient ones too: nobody stays signed in). */
async function emptyTables(trx: Kysely<unknown>, tables: readonly TableInfo[], postgres: boolean): Promise<void> {
  const replaced = tables.filter((t) => isBackedUp(t.name) || isTransient(t.name));
  if (postgres) {
    if (replaced.length > 0) await sql`truncate ${sql.join(replaced.map((t) => sql.table(t.name)))}`.execute(trx);
    return;
  }
  for (const table of [...inDependencyOrder(replaced)].reverse())
    await sql`delete from ${sql.table(table.name)}`.execute(trx);
}

async function verify(trx: Kysely<unknown>, entry: TableEntry, table: TableInfo): Promise<void> {
  const digest = new TableDigest(entry.columns);
  for await (const batch of readTable(trx, entry.name, entry.columns, table.primaryKey)) {
    for (const row of batch) digest.add(row.map((value, i) => normalise(value, entry.columns[i]!.kind)));
  }
  if (digest.rows !== entry.rows || digest.hex() !== entry.sha256) {
    throw new BackupError(
      `Restored table ${entry.name} does not match the backup (${digest.rows} rows, ${entry.rows} expected): nothing was restored`,
    );
  }
}

/**
 * Replaces the content of a migrated target with a checked backup in one transaction: empty the
 * tables, load every table parents first, continue the id sequences, recount the change counters,
 * then read everything back and compare counts and checksums before committing. Any difference
 * rolls the whole restore back.
 */
export async function restoreBackup(
  target: Kysely<unknown>,
  checked: CheckedBackup,
  source: SqliteDatabase.Database,
  onProgress?: ProgressListener,
): Promise<void> {
  const tables = await listTables(target);
  const byName = new Map(tables.map((t) => [t.name, t]));
  matchSchema(checked.tables, byName);
  const postgres = dialectOf(target) === 'postgres';
  const entries = new Map(checked.tables.map((e) => [e.name, e]));
  const loadOrder = inDependencyOrder(tables).filter((t) => entries.has(t.name));
  await target.transaction().execute(async (trx) => {
    // the change-count triggers would update one counter row a million times in one transaction;
    // the counters are recounted once at the end instead
    if (postgres)
      for (const t of loadOrder) await sql`alter table ${sql.table(t.name)} disable trigger user`.execute(trx);
    await emptyTables(trx, tables, postgres);
    for (const table of loadOrder) await insertAll(trx, source, entries.get(table.name)!, table, onProgress);
    if (postgres) {
      await resetSequences(trx);
      for (const t of loadOrder) await sql`alter table ${sql.table(t.name)} enable trigger user`.execute(trx);
    }
    if (byName.has('counters')) {
      await recountCounters(trx, sections, new Set(byName.keys()));
      await forgetDoneMarks(trx);
    }
    for (const table of loadOrder) await verify(trx, entries.get(table.name)!, table);
  });
}
