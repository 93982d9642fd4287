import type { SectionDef } from '@bursary/shared';
import { sql } from 'kysely';
import type { Db } from '../db/types.ts';
import { preparedQuery } from '../db/prepared-query.ts';

/** The `item_id` of a record's own fields: sub-items have ids from 1. */
export const RECORD_ITSELF = 0;

/** One translated value: of a record's field (item 0) or of a sub-item's text. */
export interface Translation {
  recordId: number;
  itemId: number;
  locale: string;
  field: string;
  value: string;
  /** The fingerprint of the default language's value it was made from; null when written before they were kept. */
  source: string | null;
}

const TRANSLATION_COLUMNS = ['record_id', 'item_id', 'locale', 'field', 'value', 'source'] as const;

/** One record's translations in every language: what every write's revision reads, compiled once. */
const ofOneRecord = preparedQuery((db: Db, section: string, recordId: number) =>
  db
    .selectFrom('translations')
    .select(TRANSLATION_COLUMNS)
    .where('section', '=', section)
    .where('record_id', '=', recordId),
);

/** Some records' translations, in some languages only when `locales` names them. */
function translationsOf(db: Db, section: SectionDef, recordIds: readonly number[], locales?: readonly string[]) {
  const query = db
    .selectFrom('translations')
    .select(TRANSLATION_COLUMNS)
    .where('section', '=', section.slug)
    .where('record_id', 'in', recordIds);
  return locales ? query.where('locale', 'in', locales) : query;
}

/** The stored translations of some records, in the given languages (every language when left out). */
export async function readTranslations(
  db: Db,
  section: SectionDef,
  recordIds: readonly number[],
  locales?: readonly string[],
): Promise<Translation[]> {
  if (recordIds.length === 0 || locales?.length === 0) return [];
  const [only] = recordIds;
  const rows =
    only !== undefined && recordIds.length === 1 && !locales
      ? (await ofOneRecord(db, section.slug, only)).rows
      : await translationsOf(db, section, recordIds, locales).execute();
  return rows.map((row) => ({
    recordId: Number(row.record_id),
    itemId: Number(row.item_id),
    locale: row.locale,
    field: row.field,
    value: row.value,
    source: row.source,
  }));
}

/**
 * Writes one language's values of a record (and its sub-items), each replacing the one stored, with the fingerprint
 * of the default language's value it was made from. A value sent again unchanged keeps the fingerprint it had: saving
 * a form in a language does not pass an outdated text it left as it was for an updated one.
 */
export async function writeTranslations(
  trx: Db,
  section: SectionDef,
  recordId: number,
  locale: string,
  values: readonly { itemId: number; field: string; value: string; source?: string }[],
  now: string,
): Promise<void> {
  if (values.length === 0) return;
  await trx
    .insertInto('translations')
    .values(
      values.map((v) => ({
        section: section.slug,
        record_id: recordId,
        item_id: v.itemId,
        locale,
        field: v.field,
        value: v.value,
        updated_at: now,
        source: v.source ?? null,
      })),
    )
    .onConflict((c) =>
      c.columns(['section', 'record_id', 'locale', 'item_id', 'field']).doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        updated_at: eb.ref('excluded.updated_at'),
        source: sql<
          string | null
        >`case when translations.value = excluded.value then translations.source else excluded.source end`,
      })),
    )
    .execute();
}

/**
 * Removes a record's translations: in one language (of one of the record's own fields), or in every language when
 * left out. Answers how many went.
 */
export async function deleteTranslations(
  trx: Db,
  section: SectionDef,
  recordId: number,
  locale?: string,
  field?: string,
): Promise<number> {
  let remove = trx.deleteFrom('translations').where('section', '=', section.slug).where('record_id', '=', recordId);
  if (locale !== undefined) remove = remove.where('locale', '=', locale);
  if (field !== undefined) remove = remove.where('item_id', '=', RECORD_ITSELF).where('field', '=', field);
  return Number((await remove.executeTakeFirst()).numDeletedRows);
}

/** Removes the translations of sub-items: in one language, or in every language (items a record no longer has). */
export async function deleteItemTranslations(
  trx: Db,
  section: SectionDef,
  recordId: number,
  itemIds: readonly number[],
  locale?: string,
): Promise<void> {
  if (itemIds.length === 0) return;
  let remove = trx
    .deleteFrom('translations')
    .where('section', '=', section.slug)
    .where('record_id', '=', recordId)
    .where('item_id', 'in', itemIds);
  if (locale !== undefined) remove = remove.where('locale', '=', locale);
  await remove.execute();
}

/** The records, by section, that have a translation in a language. */
export async function recordsTranslatedIn(trx: Db, locale: string): Promise<Map<string, number[]>> {
  const rows = await trx
    .selectFrom('translations')
    .select(['section', 'record_id'])
    .distinct()
    .where('locale', '=', locale)
    .orderBy('section')
    .orderBy('record_id')
    .execute();
  const bySection = new Map<string, number[]>();
  for (const row of rows) bySection.set(row.section, [...(bySection.get(row.section) ?? []), Number(row.record_id)]);
  return bySection;
}

/**
 * Marks translations as made from the default language's current values: each target's fingerprint becomes the one
 * given. Answers how many changed (a translation already current, or missing, changes nothing).
 */
export async function markTranslationsCurrent(
  trx: Db,
  section: SectionDef,
  recordId: number,
  locale: string,
  targets: readonly { itemId: number; field: string; source: string }[],
): Promise<number> {
  let changed = 0;
  for (const target of targets) {
    const result = await trx
      .updateTable('translations')
      .set({ source: target.source })
      .where('section', '=', section.slug)
      .where('record_id', '=', recordId)
      .where('locale', '=', locale)
      .where('item_id', '=', target.itemId)
      .where('field', '=', target.field)
      .where((eb) => eb.or([eb('source', 'is', null), eb('source', '!=', target.source)]))
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}
