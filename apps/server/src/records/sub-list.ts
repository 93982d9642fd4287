import type { SectionDef, SubItems } from '@bursary/shared';
import { ValidationError } from '../lib/errors.ts';
import type { Db } from '../db/types.ts';
import { insertItem, listItems, updateItem } from './sub-item-repository.ts';

export interface SentItem {
  id?: number | undefined;
  text: string;
}
export interface ItemChange {
  id: number;
  text: string;
  action: 'create' | 'update';
}

/** A sent list of `{ id?, [itemKey] }` as id and text. */
export function sentItems(sub: SubItems, list: unknown): SentItem[] {
  if (!Array.isArray(list)) return [];
  return list.map((item: Record<string, unknown>) => ({
    id: typeof item.id === 'number' ? item.id : undefined,
    text: String(item[sub.itemKey] ?? ''),
  }));
}

/** Refuses a sent list naming an item the record does not have, or one item twice; answers the ids it names. */
export function checkSentIds(sub: SubItems, existing: ReadonlySet<number>, sent: SentItem[]): Set<number> {
  const seen = new Set<number>();
  const issues = sent.flatMap((item, index) => {
    if (item.id === undefined) return [];
    const path = `${sub.field}.${index}.id`;
    if (!existing.has(item.id)) return [{ path, message: `${sub.field} has no ${sub.itemKey} with id ${item.id}` }];
    if (seen.has(item.id)) return [{ path, message: `${sub.itemKey} ${item.id} is listed twice` }];
    seen.add(item.id);
    return [];
  });
  if (issues.length) throw new ValidationError(issues);
  return seen;
}

/**
 * Applies a sent list to a record's sub-items (the sub-item edit): items with an id take the
 * sent text, items without one are created, the sent order becomes the order, and items the list
 * does not mention are kept after it, so a stale list never loses an item.
 */
export async function applySubList(
  trx: Db,
  section: SectionDef,
  sub: SubItems,
  parentId: number,
  sent: SentItem[],
  now: string,
): Promise<ItemChange[]> {
  const existing = (await listItems(trx, section, sub, [parentId])).get(parentId) ?? [];
  const byId = new Map(existing.map((item) => [item.id, item]));
  const seen = checkSentIds(sub, new Set(byId.keys()), sent);

  const changes: ItemChange[] = [];
  let position = 0;
  for (const item of sent) {
    const old = item.id === undefined ? undefined : byId.get(item.id);
    if (!old) {
      const id = await insertItem(trx, section, sub, { parentId, position, text: item.text }, now);
      changes.push({ id, text: item.text, action: 'create' });
    } else {
      const textChanged = old.text !== item.text;
      if (textChanged || old.position !== position) {
        await updateItem(trx, section, sub, old.id, { position, ...(textChanged ? { text: item.text } : {}) }, now);
      }
      if (textChanged) changes.push({ id: old.id, text: item.text, action: 'update' });
    }
    position += 1;
  }
  for (const old of existing) {
    if (seen.has(old.id)) continue;
    if (old.position !== position) await updateItem(trx, section, sub, old.id, { position }, now);
    position += 1;
  }
  return changes;
}
