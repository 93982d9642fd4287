import { type Kysely, sql } from 'kysely';
import type { SectionDef, SubItems } from '@bursary/shared';
import { rowsCounter } from '../db/change-counters.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Db } from '../db/types.ts';
import { childTableOf, columnOf, itemColumnOf, tableOf } from '../db/naming.ts';

/**
 * Table access for every section. Section tables come from the registry at run time, so they are
 * reached through an untyped view of the database; names only ever come from the registry, values
 * are always bound parameters.
 */
export type Row = Record<string, unknown>;
type DynamicDb = Kysely<Record<string, Row>>;

/** The database with its section tables addressed by the names the registry gives them. */
const tablesByName = (db: Db): DynamicDb => db as unknown as DynamicDb;

export interface ListQuery {
  q?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** `%`, `_` and the escape character itself match literally in a search. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchFilter(db: Db, section: SectionDef, q: string | undefined) {
  if (!q) return undefined;
  const pattern = likePattern(q);
  // SQLite's like already ignores ASCII case, and its lower() changes nothing else: the same match
  // without a function call per row, and its plain columns let a search index cover the scan
  const column = (field: string) =>
    dialectOf(db) === 'postgres' ? sql`lower(${sql.ref(columnOf(field))})` : sql.ref(columnOf(field));
  return sql<boolean>`(${sql.join(
    section.search.map((field) => sql`${column(field)} like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/** Rows of a section, newest first (a new item goes to the front). */
export async function listRows(db: Db, section: SectionDef, query: ListQuery): Promise<{ rows: Row[]; total: number }> {
  const filter = searchFilter(db, section, query.q);
  let rows = tablesByName(db).selectFrom(tableOf(section)).selectAll().orderBy('id', 'desc');
  // unfiltered, the total is the section's row counter (db/change-counters.ts), not a count of every row
  const count = filter
    ? tablesByName(db)
        .selectFrom(tableOf(section))
        .select(sql<number | string>`count(*)`.as('total'))
        .where(filter)
    : tablesByName(db)
        .selectFrom('counters')
        .select(sql<number | string>`value`.as('total'))
        .where('name', '=', rowsCounter(section));
  if (filter) rows = rows.where(filter);
  if (query.limit !== undefined) rows = rows.limit(query.limit);
  // SQLite allows an offset only after a limit: the route always gives one with an offset
  if (query.offset) rows = rows.offset(query.offset);
  const [found, totals] = await Promise.all([rows.execute(), count.executeTakeFirst()]);
  return { rows: found, total: Number(totals?.total ?? 0) };
}

export async function findRow(db: Db, section: SectionDef, id: number): Promise<Row | undefined> {
  return tablesByName(db).selectFrom(tableOf(section)).selectAll().where('id', '=', id).executeTakeFirst();
}

/** The one record of a single-record section: the oldest, should an old database hold more. */
export async function findSingleRow(db: Db, section: SectionDef): Promise<Row | undefined> {
  return tablesByName(db).selectFrom(tableOf(section)).selectAll().orderBy('id', 'asc').limit(1).executeTakeFirst();
}

/** Answers the stored row, so a write needs no second query to read back what it wrote. */
export async function insertRow(db: Db, section: SectionDef, columns: Row, now: string): Promise<Row> {
  return tablesByName(db)
    .insertInto(tableOf(section))
    .values({ ...columns, version: 1, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
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

/** Makes a record's sub-items exactly the given list, ids included (a restore). */
export async function replaceItems(
  db: Db,
  section: SectionDef,
  sub: SubItems,
  parentId: number,
  items: { id: number; text: string }[],
  now: string,
): Promise<void> {
  const table = childTableOf(section, sub);
  await tablesByName(db).deleteFrom(table).where('parent_id', '=', parentId).execute();
  if (items.length === 0) return;
  await tablesByName(db)
    .insertInto(table)
    .values(
      items.map((item, position) => ({
        id: item.id,
        parent_id: parentId,
        position,
        [itemColumnOf(sub)]: item.text,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
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
  let update = tablesByName(db)
    .updateTable(tableOf(section))
    .set({ ...columns, version: sql`version + 1`, updated_at: now })
    .where('id', '=', id);
  if (expectedVersion !== undefined) update = update.where('version', '=', expectedVersion);
  return update.returningAll().executeTakeFirst();
}

export async function deleteRow(db: Db, section: SectionDef, id: number, expectedVersion?: number): Promise<boolean> {
  let remove = tablesByName(db).deleteFrom(tableOf(section)).where('id', '=', id);
  if (expectedVersion !== undefined) remove = remove.where('version', '=', expectedVersion);
  const result = await remove.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface ItemRow {
  id: number;
  parent_id: number;
  position: number;
  text: string;
}

/** Sub-items of the given records, each list in position order. */
export async function listItems(
  db: Db,
  section: SectionDef,
  sub: SubItems,
  parentIds: number[],
): Promise<Map<number, ItemRow[]>> {
  const byParent = new Map<number, ItemRow[]>(parentIds.map((id) => [id, []]));
  if (parentIds.length === 0) return byParent;
  const rows = await tablesByName(db)
    .selectFrom(childTableOf(section, sub))
    .select(['id', 'parent_id', 'position', `${itemColumnOf(sub)} as text`])
    .where('parent_id', 'in', parentIds)
    .orderBy('position', 'asc')
    .orderBy('id', 'asc')
    .execute();
  for (const row of rows) {
    const item = {
      id: Number(row.id),
      parent_id: Number(row.parent_id),
      position: Number(row.position),
      text: String(row.text),
    };
    byParent.get(item.parent_id)?.push(item);
  }
  return byParent;
}

export async function findItem(db: Db, section: SectionDef, sub: SubItems, id: number): Promise<ItemRow | undefined> {
  const items = await tablesByName(db)
    .selectFrom(childTableOf(section, sub))
    .select(['id', 'parent_id', 'position', `${itemColumnOf(sub)} as text`])
    .where('id', '=', id)
    .execute();
  const row = items[0];
  return (
    row && {
      id: Number(row.id),
      parent_id: Number(row.parent_id),
      position: Number(row.position),
      text: String(row.text),
    }
  );
}

export async function insertItem(
  db: Db,
  section: SectionDef,
  sub: SubItems,
  item: { parentId: number; position: number; text: string },
  now: string,
): Promise<number> {
  const inserted = await tablesByName(db)
    .insertInto(childTableOf(section, sub))
    .values({
      parent_id: item.parentId,
      position: item.position,
      [itemColumnOf(sub)]: item.text,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateItem(
  db: Db,
  section: SectionDef,
  sub: SubItems,
  id: number,
  change: { position: number; text?: string },
  now: string,
): Promise<void> {
  const set: Row = { position: change.position };
  if (change.text !== undefined) Object.assign(set, { [itemColumnOf(sub)]: change.text, updated_at: now });
  await tablesByName(db).updateTable(childTableOf(section, sub)).set(set).where('id', '=', id).execute();
}

export async function deleteItem(db: Db, section: SectionDef, sub: SubItems, id: number): Promise<void> {
  await tablesByName(db).deleteFrom(childTableOf(section, sub)).where('id', '=', id).execute();
}
