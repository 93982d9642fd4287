import { type Kysely, sql } from 'kysely';
import type { SectionDef } from '@bursary/shared';
import { preparedQueries } from '../db/prepared-query.ts';
import type { Db } from '../db/types.ts';
import { tableOf } from '../db/naming.ts';

/**
 * Table access for every section. Section tables come from the registry at run time, so they are
 * reached through an untyped view of the database; names only ever come from the registry, values
 * are always bound parameters.
 */
export type Row = Record<string, unknown>;
type DynamicDb = Kysely<Record<string, Row>>;

/** The database with its section tables addressed by the names the registry gives them. */
export const tablesByName = (db: Db): DynamicDb => db as unknown as DynamicDb;

const rowQueries = preparedQueries<unknown[], Row>();

/**
 * The columns a write sets from the caller's, in the order given: without those left undefined (Kysely leaves them
 * out) and those the write sets itself (`own`, which took their place).
 */
const setColumns = (columns: Row, own: readonly string[]): [string, unknown][] =>
  Object.entries(columns).filter(([name, value]) => value !== undefined && !own.includes(name));

/** The compiled query's key: its kind and table, and the columns it sets, in order. */
const shapeKey = (kind: string, table: string, columns: readonly string[]) => [kind, table, ...columns].join('\u0000');

/** A record by id; with `publishedOnly`, a draft is not found. */
export async function findRow(
  db: Db,
  section: SectionDef,
  id: number,
  publishedOnly = false,
): Promise<Row | undefined> {
  const table = tableOf(section);
  const find = rowQueries(shapeKey(publishedOnly ? 'find published' : 'find', table, []), (db, rowId) => {
    const query = tablesByName(db).selectFrom(table).selectAll().where('id', '=', rowId);
    return publishedOnly ? query.where('status', '=', 'published') : query;
  });
  const [row] = (await find(db, id)).rows;
  return row;
}

/** The one record of a single-record section: the oldest, should an old database hold more. */
export async function findSingleRow(db: Db, section: SectionDef): Promise<Row | undefined> {
  return tablesByName(db).selectFrom(tableOf(section)).selectAll().orderBy('id', 'asc').limit(1).executeTakeFirst();
}

/** Answers the stored row, so a write needs no second query to read back what it wrote. */
export async function insertRow(db: Db, section: SectionDef, columns: Row, now: string): Promise<Row> {
  const table = tableOf(section);
  const set = setColumns(columns, ['version', 'created_at', 'updated_at']);
  const names = set.map(([name]) => name);
  const insert = rowQueries(shapeKey('insert', table, names), (db, stamp, ...values) =>
    tablesByName(db)
      .insertInto(table)
      .values({
        ...Object.fromEntries(names.map((name, n) => [name, values[n]])),
        version: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .returningAll(),
  );
  const [row] = (await insert(db, now, ...set.map(([, value]) => value))).rows;
  if (!row) throw new Error(`the new row of ${table} was not answered`);
  return row;
}

/**
 * Puts a deleted record back under its old id (a restore). The id is given, so neither SQLite's
 * nor PostgreSQL's id sequence moves; ids are never reused, so the old one is free.
 */
export async function insertRowWithId(
  db: Db,
  section: SectionDef,
  id: number,
  columns: Row,
  version: number,
): Promise<Row> {
  return tablesByName(db)
    .insertInto(tableOf(section))
    .values({ ...columns, id, version })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Writes the columns and bumps the version. With `expectedVersion` the write lands only on that
 * version, so of several saves made from one read exactly one wins; undefined means it did not
 * land. Answers the row as stored, so the write needs no second query to read it back.
 */
export async function updateRow(
  db: Db,
  section: SectionDef,
  id: number,
  columns: Row,
  now: string,
  expectedVersion?: number,
): Promise<Row | undefined> {
  const table = tableOf(section);
  const set = setColumns(columns, ['version', 'updated_at']);
  const names = set.map(([name]) => name);
  const changed = (db: Db, rowId: unknown, stamp: unknown, values: unknown[]) =>
    tablesByName(db)
      .updateTable(table)
      .set({
        ...Object.fromEntries(names.map((name, n) => [name, values[n]])),
        version: sql`version + 1`,
        updated_at: stamp,
      })
      .where('id', '=', rowId);
  const values = set.map(([, value]) => value);
  const { rows } =
    expectedVersion === undefined
      ? await rowQueries(shapeKey('update', table, names), (db, rowId, stamp, ...changes) =>
          changed(db, rowId, stamp, changes).returningAll(),
        )(db, id, now, ...values)
      : await rowQueries(shapeKey('update at version', table, names), (db, rowId, stamp, version, ...changes) =>
          changed(db, rowId, stamp, changes).where('version', '=', version).returningAll(),
        )(db, id, now, expectedVersion, ...values);
  const [row] = rows;
  return row;
}

export async function deleteRow(db: Db, section: SectionDef, id: number, expectedVersion?: number): Promise<boolean> {
  let remove = tablesByName(db).deleteFrom(tableOf(section)).where('id', '=', id);
  if (expectedVersion !== undefined) remove = remove.where('version', '=', expectedVersion);
  const result = await remove.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
