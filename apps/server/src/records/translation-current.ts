import { type SectionDef, translatedFieldsOf } from '@bursary/shared';
import { z } from 'zod';
import { named } from '../audit/log-writes.ts';
import type { Db } from '../db/types.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { nowIso } from '../lib/clock.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { sourceOf } from '../lib/translation-status.ts';
import type { Languages } from '../locales/catalogue.ts';
import { RECORD_ITSELF, markTranslationsCurrent, readTranslations } from '../locales/translations-store.ts';
import { holdLanguage } from '../locales/store.ts';
import { type ReadRecord, readRecord } from './read.ts';
import { commitChange, writeRecordRow } from './commit-change.ts';
import { checkIfMatch, type WriteContext } from './write-concurrency.ts';

/**
 * The body of POST …/translations/{code}/current: `fields` names the translated fields to mark (a sub-item list's
 * name marks each of its texts); without it, every translation of the record in the language is marked.
 */
export const markCurrentBody = z.strictObject({
  fields: z
    .array(z.string().max(100))
    .max(100)
    .optional()
    .meta({ description: 'The translated fields to mark; left out: every one' }),
});

/** The fields a mark names, each checked to be one the section translates. */
function markedFields(section: SectionDef, fields: readonly string[] | undefined): Set<string> {
  const translated = [...translatedFieldsOf(section.fields), ...(section.subItems ? [section.subItems.field] : [])];
  if (fields === undefined) return new Set(translated);
  const refused = fields.flatMap((field, index) =>
    translated.includes(field)
      ? []
      : [
          {
            path: `fields.${index}`,
            message: `${field} is not a translated field of ${section.label}; translated fields: ${translated.join(', ')}`,
          },
        ],
  );
  if (refused.length > 0) throw new ValidationError(refused);
  return new Set(fields);
}

/**
 * POST …/translations/{code}/current: the record's translations in a language (of the fields named) count as made
 * from the default language's current text, so they are no longer outdated. An ordinary change (the version moves,
 * a log row names the language, a revision is kept) that the website cannot see, so it sends no webhook event. A
 * mark that changes nothing writes nothing.
 */
export async function markTranslationCurrent(
  ctx: WriteContext,
  languages: Languages,
  section: SectionDef,
  findId: (trx: Db) => Promise<number | undefined>,
  code: string,
  fields: readonly string[] | undefined,
): Promise<ReadRecord> {
  const locale = languages.find(code);
  if (!locale) throw new NotFoundError(`No language with the code "${code}".`);
  if (locale.default)
    throw new ConflictError(
      `${locale.name} is the default language: translations are made from it, so it is never outdated.`,
    );
  const marked = markedFields(section, fields);
  return writeTransaction(ctx.db, async (trx) => {
    await holdLanguage(trx, locale.code);
    const id = await findId(trx);
    const current = id === undefined ? undefined : await readRecord(trx, section, id);
    if (!current) throw new NotFoundError(`${section.label} has no such record.`);
    checkIfMatch(section, ctx.ifMatch, current);
    const { record } = current;
    const sub = section.subItems;
    const items = new Map(
      sub && Array.isArray(record[sub.field])
        ? (record[sub.field] as Record<string, unknown>[]).map((item) => [Number(item.id), item[sub.itemKey]])
        : [],
    );
    const targets = (await readTranslations(trx, section, [record.id], [locale.code])).flatMap((t) => {
      if (t.itemId === RECORD_ITSELF)
        return marked.has(t.field) ? [{ itemId: t.itemId, field: t.field, source: sourceOf(record[t.field]) }] : [];
      return sub && marked.has(sub.field) && items.has(t.itemId)
        ? [{ itemId: t.itemId, field: t.field, source: sourceOf(items.get(t.itemId)) }]
        : [];
    });
    if ((await markTranslationsCurrent(trx, section, record.id, locale.code, targets)) === 0) return current;
    const now = nowIso();
    const expected = ctx.ifMatch === undefined ? undefined : current.version;
    await writeRecordRow(trx, section, record.id, {}, now, expected);
    const read = await readRecord(trx, section, record.id);
    if (!read) throw new NotFoundError(`${section.label} has no such record.`);
    const content = `${named(section.singular, record[section.titleField], record.id)} translation marked up to date (${locale.name})`;
    await commitChange(trx, ctx, 'translation marked current', {
      section,
      action: 'update',
      record: read.record,
      version: read.version,
      status: read.status,
      username: ctx.username,
      logs: [{ action: 'update', content, section: section.slug, recordId: record.id, username: ctx.username }],
      now,
      event: 'hidden',
      locale: locale.code,
    });
    return read;
  });
}
