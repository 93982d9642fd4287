import { createHash } from 'node:crypto';
import type { ColumnInfo, TableInfo, ValueKind } from '../db/introspect.ts';

/**
 * The backup format (docs/decisions/010-backups.md): one SQLite file holding a manifest
 * (`bursary_backup`), a table of contents (`bursary_backup_tables`) and each backed-up table under
 * its own name, with its columns reduced to the four kinds of value SQLite stores.
 */
export const BACKUP_FORMAT = 'bursary-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_EXTENSION = 'bursary-backup';
export const MANIFEST_TABLE = 'bursary_backup';
export const CONTENTS_TABLE = 'bursary_backup_tables';

/**
 * Tables a backup leaves out. Transient ones (sessions, half-done two-step sign-ins, sign-in attempts, any throttle
 * state, preview tokens, webhook events and attempts) must not come back: a restored fund starts with nobody signed
 * in, no preview link open and nothing sent again. Image variants are made again from their originals on demand,
 * so a backup does not carry copies of every image several times over. The site's health is found again from the
 * restored content. The webhooks themselves are kept, their
 * secrets sealed. The migration ledger is written by the target's own migrations, and the change counters are
 * rebuilt after a restore.
 */
const TRANSIENT_TABLES: readonly RegExp[] = [
  /^sessions$/,
  /^mfa_challenges$/,
  /login_?attempt/,
  /throttle/,
  /^preview_tokens$/,
  /^webhook_outbox$/,
  /^webhook_deliveries$/,
  /^media_variants$/,
  /^site_health_records$/,
  /^record_links$/,
  /^link_checks$/,
];

/** Tables whose rows a restore removes too (the transient ones), and those the target writes itself. */
const TABLES_NOT_BACKED_UP: readonly RegExp[] = [...TRANSIENT_TABLES, /^kysely_migration/, /^counters$/];

export const isBackedUp = (table: string): boolean => !TABLES_NOT_BACKED_UP.some((pattern) => pattern.test(table));
export const isTransient = (table: string): boolean => TRANSIENT_TABLES.some((pattern) => pattern.test(table));

/**
 * How far a backup or restore has come through one table; reported after each batch and once when the table is done.
 */
export interface TableProgress {
  table: string;
  done: number;
  total: number;
}

export type ProgressListener = (progress: TableProgress) => void;

/** One backed-up table as the table of contents lists it. */
export interface TableEntry {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string[];
  references: string[];
  rows: number;
  sha256: string;
}

export interface Manifest {
  format: string;
  formatVersion: number;
  createdAt: string;
  sourceDialect: string;
  /** The migrations the source had run: the schema version of the data. */
  migrations: string[];
}

/** A value as the backup holds it: bigints as numbers, booleans as 0/1, bytes as a Buffer. */
export function normalise(value: unknown, kind: ValueKind): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'integer' || kind === 'real') {
    if (typeof value === 'boolean') return value ? 1 : 0;
    return typeof value === 'number' ? value : Number(value);
  }
  if (kind === 'blob') return Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
  return String(value);
}

function canonical(value: unknown, kind: ValueKind): string | null {
  if (value === null) return null;
  if (kind === 'blob')
    return `b${createHash('sha256')
      .update(value as Buffer)
      .digest('hex')}`;
  if (kind === 'text') return `s${value as string}`;
  return `d${String(value)}`;
}

const MODULUS = 1n << 256n;

/**
 * A table's checksum: the sum of its rows' SHA-256 digests modulo 2^256. The sum does not depend
 * on the order rows are read in, so SQLite and PostgreSQL (whose text orders differ) agree on it.
 */
export class TableDigest {
  private sum = 0n;
  rows = 0;
  private readonly columns: readonly ColumnInfo[];
  constructor(columns: readonly ColumnInfo[]) {
    this.columns = columns;
  }

  /** Adds one row of normalised values, in the order of the columns. */
  add(values: readonly unknown[]): void {
    const text = JSON.stringify(values.map((value, i) => canonical(value, this.columns[i]!.kind)));
    this.sum = (this.sum + BigInt(`0x${createHash('sha256').update(text).digest('hex')}`)) % MODULUS;
    this.rows += 1;
  }

  hex(): string {
    return this.sum.toString(16).padStart(64, '0');
  }
}

/** The checksum of the whole content: one digest over every table's name, row count and checksum. */
export function contentChecksum(tables: readonly Pick<TableEntry, 'name' | 'rows' | 'sha256'>[]): string {
  const lines = [...tables].sort((a, b) => (a.name < b.name ? -1 : 1)).map((t) => `${t.name} ${t.rows} ${t.sha256}\n`);
  return createHash('sha256').update(lines.join('')).digest('hex');
}

/** Columns of a table without the booleans' flag (the table of contents keeps only the kind). */
export const describeTable = (table: TableInfo): Omit<TableEntry, 'rows' | 'sha256'> => ({
  name: table.name,
  columns: table.columns.map((c) => ({ name: c.name, kind: c.kind, boolean: false })),
  primaryKey: table.primaryKey,
  references: table.references,
});
