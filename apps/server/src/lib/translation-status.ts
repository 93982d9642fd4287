import { createHash } from 'node:crypto';
import { type SectionDef, translatedFieldsOf } from '@bursary/shared';

/**
 * The fingerprint of a default-language value, kept beside each translation made from it. Comparing fingerprints
 * rather than times tells an outdated translation from a current one even when both writes share a clock tick, and
 * whichever instance's clock wrote them.
 */
export function sourceOf(value: unknown): string {
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/** A stored translation as the status reads it: where it belongs, and the fingerprint it was made from. */
export interface TranslationSource {
  itemId: number;
  locale: string;
  field: string;
  /** Null: written before fingerprints were kept, counted current. */
  source: string | null;
}

/** What a language lacks of a record or sub-item: translated fields with no value, and values made from an older text. */
export interface LanguageStatus {
  missing: string[];
  outdated: string[];
}

export type StatusByLanguage = Record<string, LanguageStatus>;

/** Whether a value is text a reader sees: a translation that is empty is no translation. */
export const hasText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

type Item = Record<string, unknown>;

/**
 * The translation status of one record in each of `codes` (languages other than the default), from its
 * default-language values and its stored translations. A field empty in the default language has nothing to
 * translate. A sub-item text missing or outdated names the sub-item list on the record, and the text on the item.
 */
export function translationStatusOf(
  section: SectionDef,
  record: Item,
  stored: readonly TranslationSource[],
  codes: readonly string[],
): { record: StatusByLanguage; items: Map<number, StatusByLanguage> } {
  const byKey = new Map(stored.map((t) => [`${t.itemId}\u0000${t.locale}\u0000${t.field}`, t.source]));
  const empty = () =>
    Object.fromEntries(codes.map((code) => [code, { missing: [], outdated: [] }])) as StatusByLanguage;
  /** Adds `field` to the status of one value in every language, answering the languages it is lacking in. */
  const judge = (status: StatusByLanguage, itemId: number, field: string, value: unknown, named = field) => {
    const lacking: { code: string; kind: keyof LanguageStatus }[] = [];
    if (!hasText(value)) return lacking;
    const current = sourceOf(value);
    for (const code of codes) {
      const key = `${itemId}\u0000${code}\u0000${field}`;
      const entry = status[code]!;
      if (!byKey.has(key)) {
        entry.missing.push(named);
        lacking.push({ code, kind: 'missing' });
      } else {
        const source = byKey.get(key);
        if (source !== null && source !== current) {
          entry.outdated.push(named);
          lacking.push({ code, kind: 'outdated' });
        }
      }
    }
    return lacking;
  };
  const own = empty();
  for (const field of translatedFieldsOf(section.fields)) judge(own, 0, field, record[field]);
  const items = new Map<number, StatusByLanguage>();
  const sub = section.subItems;
  if (sub && Array.isArray(record[sub.field])) {
    for (const item of record[sub.field] as Item[]) {
      const id = Number(item.id);
      const status = empty();
      for (const { code, kind } of judge(status, id, sub.itemKey, item[sub.itemKey]))
        if (!own[code]![kind].includes(sub.field)) own[code]![kind].push(sub.field);
      items.set(id, status);
    }
  }
  return { record: own, items };
}
