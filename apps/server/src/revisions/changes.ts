import type { SectionDef, SectionRecord } from '@bursary/shared';

/** One difference between a version and the one before it; a sub-item names its id. */
export interface FieldChange {
  field: string;
  item_id?: number;
  /** The language of a translated text, when the change is not in the default language. */
  locale?: string;
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
  changes.push(...translationChanges(section, before, after));
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

/** A revision's text in its other languages, by code, as it keeps them under `translations`. */
function translationsOf(record: SectionRecord | undefined): Record<string, SectionRecord> {
  const value = record?.translations;
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, SectionRecord>)
    : {};
}

/**
 * What a change did in each language other than the default: its translated fields, and the texts of its sub-items in
 * that language (the items themselves come and go in the default language).
 */
function translationChanges(
  section: SectionDef,
  before: SectionRecord | undefined,
  after: SectionRecord | undefined,
): FieldChange[] {
  const was = translationsOf(before);
  const is = translationsOf(after);
  const changes: FieldChange[] = [];
  for (const locale of [...new Set([...Object.keys(was), ...Object.keys(is)])].sort()) {
    for (const [field, def] of Object.entries(section.fields)) {
      if (!def.translated) continue;
      const from = was[locale]?.[field] ?? null;
      const to = is[locale]?.[field] ?? null;
      if (!same(from, to)) changes.push({ field, locale, before: from, after: to });
    }
    const sub = section.subItems;
    if (!sub) continue;
    const fromItems = itemTexts(section, was[locale]);
    const toItems = itemTexts(section, is[locale]);
    for (const id of [...new Set([...fromItems.keys(), ...toItems.keys()])].sort((a, b) => a - b)) {
      const from = fromItems.get(id) ?? null;
      const to = toItems.get(id) ?? null;
      if (from !== to) changes.push({ field: sub.field, item_id: id, locale, before: from, after: to });
    }
  }
  return changes;
}
