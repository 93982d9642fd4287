import { type Kysely, sql } from 'kysely';
import type { ColumnInfo } from '../db/introspect.ts';
import { normalise } from './format.ts';

/** Rows read per query: few when they carry images, so a batch stays a few megabytes. */
const batchSize = (columns: readonly ColumnInfo[]) => (columns.some((c) => c.kind === 'blob') ? 16 : 5_000);

/**
 * Reads a whole table a batch at a time in primary-key order (keyset paging, so a million rows
 * cost a million rows, not a quadratic walk), each row as normalised values in column order.
 * Run it inside one transaction to read one moment of the database.
 */
export async function* readTable(
  db: Kysely<unknown>,
  table: string,
  columns: readonly ColumnInfo[],
  primaryKey: readonly string[],
): AsyncGenerator<unknown[][]> {
  const select = sql.join(columns.map((c) => sql.ref(c.name)));
  if (primaryKey.length === 0) {
    const { rows } = await sql<Record<string, unknown>>`select ${select} from ${sql.table(table)}`.execute(db);
    yield rows.map((row) => columns.map((c) => normalise(row[c.name], c.kind)));
    return;
  }
  const key = sql.join(primaryKey.map((name) => sql.ref(name)));
  const limit = batchSize(columns);
  let after: unknown[] | undefined;
  for (;;) {
    const where = after ? sql`where (${key}) > (${sql.join(after)})` : sql``;
    const { rows } = await sql<
      Record<string, unknown>
    >`select ${select} from ${sql.table(table)} ${where} order by ${key} limit ${limit}`.execute(db);
    if (rows.length === 0) return;
    yield rows.map((row) => columns.map((c) => normalise(row[c.name], c.kind)));
    const last = rows[rows.length - 1]!;
    after = primaryKey.map((name) => last[name]);
    if (rows.length < limit) return;
  }
}
