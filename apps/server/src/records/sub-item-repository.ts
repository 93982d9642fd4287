import type { SectionDef, SubItems } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { childTableOf, itemColumnOf } from '../db/naming.ts';
import { type Row, tablesByName } from './repository.ts';

/** Table access for the sub-item lists of single-record sections (see repository.ts for the rules). */

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
