import { type SectionDef, type SectionRecord, translatedFieldsOf } from '@bursary/shared';

/**
 * A translated field's text in one language, from a read in every language (`?locale=*`), where it is an object by
 * code: `{"en": "…", "fr": "…"}`; null when that language has none. A plain value is the default language's only.
 */
export function textIn(value: unknown, code: string, isDefault: boolean): string | null {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const text = (value as Record<string, unknown>)[code];
    return typeof text === 'string' ? text : null;
  }
  if (!isDefault) return null;
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : null;
}

/** The record with each translated field (sub-items' texts too) in one language, as the generic form reads it. */
export function recordIn(section: SectionDef, record: SectionRecord, code: string, isDefault: boolean): SectionRecord {
  const copy: SectionRecord = { ...record };
  for (const name of translatedFieldsOf(section.fields)) copy[name] = textIn(record[name], code, isDefault);
  const sub = section.subItems;
  if (sub && Array.isArray(record[sub.field]))
    copy[sub.field] = (record[sub.field] as unknown[]).map((item) =>
      typeof item === 'object' && item !== null
        ? { ...item, [sub.itemKey]: textIn((item as Record<string, unknown>)[sub.itemKey], code, isDefault) }
        : item,
    );
  return copy;
}

const fellBack = (target: Record<string, unknown>): string[] =>
  Array.isArray(target.fallback_fields) ? target.fallback_fields.filter((n): n is string => typeof n === 'string') : [];

/**
 * A record read in one language (`?locale=CODE`) with the text it showed from another language (its `fallback_fields`)
 * left blank, as the form edits that language's own text.
 */
function withoutFallbacks(section: SectionDef, record: SectionRecord): SectionRecord {
  const copy: SectionRecord = { ...record };
  for (const name of fellBack(record)) copy[name] = null;
  const sub = section.subItems;
  if (sub && Array.isArray(record[sub.field]))
    copy[sub.field] = (record[sub.field] as unknown[]).map((item) => {
      if (typeof item !== 'object' || item === null) return item;
      const own = item as Record<string, unknown>;
      return fellBack(own).includes(sub.itemKey) ? { ...own, [sub.itemKey]: null } : own;
    });
  return copy;
}

/**
 * What a record's form in a language other than the default edits: that language's waiting changes when it has some
 * (as the default language's form edits its own), else its live text.
 */
export function editedIn(
  section: SectionDef,
  record: SectionRecord,
  code: string,
  waiting?: SectionRecord,
): SectionRecord {
  return waiting ? withoutFallbacks(section, waiting) : recordIn(section, record, code, false);
}

/** What a list record says of its translations, when the server sends it: `{fr: {missing: [...], outdated: [...]}}`. */
export interface TranslationState {
  missing: string[];
  outdated: string[];
}

export function translationsOf(record: SectionRecord): Record<string, TranslationState> | null {
  const value = record.translations;
  if (typeof value !== 'object' || value === null) return null;
  const states: Record<string, TranslationState> = {};
  for (const [code, state] of Object.entries(value as Record<string, unknown>)) {
    const s = (state ?? {}) as Record<string, unknown>;
    const names = (list: unknown) =>
      Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : [];
    states[code] = { missing: names(s.missing), outdated: names(s.outdated) };
  }
  return states;
}
