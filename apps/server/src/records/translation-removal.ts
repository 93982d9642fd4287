import { type SectionDef, sections } from '@bursary/shared';
import { named } from '../audit/log-writes.ts';
import type { Db } from '../db/types.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { nowIso } from '../lib/clock.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { Languages } from '../locales/catalogue.ts';
import { deleteTranslations, recordsTranslatedIn } from '../locales/translations-store.ts';
import { type ReadRecord, readRecord } from './read.ts';
import { reread } from './record-writes.ts';
import { updateRow } from './repository.ts';
import { storeChange } from './store-change.ts';
import { checkIfMatch, staleWrite, type WriteContext } from './write-concurrency.ts';

/** `FAQ "How do I apply?" translation deleted (Français)`. */
const removedSummary = (section: SectionDef, read: ReadRecord, languageName: string) =>
  `${named(section.singular, read.record[section.titleField], read.record.id)} translation deleted (${languageName})`;

/**
 * Removes one language's values of a record as an ordinary change: the record's version moves (its ETag, and the
 * caches of its section), a revision keeps what is left, a log row names the language. Answers the record as it is
 * left; undefined when the record had nothing in that language.
 */
async function removeIn(
  trx: Db,
  ctx: Pick<WriteContext, 'username' | 'ifMatch'>,
  section: SectionDef,
  current: ReadRecord,
  locale: { code: string; name: string },
  now: string,
): Promise<ReadRecord | undefined> {
  checkIfMatch(section, ctx.ifMatch, current);
  const id = current.record.id;
  if ((await deleteTranslations(trx, section, id, locale.code)) === 0) return undefined;
  const landed = await updateRow(trx, section, id, {}, now, ctx.ifMatch === undefined ? undefined : current.version);
  if (!landed) throw staleWrite(section, await readRecord(trx, section, id));
  const read = await reread(trx, section, id);
  await storeChange(trx, {
    section,
    action: 'update',
    record: read.record,
    version: read.version,
    status: read.status,
    username: ctx.username,
    logs: [
      {
        action: 'update',
        content: removedSummary(section, read, locale.name),
        section: section.slug,
        recordId: id,
        username: ctx.username,
      },
    ],
    now,
    locale: locale.code,
    // the website's text in that language changed only if the record is live
    ...(read.status === 'draft' ? { event: 'hidden' as const } : {}),
  });
  return read;
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
    const id = await findId(trx);
    const current = id === undefined ? undefined : await readRecord(trx, section, id);
    if (!current) throw new NotFoundError(`${section.label} has no such record.`);
    return (await removeIn(trx, ctx, section, current, locale, nowIso())) ?? current;
  });
}

/** Every record's values in a language being deleted, each as an ordinary change, in the caller's transaction. */
export async function removeLanguageTranslations(trx: Db, code: string, username: string, now: string): Promise<void> {
  const locale = await trx.selectFrom('locales').select(['code', 'name']).where('code', '=', code).executeTakeFirst();
  if (!locale) return;
  const bySection = await recordsTranslatedIn(trx, code);
  for (const section of sections) {
    for (const id of bySection.get(section.slug) ?? []) {
      const current = await readRecord(trx, section, id);
      // translations of a record that is gone: nothing shows them, they go with the language
      if (!current) await deleteTranslations(trx, section, id, code);
      else await removeIn(trx, { username, ifMatch: undefined }, section, current, locale, now);
    }
  }
}
