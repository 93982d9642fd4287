import type { SectionDef } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { planIndependent } from '../db/plan-independent.ts';
import { preparedQuery } from '../db/prepared-query.ts';

/**
 * The values a language's waiting changes will write once published: the record's translated fields by name and its
 * sub-items' texts by item id. Null clears the language's value, so the field falls back again.
 */
export interface TranslationChanges {
  fields: Record<string, string | null>;
  items: Record<string, string | null>;
}

/** The changes waiting on a record in one language other than the default. */
export interface PendingTranslation {
  locale: string;
  changes: TranslationChanges;
  version: number;
  etag: string;
  username: string;
  updated_at: string;
}

/** Their own tag, never equal to the record's nor the default language's waiting changes' (`"c3-2"`). */
const pendingEtagOf = (id: number, locale: string, version: number): string => `"c${id}.${locale}-${version}"`;

type Row = {
  record_id: number | string;
  locale: string;
  changes: string;
  version: number | string;
  username: string;
  updated_at: string;
};

const fromRow = (row: Row): PendingTranslation => {
  const version = Number(row.version);
  return {
    locale: row.locale,
    changes: JSON.parse(row.changes) as TranslationChanges,
    version,
    etag: pendingEtagOf(Number(row.record_id), row.locale, version),
    username: row.username,
    updated_at: row.updated_at,
  };
};

/**
 * A record's waiting changes, in every language. Read in the order of the languages too, where SQLite's planner would
 * look at bare values (db/plan-independent.ts).
 */
const ofRecord = (db: Db, section: string, id: number) =>
  db
    .selectFrom('pending_translations')
    .selectAll()
    .where('section', '=', planIndependent(db, section))
    .where('record_id', '=', planIndependent(db, id));

/** Every write's revision reads them: compiled once. */
const everyLanguageOf = preparedQuery((db: Db, section: string, id: number) =>
  ofRecord(db, section, id).orderBy('locale'),
);

export async function findPendingTranslation(
  db: Db,
  section: SectionDef,
  id: number,
  locale: string,
): Promise<PendingTranslation | undefined> {
  const row = await ofRecord(db, section.slug, id).where('locale', '=', locale).executeTakeFirst();
  return row && fromRow(row);
}

/** Every language's waiting changes on a record, in the order of their codes. */
export async function pendingTranslationsOf(db: Db, section: SectionDef, id: number): Promise<PendingTranslation[]> {
  return (await everyLanguageOf(db, section.slug, id)).rows.map(fromRow);
}

/** The records of a page that have waiting changes in some language; with `locale`, in that one, with them. */
export async function pendingTranslationsIn(
  db: Db,
  section: SectionDef,
  ids: readonly number[],
  locale?: string,
): Promise<Map<number, PendingTranslation[]>> {
  const byRecord = new Map<number, PendingTranslation[]>();
  if (ids.length === 0) return byRecord;
  let query = db
    .selectFrom('pending_translations')
    .selectAll()
    .where('section', '=', section.slug)
    .where('record_id', 'in', ids);
  if (locale !== undefined) query = query.where('locale', '=', locale);
  for (const row of await query.execute()) {
    const id = Number(row.record_id);
    byRecord.set(id, [...(byRecord.get(id) ?? []), fromRow(row)]);
  }
  return byRecord;
}

/**
 * Saves a record's waiting changes in a language, a new set or over the one it has. With `expectedVersion` the save
 * lands only on that version of them; undefined answers that it did not land.
 */
export async function putPendingTranslation(
  trx: Db,
  section: SectionDef,
  id: number,
  locale: string,
  change: { changes: TranslationChanges; username: string; now: string },
  expectedVersion?: number,
): Promise<PendingTranslation | undefined> {
  const values = { changes: JSON.stringify(change.changes), username: change.username, updated_at: change.now };
  if (expectedVersion !== undefined) {
    const row = await trx
      .updateTable('pending_translations')
      .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
      .where('section', '=', section.slug)
      .where('record_id', '=', id)
      .where('locale', '=', locale)
      .where('version', '=', expectedVersion)
      .returningAll()
      .executeTakeFirst();
    return row && fromRow(row);
  }
  const row = await trx
    .insertInto('pending_translations')
    .values({ section: section.slug, record_id: id, locale, version: 1, ...values })
    .onConflict((oc) =>
      oc
        .columns(['section', 'record_id', 'locale'])
        .doUpdateSet((eb) => ({ ...values, version: eb('pending_translations.version', '+', 1) })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

/**
 * Removes a record's waiting changes: in one language (at `expectedVersion` when given), or in every language when
 * left out. Answers how many sets went.
 */
export async function removePendingTranslations(
  trx: Db,
  section: SectionDef,
  id: number,
  locale?: string,
  expectedVersion?: number,
): Promise<number> {
  let remove = trx.deleteFrom('pending_translations').where('section', '=', section.slug).where('record_id', '=', id);
  if (locale !== undefined) remove = remove.where('locale', '=', locale);
  if (expectedVersion !== undefined) remove = remove.where('version', '=', expectedVersion);
  return Number((await remove.executeTakeFirst()).numDeletedRows);
}

/** Removes one language's waiting changes on every record (the language is deleted). */
export async function removeLanguagePending(trx: Db, locale: string): Promise<void> {
  await trx.deleteFrom('pending_translations').where('locale', '=', locale).execute();
}
