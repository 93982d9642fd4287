import type { SectionDef, SectionRecord } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { RECORD_ITSELF, readTranslations } from '../locales/translations-store.ts';
import { type TranslationChanges, pendingTranslationsOf } from '../pending/pending-translations-store.ts';

/**
 * A record's values in its other languages, as a revision keeps them: by language, the translated fields as the
 * record carries them and the sub-item list as `[{ id, [itemKey] }]` for the items translated. Undefined when the
 * record has none, so a revision of a record in one language keeps the format it always had.
 */
type RevisionTranslations = Record<string, Record<string, unknown>>;

/** The changes waiting on a record in its other languages, as a revision keeps them: by language, as stored. */
type RevisionLanguageChanges = Record<string, TranslationChanges>;

/** What a revision keeps of a record's other languages: their values and the changes waiting in them. */
export interface RevisionLanguages {
  translations?: RevisionTranslations;
  pending_translations?: RevisionLanguageChanges;
}

async function translationsOf(db: Db, section: SectionDef, recordId: number) {
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

async function languageChangesOf(db: Db, section: SectionDef, recordId: number) {
  const sets = await pendingTranslationsOf(db, section, recordId);
  if (sets.length === 0) return undefined;
  return Object.fromEntries(sets.map((set) => [set.locale, set.changes])) as RevisionLanguageChanges;
}

/** A record's other languages as a revision keeps them, read in the change's transaction. */
export async function revisionLanguagesOf(db: Db, section: SectionDef, recordId: number): Promise<RevisionLanguages> {
  const translations = await translationsOf(db, section, recordId);
  const pending = await languageChangesOf(db, section, recordId);
  return { ...(translations ? { translations } : {}), ...(pending ? { pending_translations: pending } : {}) };
}

/** The record as a revision keeps it: with `translations` and `pending_translations` when it has some. */
export const withRevisionLanguages = (record: SectionRecord, languages: RevisionLanguages): SectionRecord => ({
  ...record,
  ...languages,
});
