import type { Locale, SectionDef, SectionRecord, SubItems } from '@bursary/shared';
import type { Config } from '../config/config.ts';
import { summary } from '../audit/log-writes.ts';
import { columnOf } from '../db/naming.ts';
import type { Db } from '../db/types.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { nowIso } from '../lib/clock.ts';
import { ConflictError, ValidationError } from '../lib/errors.ts';
import { hasText, sourceOf } from '../lib/translation-status.ts';
import { ownName } from '../locales/codes.ts';
import {
  RECORD_ITSELF,
  deleteItemTranslations,
  deleteTranslations,
  writeTranslations,
} from '../locales/translations-store.ts';
import { holdLanguage } from '../locales/store.ts';
import { type AltTexts, applyAltTexts, takeAltTexts } from './image-alt.ts';
import type { RawInput } from './raw-input.ts';
import type { ReadRecord } from './read.ts';
import { takeStatus, validateRecord } from './record-validation.ts';
import { rereadAndCommit, writeRecordRow } from './commit-change.ts';
import type { Row } from './repository.ts';
import { sentItems } from './sub-list.ts';
import { type PreparedWrite, prepareWrite, toColumns } from './write-columns.ts';
import { checkIfMatch, type WriteContext } from './write-concurrency.ts';

/**
 * One value a write in a language stores: of the record itself (item 0) or of one of its sub-items, with the
 * fingerprint of the default language's value it is a translation of.
 */
type TranslatedValue = { itemId: number; field: string; value: string; source: string };

/** A write in a language, checked and prepared before its transaction as a write in the default language is. */
export interface CheckedTranslation {
  values: Record<string, unknown>;
  prepared: PreparedWrite;
  /** The images' alternative text in the language (`F_alt`), by image field. */
  alts: AltTexts;
}

/**
 * The body of a write in a language other than the default: validated and sanitised exactly as the default
 * language's (the same registry rules, the same rich-text cleaning and image checks). A record's status is the
 * record's own: it is written without a language. An image's alternative text (`F_alt`) is the image's, in the
 * language written.
 */
export async function checkTranslationWrite(
  config: Config,
  section: SectionDef,
  raw: RawInput,
): Promise<CheckedTranslation> {
  const { status, input } = takeStatus(raw);
  if (status !== undefined)
    throw new ValidationError([
      { path: 'status', message: 'status is the record’s in every language: send it without locale' },
    ]);
  const { alts, input: fields } = takeAltTexts(section, input);
  const values = validateRecord(section, 'update', fields, 'other');
  return { values, prepared: await prepareWrite(config, section, values, fields.uploads), alts };
}

const sameListRefusal = (sub: SubItems, what: string) =>
  new ValidationError([
    {
      path: sub.field,
      message: `In another language, ${sub.field} is the same items in the same order as in the default language: send each with its id, ${what}. Add, remove or reorder ${sub.field} in the default language.`,
    },
  ]);

/**
 * A sub-item list sent in a language: exactly the record's items, in their order; only their text is the language's.
 * An item sent empty has no text in the language (`cleared`, by item id): it falls back, as a field sent empty does.
 */
function itemTranslations(
  sub: SubItems,
  record: SectionRecord,
  list: unknown,
): { values: TranslatedValue[]; cleared: number[] } {
  const items = Array.isArray(record[sub.field]) ? (record[sub.field] as Record<string, unknown>[]) : [];
  const live = items.map((item) => Number(item.id));
  const sent = sentItems(sub, list);
  if (sent.some((item) => item.id === undefined)) throw sameListRefusal(sub, 'adding none');
  if (sent.length !== live.length) throw sameListRefusal(sub, 'leaving none out');
  if (sent.some((item, index) => item.id !== live[index])) throw sameListRefusal(sub, 'in their order');
  const values: TranslatedValue[] = [];
  const cleared: number[] = [];
  sent.forEach((item, index) => {
    if (!hasText(item.text)) cleared.push(item.id!);
    else
      values.push({
        itemId: item.id!,
        field: sub.itemKey,
        value: item.text,
        source: sourceOf(items[index]?.[sub.itemKey]),
      });
  });
  return { values, cleared };
}

/** What a checked write in a language stores; what it clears (sent empty) falls back again. */
interface TranslationColumns {
  /** The shared fields' columns: one value for every language. */
  shared: Row;
  /** This language's translated values, of the record and of its sub-items. */
  values: TranslatedValue[];
  /** The record's translated fields this language no longer has text for. */
  cleared: string[];
  /** The sub-items (by id) this language no longer has text for. */
  clearedItems: number[];
}

/** What a checked write in a language stores, in the caller's transaction. */
export async function translationColumns(
  trx: Db,
  section: SectionDef,
  current: SectionRecord,
  write: CheckedTranslation,
): Promise<TranslationColumns> {
  const columns = await toColumns(trx, section, write.values, write.prepared, 'update');
  const shared: Row = {};
  const values: TranslatedValue[] = [];
  const cleared: string[] = [];
  for (const [name, def] of Object.entries(section.fields)) {
    const column = columnOf(name);
    if (!Object.hasOwn(columns, column)) continue;
    const value = columns[column];
    if (!def.translated) shared[column] = value;
    else if (hasText(value))
      values.push({ itemId: RECORD_ITSELF, field: name, value, source: sourceOf(current[name]) });
    else cleared.push(name);
  }
  const sub = section.subItems;
  const items =
    sub && write.values[sub.field] !== undefined
      ? itemTranslations(sub, current, write.values[sub.field])
      : { values: [], cleared: [] };
  return { shared, values: [...values, ...items.values], cleared, clearedItems: items.cleared };
}

/** Removes the values a write in a language cleared, in the caller's transaction: they fall back again. */
export async function clearTranslations(
  trx: Db,
  section: SectionDef,
  recordId: number,
  locale: string,
  { cleared, clearedItems }: Pick<TranslationColumns, 'cleared' | 'clearedItems'>,
): Promise<void> {
  for (const field of cleared) await deleteTranslations(trx, section, recordId, locale, field);
  await deleteItemTranslations(trx, section, recordId, clearedItems, locale);
}

/**
 * PUT of a record (or of a single-record section's sub-items) in a language other than the default: an ordinary
 * write, with If-Match, in one transaction, its log row naming the language, its revision holding every language
 * and its webhook events carrying `data.locale` (null when only shared fields changed).
 */
export async function writeInLanguage(
  ctx: WriteContext,
  section: SectionDef,
  locale: Locale,
  find: (trx: Db) => Promise<ReadRecord>,
  write: CheckedTranslation,
): Promise<ReadRecord> {
  return writeTransaction(ctx.db, async (trx) => {
    await holdLanguage(trx, locale.code);
    const current = await find(trx);
    checkIfMatch(section, ctx.ifMatch, current);
    const id = current.record.id;
    const now = nowIso();
    const columns = await translationColumns(trx, section, current.record, write);
    const { shared, values, cleared, clearedItems } = columns;
    const expected = ctx.ifMatch === undefined ? undefined : current.version;
    await writeRecordRow(trx, section, id, shared, now, expected);
    await writeTranslations(trx, section, id, locale.code, values, now);
    await clearTranslations(trx, section, id, locale.code, columns);
    const content = `${summary(section.singular, current.record[section.titleField], 'update', id)} (${locale.name})`;
    const log = { action: 'update' as const, content, section: section.slug, recordId: id, username: ctx.username };
    const written = values.length > 0 || cleared.length > 0 || clearedItems.length > 0 ? locale.code : null;
    const read = await rereadAndCommit(trx, ctx, 'translation', section, id, [log], now, written);
    await applyAltTexts(trx, ctx, write.alts, read.record, { section, id }, locale.code);
    return read;
  });
}

/** A revision's translations, checked and prepared as writes in their languages would be today, by language. */
export async function checkRevisionTranslations(
  config: Config,
  section: SectionDef,
  translations: unknown,
): Promise<Map<string, CheckedTranslation>> {
  const checked = new Map<string, CheckedTranslation>();
  if (typeof translations !== 'object' || translations === null) return checked;
  const kept = new Set([...Object.keys(section.fields).filter((name) => section.fields[name]?.translated)]);
  if (section.subItems) kept.add(section.subItems.field);
  for (const [code, values] of Object.entries(translations as Record<string, unknown>)) {
    if (typeof values !== 'object' || values === null) continue;
    const body = Object.fromEntries(Object.entries(values).filter(([name]) => kept.has(name)));
    const valid = validateRecord(section, 'update', { body, uploads: new Map() }, 'other');
    checked.set(code, {
      values: valid,
      prepared: await prepareWrite(config, section, valid, new Map()),
      alts: new Map(),
    });
  }
  return checked;
}

/**
 * A version's text in a language the website no longer has is refused rather than dropped: restoring it would lose
 * that text without a word, and adding the language again (hidden from the website at first) brings it back whole.
 */
function languagesGone(codes: readonly string[]): ConflictError {
  const named = codes.map((code) => `${ownName(code)} (${code})`).join(', ');
  const them = codes.length === 1 ? 'it' : 'them';
  return new ConflictError(
    `This version has text in ${named}, which the website no longer has as a language. Add ${them} again on the Languages page (a language stays hidden from the website until you show it), then restore.`,
  );
}

/** 409 when a version being restored has text in a language the website no longer has. */
export async function refuseLanguagesGone(trx: Db, codes: Iterable<string>): Promise<void> {
  const known = new Set((await trx.selectFrom('locales').select('code').execute()).map((row) => row.code));
  const gone = [...codes].filter((code) => !known.has(code));
  if (gone.length > 0) throw languagesGone(gone);
}

/**
 * Makes a restored record's translations those its revision kept, in the restore's transaction, for the sub-items
 * the restored record has; 409 when a language it kept no longer exists.
 */
export async function restoreTranslations(
  trx: Db,
  section: SectionDef,
  record: SectionRecord,
  checked: ReadonlyMap<string, CheckedTranslation>,
  now: string,
): Promise<void> {
  await deleteTranslations(trx, section, record.id);
  if (checked.size === 0) return;
  await refuseLanguagesGone(trx, checked.keys());
  const sub = section.subItems;
  const items = new Map(
    sub && Array.isArray(record[sub.field])
      ? (record[sub.field] as Record<string, unknown>[]).map((item) => [Number(item.id), item[sub.itemKey]])
      : [],
  );
  for (const [code, write] of checked) {
    const { [sub?.field ?? '']: list, ...fields } = write.values;
    const columns = await toColumns(trx, section, fields, write.prepared, 'update');
    const values: TranslatedValue[] = Object.keys(section.fields)
      .filter((name) => section.fields[name]?.translated && typeof columns[columnOf(name)] === 'string')
      .map((name) => ({
        itemId: RECORD_ITSELF,
        field: name,
        value: String(columns[columnOf(name)]),
        source: sourceOf(record[name]),
      }));
    if (sub)
      for (const item of sentItems(sub, list))
        if (item.id !== undefined && items.has(item.id) && hasText(item.text))
          values.push({ itemId: item.id, field: sub.itemKey, value: item.text, source: sourceOf(items.get(item.id)) });
    await writeTranslations(trx, section, record.id, code, values, now);
  }
}
