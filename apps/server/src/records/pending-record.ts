import type { SectionDef, SectionRecord, SubItems } from '@bursary/shared';
import { columnOf, timestampKeys } from '../db/naming.ts';
import type { Db } from '../db/types.ts';
import { checkSentIds, sentItems } from './sub-list.ts';
import { type PreparedWrite, toColumns } from './write-columns.ts';

/** A record's sub-item list as answered: `{ id, [itemKey] }`; an item the waiting changes add has no id yet. */
type ItemWire = Record<string, unknown>;

const itemsOf = (sub: SubItems, record: SectionRecord): ItemWire[] =>
  Array.isArray(record[sub.field]) ? (record[sub.field] as ItemWire[]) : [];

/**
 * A sent list as the record will hold it once published, with the rules of a live save: an item with an
 * id is one the live record has, one without is added, the sent order is the order, and the live items
 * the list does not mention are kept after it.
 */
function waitingItems(sub: SubItems, live: SectionRecord, list: unknown): ItemWire[] {
  const sent = sentItems(sub, list);
  const liveItems = itemsOf(sub, live);
  const seen = checkSentIds(sub, new Set(liveItems.map((item) => Number(item.id))), sent);
  return [
    ...sent.map((item) =>
      item.id === undefined ? { [sub.itemKey]: item.text } : { id: item.id, [sub.itemKey]: item.text },
    ),
    ...liveItems.filter((item) => !seen.has(Number(item.id))),
  ];
}

/**
 * The waiting changes a save makes: `base` (the changes already waiting, or else the live record) with the
 * sent fields over it, stored as a live save would store them (rich text cleaned, uploads stored as media,
 * media URLs checked), as the record will be answered once published.
 */
export async function pendingRecordOf(
  trx: Db,
  section: SectionDef,
  change: { live: SectionRecord; base: SectionRecord; values: Record<string, unknown>; prepared: PreparedWrite },
  now: string,
): Promise<SectionRecord> {
  const columns = await toColumns(trx, section, change.values, change.prepared, 'update');
  const record: SectionRecord = { ...change.base, id: change.live.id };
  for (const name of Object.keys(section.fields)) {
    const column = columnOf(name);
    if (Object.hasOwn(columns, column)) record[name] = columns[column] ?? null;
  }
  const sub = section.subItems;
  if (sub && change.values[sub.field] !== undefined)
    record[sub.field] = waitingItems(sub, change.live, change.values[sub.field]);
  const keys = timestampKeys(section);
  record[keys.created] = change.live[keys.created];
  record[keys.updated] = now;
  return record;
}

/** The body a full save of the record would send: every field and the sub-item list, to check it again. */
export function bodyOf(section: SectionDef, record: SectionRecord): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(section.fields)) body[name] = record[name] ?? null;
  const sub = section.subItems;
  if (sub && Array.isArray(record[sub.field])) body[sub.field] = record[sub.field];
  return body;
}

/**
 * The record a preview answers: the waiting changes over it. Items they add have no id until published;
 * they are answered with negative ones (-1, -2, …) so every item of a list has an id to key it by.
 */
export function withPending(section: SectionDef, record: SectionRecord, pending: SectionRecord): SectionRecord {
  const merged: SectionRecord = { ...record };
  for (const name of Object.keys(section.fields)) merged[name] = pending[name] ?? null;
  const sub = section.subItems;
  if (sub) {
    let next = 0;
    merged[sub.field] = itemsOf(sub, pending).map((item) =>
      typeof item.id === 'number' ? item : { id: (next -= 1), [sub.itemKey]: item[sub.itemKey] },
    );
  }
  const keys = timestampKeys(section);
  merged[keys.updated] = pending[keys.updated] ?? record[keys.updated];
  return merged;
}
