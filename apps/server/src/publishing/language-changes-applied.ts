import type { Locale, SectionDef, SectionRecord } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { ValidationError } from '../lib/errors.ts';
import type { Languages } from '../locales/catalogue.ts';
import { localeNames } from '../locales/store.ts';
import { writeTranslations } from '../locales/translations-store.ts';
import {
  type PendingTranslation,
  type TranslationChanges,
  pendingTranslationsOf,
  removePendingTranslations,
} from '../pending/pending-translations-store.ts';
import { editorReadIn, localized } from '../records/localized-read.ts';
import { validateRecord } from '../records/record-validation.ts';
import { type CheckedTranslation, clearTranslations, translationColumns } from '../records/translation-writes.ts';
import { nothingPrepared } from '../records/write-columns.ts';
import { checkedForPublishing } from './publish-check.ts';

/**
 * What a language's waiting changes make of a record: the translations they write, checked when saved and again
 * when published, and the record as a read in that language answers it once they are.
 */

/** Shared fields sent in a language's waiting changes: refused, since every language would see them once published. */
function refuseSharedFields(section: SectionDef, values: Record<string, unknown>): void {
  const shared = Object.keys(values).filter((name) => section.fields[name] && !section.fields[name].translated);
  if (shared.length === 0) return;
  throw new ValidationError(
    shared.map((name) => ({
      path: name,
      message: `${name} is shared by all languages: its waiting changes are the default language's, saved without locale`,
    })),
  );
}

/**
 * What a language's waiting changes write, checked as their save checks them (shared fields refused) and then as a
 * write in that language: translated values and their sub-item list against the record's sub-items as they are.
 */
export async function languageColumns(trx: Db, section: SectionDef, record: SectionRecord, write: CheckedTranslation) {
  refuseSharedFields(section, write.values);
  return translationColumns(trx, section, record, write);
}

/** The record in `locale` as it will be answered once that language's waiting changes are published. */
export async function recordWithLanguageChanges(
  db: Db,
  section: SectionDef,
  languages: Languages,
  locale: Locale,
  record: SectionRecord,
  pending: PendingTranslation,
): Promise<SectionRecord> {
  const read = editorReadIn(languages, locale.code);
  const [answer] = await localized(db, section, read, [record], undefined, new Map([[record.id, [pending]]]));
  return answer ?? record;
}

/** A language's waiting changes on a record, with the language (a refusal to publish them names it). */
export interface WaitingLanguage {
  locale: Pick<Locale, 'code' | 'name'>;
  pending: PendingTranslation;
}

/** Every language's waiting changes on a record, in the order of their codes. */
export async function waitingLanguagesOf(db: Db, section: SectionDef, id: number): Promise<WaitingLanguage[]> {
  const sets = await pendingTranslationsOf(db, section, id);
  if (sets.length === 0) return [];
  const names = await localeNames(
    db,
    sets.map((pending) => pending.locale),
  );
  return sets.map((pending) => ({
    locale: { code: pending.locale, name: names.get(pending.locale) ?? pending.locale },
    pending,
  }));
}

/**
 * The body a save in the language would send to make these changes. Sub-item texts are held by item id, so their
 * list is sent in the record's order, the items the record no longer has after it: a list that is no longer the
 * record's items is then refused as that save would be.
 */
function bodyOfLanguageChanges(section: SectionDef, record: SectionRecord, changes: TranslationChanges) {
  const body: Record<string, unknown> = { ...changes.fields };
  const sub = section.subItems;
  const texts = new Map(Object.entries(changes.items).map(([id, text]) => [Number(id), text]));
  if (!sub || texts.size === 0) return body;
  const live = Array.isArray(record[sub.field])
    ? (record[sub.field] as Record<string, unknown>[]).map((item) => Number(item.id))
    : [];
  const order = [...live.filter((id) => texts.has(id)), ...[...texts.keys()].filter((id) => !live.includes(id))];
  body[sub.field] = order.map((id) => ({ id, [sub.itemKey]: texts.get(id) }));
  return body;
}

/**
 * Writes a language's waiting changes into its translations and drops them, in the caller's transaction, once they
 * pass the checks a save in that language would make now (the registry's rules, rich text cleaned again, the
 * sub-item list against the record's). `record` is the record as it now is, the default language's changes applied.
 * Throws ValidationError, with the publish's sentence, when they no longer pass.
 */
export async function applyLanguageChanges(
  trx: Db,
  section: SectionDef,
  record: SectionRecord,
  { locale, pending }: WaitingLanguage,
  now: string,
): Promise<void> {
  const columns = await checkedForPublishing(async () => {
    const body = bodyOfLanguageChanges(section, record, pending.changes);
    const valid = validateRecord(section, 'update', { body, uploads: new Map() }, 'other');
    return languageColumns(trx, section, record, { values: valid, prepared: nothingPrepared(), alts: new Map() });
  }, locale);
  await writeTranslations(trx, section, record.id, locale.code, columns.values, now);
  await clearTranslations(trx, section, record.id, locale.code, columns);
  await removePendingTranslations(trx, section, record.id, locale.code);
}
