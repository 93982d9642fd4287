import { type SectionDef, sections } from '@bursary/shared';
import { named } from '../audit/log-writes.ts';
import type { Db } from '../db/types.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { nowIso } from '../lib/clock.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { Languages } from '../locales/catalogue.ts';
import { deleteTranslations, recordsTranslatedIn } from '../locales/translations-store.ts';
import { holdLanguage } from '../locales/store.ts';
import { removeLanguagePending } from '../pending/pending-translations-store.ts';
import type { Changer } from './change-pipeline.ts';
import { rereadAndCommit, writeRecordRow } from './commit-change.ts';
import { type ReadRecord, readRecord } from './read.ts';
import { checkIfMatch, type WriteContext } from './write-concurrency.ts';

/**
 * Removes one language's values of a record as an ordinary change: the record's version moves (its ETag, and the
 * caches of its section), a revision keeps what is left, a log row names the language. Answers the record as it is
 * left; undefined when the record had nothing in that language.
 */
async function removeIn(
  trx: Db,
  ctx: Pick<WriteContext, 'username' | 'ifMatch' | 'changes'>,
  section: SectionDef,
  current: ReadRecord,
  locale: { code: string; name: string },
  now: string,
): Promise<ReadRecord | undefined> {
  checkIfMatch(section, ctx.ifMatch, current);
  const id = current.record.id;
  if ((await deleteTranslations(trx, section, id, locale.code)) === 0) return undefined;
  await writeRecordRow(trx, section, id, {}, now, ctx.ifMatch === undefined ? undefined : current.version);
  const content = `${named(section.singular, current.record[section.titleField], id)} translation deleted (${locale.name})`;
  const log = { action: 'update' as const, content, section: section.slug, recordId: id, username: ctx.username };
  return rereadAndCommit(trx, ctx, 'translation removed', section, id, [log], now, locale.code);
}

/** DELETE /api/{section}/{id}/translations/{code}: 409 for the default language, 404 for an unknown one. */
export async function deleteRecordTranslation(
  ctx: WriteContext,
  languages: Languages,
  section: SectionDef,
  findId: (trx: Db) => Promise<number | undefined>,
  code: string,
): Promise<ReadRecord> {
  const locale = languages.find(code);
  if (!locale) throw new NotFoundError(`No language with the code "${code}".`);
  if (locale.default)
    throw new ConflictError(
      `${locale.name} is the default language: its text is the record's own. Delete the record instead, or change its fields.`,
    );
  return writeTransaction(ctx.db, async (trx) => {
    await holdLanguage(trx, locale.code);
    const id = await findId(trx);
    const current = id === undefined ? undefined : await readRecord(trx, section, id);
    if (!current) throw new NotFoundError(`${section.label} has no such record.`);
    return (await removeIn(trx, ctx, section, current, locale, nowIso())) ?? current;
  });
}

/** Every record's values in a language being deleted, each as an ordinary change, in the caller's transaction. */
export async function removeLanguageTranslations(trx: Db, who: Changer, code: string, now: string): Promise<void> {
  const locale = await trx.selectFrom('locales').select(['code', 'name']).where('code', '=', code).executeTakeFirst();
  if (!locale) return;
  // waiting changes in the language go with it: there is no language left to publish them in
  await removeLanguagePending(trx, code);
  const bySection = await recordsTranslatedIn(trx, code);
  for (const section of sections) {
    for (const id of bySection.get(section.slug) ?? []) {
      const current = await readRecord(trx, section, id);
      // translations of a record that is gone: nothing shows them, they go with the language
      if (!current) await deleteTranslations(trx, section, id, code);
      else await removeIn(trx, { ...who, ifMatch: undefined }, section, current, locale, now);
    }
  }
}
