import type { SectionDef, SectionRecord } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { RECORD_ITSELF, readTranslations } from '../locales/translations-store.ts';

/**
 * A record's values in its other languages, as a revision keeps them: by language, the translated fields as the
 * record carries them and the sub-item list as `[{ id, [itemKey] }]` for the items translated. Undefined when the
 * record has none, so a revision of a record in one language keeps the format it always had.
 */
export type RevisionTranslations = Record<string, Record<string, unknown>>;

export async function revisionTranslationsOf(
  db: Db,
  section: SectionDef,
  recordId: number,
): Promise<RevisionTranslations | undefined> {
  const rows = await readTranslations(db, section, [recordId]);
  if (rows.length === 0) return undefined;
  const byLocale: RevisionTranslations = {};
  const sub = section.subItems;
  for (const row of rows.sort((a, b) => a.locale.localeCompare(b.locale) || a.itemId - b.itemId)) {
    const values = (byLocale[row.locale] ??= {});
    if (row.itemId === RECORD_ITSELF) values[row.field] = row.value;
    else if (sub) ((values[sub.field] ??= []) as unknown[]).push({ id: row.itemId, [sub.itemKey]: row.value });
  }
  return byLocale;
}

/** The record as a revision keeps it: with `translations` when it has some. */
export const withRevisionTranslations = (
  record: SectionRecord,
  translations: RevisionTranslations | undefined,
): SectionRecord => (translations ? { ...record, translations } : record);
