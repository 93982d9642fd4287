import { existsSync, readFileSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { migrations as knownMigrations } from '../db/migrations/index.ts';
import type { ColumnInfo } from '../db/introspect.ts';
import { BackupError } from './backup-error.ts';
import { currentSchema, matchSchema } from './backup-schema.ts';
import { checksumFileOf, sha256OfFile } from './files.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  CONTENTS_TABLE,
  MANIFEST_TABLE,
  type Manifest,
  TableDigest,
  type TableEntry,
  contentChecksum,
} from './format.ts';

export { BackupError };

export interface CheckedBackup {
  file: string;
  manifest: Manifest;
  tables: TableEntry[];
  contentSha256: string;
  sha256: string;
  /** Whether FILE.sha256 was there to compare with. */
  checksumFile: 'matched' | 'absent';
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function open(file: string): SqliteDatabase.Database {
  if (!existsSync(file)) throw new BackupError(`No file at ${file}`);
  try {
    const database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    database.prepare('select count(*) from sqlite_master').get();
    return database;
  } catch {
    throw new BackupError(`${file} is not a Bursary backup (it is not a SQLite file)`);
  }
}

function readManifest(database: SqliteDatabase.Database, file: string): { manifest: Manifest; contentSha256: string } {
  let pairs: { key: string; value: string }[];
  try {
    pairs = database.prepare(`select key, value from ${MANIFEST_TABLE}`).all() as { key: string; value: string }[];
  } catch {
    throw new BackupError(`${file} is not a Bursary backup (it has no ${MANIFEST_TABLE} table)`);
  }
  const values = Object.fromEntries(pairs.map((p) => [p.key, p.value]));
  if (values.format !== BACKUP_FORMAT)
    throw new BackupError(`${file} is not a Bursary backup (format "${values.format ?? ''}")`);
  const formatVersion = Number(values.formatVersion);
  if (!(formatVersion >= 1 && formatVersion <= BACKUP_FORMAT_VERSION)) {
    throw new BackupError(
      `${file} is in backup format ${values.formatVersion}, newer than this Bursary reads (${BACKUP_FORMAT_VERSION}): upgrade Bursary, then restore`,
    );
  }
  const migrations = parseJson(values.migrations ?? '[]');
  if (!Array.isArray(migrations) || !migrations.every((name) => typeof name === 'string')) {
    throw new BackupError(`${file} is damaged: the list of migrations in its manifest does not parse`);
  }
  const manifest: Manifest = {
    format: values.format,
    formatVersion,
    createdAt: values.createdAt ?? '',
    sourceDialect: values.sourceDialect ?? '',
    migrations,
  };
  return { manifest, contentSha256: values.contentSha256 ?? '' };
}

/** JSON text as a value, or undefined when it does not parse: a crafted file gets a sentence, not a SyntaxError. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const KINDS = new Set(['integer', 'real', 'text', 'blob']);
const isNameList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');
const isColumnList = (value: unknown): value is ColumnInfo[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((c) => typeof c === 'object' && c !== null && typeof c.name === 'string' && KINDS.has(c.kind));

function readContents(database: SqliteDatabase.Database, file: string): TableEntry[] {
  let rows: Record<string, unknown>[];
  try {
    rows = database.prepare(`select * from ${CONTENTS_TABLE} order by position`).all() as Record<string, unknown>[];
  } catch {
    throw new BackupError(`${file} is not a Bursary backup (it has no ${CONTENTS_TABLE} table)`);
  }
  return rows.map((r) => {
    const [columns, primaryKey, references] = [r.columns, r.primary_key, r.references].map((v) => parseJson(String(v)));
    if (typeof r.name !== 'string' || !isColumnList(columns) || !isNameList(primaryKey) || !isNameList(references)) {
      throw new BackupError(`${file} is damaged: its table of contents does not parse (at table "${String(r.name)}")`);
    }
    return { name: r.name, columns, primaryKey, references, rows: Number(r.rows), sha256: String(r.sha256) };
  });
}

/** Every row of a backed-up table, as arrays in the order of its columns. */
export function* backupRows(database: SqliteDatabase.Database, entry: TableEntry): Generator<unknown[]> {
  const columns = entry.columns.map((c) => quote(c.name)).join(', ');
  yield* database
    .prepare(`select ${columns} from ${quote(entry.name)}`)
    .raw()
    .iterate() as Iterable<unknown[]>;
}

/**
 * Checks a backup before anything is restored from it: the file's checksum (when FILE.sha256 is
 * beside it), SQLite's own integrity check, the format version, a manifest and table of contents
 * that parse, a schema no newer than this code, only tables a backup is made of, and every
 * table's row count and checksum recomputed from its rows. `restore --check` runs exactly this.
 */
export async function checkBackup(file: string): Promise<CheckedBackup> {
  const sha256 = await sha256OfFile(file).catch(() => {
    throw new BackupError(`No file at ${file}`);
  });
  const sidecar = checksumFileOf(file);
  const checksumFile = existsSync(sidecar) ? 'matched' : 'absent';
  if (checksumFile === 'matched' && readFileSync(sidecar, 'utf8').split(/\s/)[0] !== sha256) {
    throw new BackupError(`${file} does not match its checksum file ${sidecar}: the file was changed or damaged`);
  }
  const database = open(file);
  try {
    const integrity = database.pragma('quick_check', { simple: true });
    if (integrity !== 'ok')
      throw new BackupError(`${file} is damaged: SQLite's integrity check says "${String(integrity)}"`);
    const { manifest, contentSha256 } = readManifest(database, file);
    const unknown = manifest.migrations.filter((name) => !(name in knownMigrations));
    if (unknown.length > 0) {
      throw new BackupError(
        `${file} was made by a newer Bursary (its schema has ${unknown.join(', ')}): upgrade Bursary, then restore`,
      );
    }
    const tables = readContents(database, file);
    matchSchema(tables, await currentSchema());
    for (const entry of tables) {
      const digest = new TableDigest(entry.columns);
      try {
        for (const row of backupRows(database, entry)) digest.add(row);
      } catch {
        throw new BackupError(`${file} is damaged: table ${entry.name} cannot be read`);
      }
      if (digest.rows !== entry.rows || digest.hex() !== entry.sha256) {
        throw new BackupError(
          `${file} is damaged: table ${entry.name} does not match its checksum (${digest.rows} rows, ${entry.rows} expected)`,
        );
      }
    }
    if (contentChecksum(tables) !== contentSha256)
      throw new BackupError(`${file} is damaged: its table of contents does not match its checksum`);
    return { file, manifest, tables, contentSha256, sha256, checksumFile };
  } finally {
    database.close();
  }
}

export const openBackup = (file: string): SqliteDatabase.Database => open(file);
