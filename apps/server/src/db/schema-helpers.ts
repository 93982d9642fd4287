import type { CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf } from './dialect.ts';

/** An auto-incrementing integer primary key, spelled for each dialect. */
export function withId<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const binaryType = (db: Kysely<unknown>): 'bytea' | 'blob' => (dialectOf(db) === 'postgres' ? 'bytea' : 'blob');
