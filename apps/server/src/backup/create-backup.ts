import { rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import { listTables } from '../db/introspect.ts';
import { createPrivateFile, makePrivateFolder } from '../lib/private-files.ts';
import { BackupError } from './backup-error.ts';
import { isFreeName, numberedName, partialName, publish, sha256OfFile, writeChecksumFile } from './files.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  CONTENTS_TABLE,
  MANIFEST_TABLE,
  type Manifest,
  type ProgressListener,
  TableDigest,
  type TableEntry,
  contentChecksum,
  describeTable,
  isBackedUp,
} from './format.ts';
import { readTable } from './read-table.ts';

export interface BackupResult {
  file: string;
  bytes: number;
  /** SHA-256 of the file, also written beside it as FILE.sha256. */
  sha256: string;
  /** SHA-256 over every table's checksum: equal for equal content, whatever the database. */
  contentSha256: string;
  createdAt: string;
  tables: TableEntry[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The migrations the database has run, oldest first; none when it has no ledger yet. */
async function appliedMigrations(db: Kysely<unknown>, tables: readonly string[]): Promise<string[]> {
  if (!tables.includes('kysely_migration')) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

function createSchema(out: SqliteDatabase.Database): void {
  out.exec(`create table ${MANIFEST_TABLE} (key text primary key, value text not null);
    create table ${CONTENTS_TABLE} (name text primary key, position integer not null, columns text not null,
      primary_key text not null, "references" text not null, rows integer not null, sha256 text not null);`);
}

function createDataTable(
  out: SqliteDatabase.Database,
  entry: Omit<TableEntry, 'rows' | 'sha256'>,
): SqliteDatabase.Statement {
  const columns = entry.columns.map((c) => `${quote(c.name)} ${c.kind}`);
  if (entry.primaryKey.length > 0) columns.push(`primary key (${entry.primaryKey.map(quote).join(', ')})`);
  out.exec(`create table ${quote(entry.name)} (${columns.join(', ')})`);
  return out.prepare(`insert into ${quote(entry.name)} values (${entry.columns.map(() => '?').join(', ')})`);
}

export interface BackupOptions {
  /**
   * A default name may be taken (two backups in one millisecond): then `…-2`, `…-3` is used. A name the operator gave
   * never is.
   */
  otherNameIfTaken?: boolean;
  onProgress?: ProgressListener;
}

/** Gives the complete file the first free name of `file`, `file-2`, … (or `file` alone), never replacing a file. */
function publishUnderFreeName(partial: string, file: string, otherNameIfTaken: boolean): string {
  if (!otherNameIfTaken) {
    publish(partial, file);
    return file;
  }
  for (let n = 1; n <= 1_000; n++) {
    const candidate = n === 1 ? file : numberedName(file, n);
    if (!isFreeName(candidate)) continue;
    try {
      publish(partial, candidate);
      return candidate;
    } catch (error) {
      // another backup took the name between the look and the link: try the next one
      if (!(error instanceof BackupError)) throw error;
    }
  }
  throw new BackupError(`No free name for a backup beside ${file}: remove old backups from ${dirname(file)}`);
}

async function rowCount(trx: Kysely<unknown>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Writes every backed-up table of `source` into a new backup file, all read in one transaction so
 * the file holds one moment of the database while the server goes on writing. The file is built
 * under a temporary name (mode 0600), synced and only then given its real name, which it never
 * takes from an existing file: a crash never leaves a half backup under the real name. `source`
 * may be the live database: only reads are made, on their own connection.
 */
export async function createBackup(
  source: Kysely<unknown>,
  file: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  makePrivateFolder(dirname(file));
  const partial = partialName(file);
  rmSync(partial, { force: true });
  createPrivateFile(partial);
  const out = new SqliteDatabase(partial);
  try {
    // the file is worthless until it is published, so it needs no journal; it is synced once at the end
    out.pragma('journal_mode = OFF');
    out.pragma('synchronous = OFF');
    createSchema(out);
    out.exec('begin');
    const postgres = dialectOf(source) === 'postgres';
    let transaction = source.transaction();
    if (postgres) transaction = transaction.setIsolationLevel('repeatable read').setAccessMode('read only');
    const { manifest, tables } = await transaction.execute(async (trx) => {
      const all = await listTables(trx);
      const createdAt = new Date().toISOString();
      const migrations = await appliedMigrations(
        trx,
        all.map((t) => t.name),
      );
      const entries: TableEntry[] = [];
      for (const table of all.filter((t) => isBackedUp(t.name))) {
        const entry = describeTable(table);
        const insert = createDataTable(out, entry);
        const digest = new TableDigest(entry.columns);
        const total = options.onProgress ? await rowCount(trx, entry.name) : 0;
        for await (const batch of readTable(trx, entry.name, entry.columns, entry.primaryKey)) {
          for (const row of batch) {
            insert.run(...row);
            digest.add(row);
          }
          options.onProgress?.({ table: entry.name, done: digest.rows, total: Math.max(total, digest.rows) });
        }
        options.onProgress?.({ table: entry.name, done: digest.rows, total: digest.rows });
        entries.push({ ...entry, rows: digest.rows, sha256: digest.hex() });
      }
      const head: Manifest = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        createdAt,
        sourceDialect: dialectOf(trx),
        migrations,
      };
      return { manifest: head, tables: entries };
    });
    const contentSha256 = contentChecksum(tables);
    const setKey = out.prepare(`insert into ${MANIFEST_TABLE} (key, value) values (?, ?)`);
    for (const [key, value] of Object.entries({
      ...manifest,
      migrations: JSON.stringify(manifest.migrations),
      contentSha256,
    }))
      setKey.run(key, String(value));
    const addEntry = out.prepare(`insert into ${CONTENTS_TABLE} values (?, ?, ?, ?, ?, ?, ?)`);
    tables.forEach((t, position) =>
      addEntry.run(
        t.name,
        position,
        JSON.stringify(t.columns),
        JSON.stringify(t.primaryKey),
        JSON.stringify(t.references),
        t.rows,
        t.sha256,
      ),
    );
    out.exec('commit');
    out.close();
    const published = publishUnderFreeName(partial, file, options.otherNameIfTaken ?? false);
    const sha256 = await sha256OfFile(published);
    try {
      writeChecksumFile(published, sha256);
    } catch (error) {
      rmSync(published, { force: true });
      throw error;
    }
    return {
      file: published,
      bytes: statSync(published).size,
      sha256,
      contentSha256,
      createdAt: manifest.createdAt,
      tables,
    };
  } catch (error) {
    if (out.open) out.close();
    rmSync(partial, { force: true });
    throw error;
  }
}
