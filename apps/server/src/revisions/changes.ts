import type { SectionDef, SectionRecord } from '@bursary/shared';

/** One difference between a version and the one before it; a sub-item names its id. */
export interface FieldChange {
  field: string;
  item_id?: number;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function itemTexts(section: SectionDef, record: SectionRecord | undefined): Map<number, string> {
  const sub = section.subItems;
  const list =
    sub && record && Array.isArray(record[sub.field]) ? (record[sub.field] as Record<string, unknown>[]) : [];
  return new Map(list.map((item) => [Number(item.id), String(item[sub?.itemKey ?? ''] ?? '')]));
}

/**
 * What a change did, field by field, against the version before it (undefined: there was none);
 * `after` undefined means the record was deleted. Sub-items come as items added, removed or changed.
 */
export function changesBetween(
  section: SectionDef,
  before: SectionRecord | undefined,
  after: SectionRecord | undefined,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(section.fields)) {
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (!same(was, is)) changes.push({ field, before: was, after: is });
  }
  const sub = section.subItems;
  if (!sub) return changes;
  const was = itemTexts(section, before);
  const is = itemTexts(section, after);
  for (const [id, text] of is) {
    if (was.get(id) !== text) changes.push({ field: sub.field, item_id: id, before: was.get(id) ?? null, after: text });
  }
  for (const [id, text] of was)
    if (!is.has(id)) changes.push({ field: sub.field, item_id: id, before: text, after: null });
  return changes;
}
