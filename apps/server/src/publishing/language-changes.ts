import type { Locale, SectionDef } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { nowIso } from '../lib/clock.ts';
import { ConflictError, NotFoundError, PreconditionFailedError } from '../lib/errors.ts';
import { RECORD_ITSELF } from '../locales/translations-store.ts';
import { holdLanguage } from '../locales/store.ts';
import {
  type PendingTranslation,
  type TranslationChanges,
  findPendingTranslation,
  putPendingTranslation,
  removePendingTranslations,
} from '../pending/pending-translations-store.ts';
import type { RawInput } from '../records/raw-input.ts';
import type { ReadRecord } from '../records/read.ts';
import { recordPath, reread } from '../records/record-writes.ts';
import type { Changer } from '../records/change-pipeline.ts';
import { writeRecordRow } from '../records/commit-change.ts';
import { setWaitingAltTexts } from '../records/image-alt.ts';
import { checkTranslationWrite } from '../records/translation-writes.ts';
import type { WriteContext } from '../records/write-concurrency.ts';
import { applyLanguageChanges, languageColumns } from './language-changes-applied.ts';
import { storePublishingStep } from './store-step.ts';
import { type Target, lockedChanges, lockedTarget, targetRecord } from './target-record.ts';

/**
 * A record's waiting changes in one language other than the default: that language's translated values, kept aside
 * until published. Shared fields are one value for every language, so their waiting changes are the default
 * language's only (a language's set refuses them). A language's set holds its sub-item texts by item id, for the
 * record's sub-items as they were when it was saved; publishing refuses it once they differ, as a save would. What
 * the changes make of the record, read or published, is in language-changes-applied.ts.
 */

const noChanges = (section: SectionDef, locale: Locale) =>
  new NotFoundError(`No changes are waiting in ${locale.name} on this ${section.singular.toLowerCase()}.`);

const staleChanges = (section: SectionDef, locale: Locale) =>
  new PreconditionFailedError(
    `The ${locale.name} changes to this ${section.singular.toLowerCase()} were saved by someone else since you opened them. Reload them to see the current ones, then make your change again.`,
    null,
    section,
  );

/** One language's waiting changes, as a save or a discard finds them in its transaction. */
const waitingChanges = (trx: Db, section: SectionDef, locale: Locale) => ({
  find: (id: number) => findPendingTranslation(trx, section, id, locale.code),
  stale: () => staleChanges(section, locale),
});

/** GET …/changes?locale=CODE: the language's waiting changes on the record, with the record it addresses. */
export async function readLanguageChanges(
  db: Db,
  section: SectionDef,
  target: Target,
  locale: Locale,
): Promise<{ current: ReadRecord; pending: PendingTranslation }> {
  const current = await targetRecord(db, section, target);
  const pending = await findPendingTranslation(db, section, current.record.id, locale.code);
  if (!pending) throw noChanges(section, locale);
  return { current, pending };
}

/**
 * PUT …/changes?locale=CODE: the same body and checks as a PUT in that language, kept aside until published; fields
 * left out keep their waiting or live value, a translated field sent empty will fall back again once published.
 * If-Match names the language's waiting changes' own tag.
 */
export async function saveLanguageChanges(
  ctx: WriteContext,
  section: SectionDef,
  target: Target,
  locale: Locale,
  raw: RawInput,
): Promise<{ current: ReadRecord; pending: PendingTranslation }> {
  const write = await checkTranslationWrite(ctx.config, section, raw);
  return writeTransaction(ctx.db, async (trx) => {
    await holdLanguage(trx, locale.code);
    const { current, existing } = await lockedChanges(trx, ctx, section, target, {
      ...waitingChanges(trx, section, locale),
      draft: (id) =>
        new ConflictError(
          `This ${section.singular.toLowerCase()} is a draft, so it has no separate changes: save its ${locale.name} text itself (PUT ${recordPath(section, id)}?locale=${locale.code}).`,
        ),
    });
    const id = current.record.id;
    const { values, cleared, clearedItems } = await languageColumns(trx, section, current.record, write);
    const sub = section.subItems;
    const changes: TranslationChanges = {
      fields: { ...existing?.changes.fields },
      // a sub-item list is sent whole: it replaces the one waiting, which may name items the record no longer has
      items: sub && write.values[sub.field] !== undefined ? {} : { ...existing?.changes.items },
    };
    for (const value of values)
      if (value.itemId === RECORD_ITSELF) changes.fields[value.field] = value.value;
      else changes.items[String(value.itemId)] = value.value;
    for (const field of cleared) changes.fields[field] = null;
    for (const itemId of clearedItems) changes.items[String(itemId)] = null;
    const now = nowIso();
    const saved = await putPendingTranslation(
      trx,
      section,
      id,
      locale.code,
      { changes, username: ctx.username, now },
      ctx.ifMatch === undefined ? undefined : existing?.version,
    );
    if (!saved) throw staleChanges(section, locale);
    await setWaitingAltTexts(trx, ctx, write.alts, current.record, locale.code);
    await storePublishingStep(trx, ctx, section, { step: 'changes saved', read: current, language: locale, now });
    return { current, pending: saved };
  });
}

/** DELETE …/changes?locale=CODE: the language's waiting changes are dropped; what the website shows stays. */
export async function discardLanguageChanges(
  ctx: WriteContext,
  section: SectionDef,
  target: Target,
  locale: Locale,
): Promise<ReadRecord> {
  return writeTransaction(ctx.db, async (trx) => {
    await holdLanguage(trx, locale.code);
    const { current, existing } = await lockedChanges(trx, ctx, section, target, {
      ...waitingChanges(trx, section, locale),
      none: () => noChanges(section, locale),
    });
    if ((await removePendingTranslations(trx, section, current.record.id, locale.code, existing.version)) === 0)
      throw staleChanges(section, locale);
    const step = { step: 'changes discarded' as const, read: current, language: locale, now: nowIso() };
    await storePublishingStep(trx, ctx, section, step);
    return current;
  });
}

/**
 * POST …/publish?locale=CODE: makes that language's waiting changes live and nothing else, inside the caller's
 * transaction; the record's version moves, so caches and ETags follow. Throws NotFoundError for no such record,
 * ConflictError when nothing waits in that language or the record is a draft (publishing it is the record's step).
 */
export async function publishLanguageIn(
  trx: Db,
  who: Changer,
  section: SectionDef,
  id: number,
  locale: Locale,
): Promise<ReadRecord> {
  const current = await lockedTarget(trx, section, id);
  const one = section.singular.toLowerCase();
  if (current.status === 'draft')
    throw new ConflictError(
      `This ${one} is a draft: publish it in every language at once (POST ${recordPath(section, id)}/publish without locale).`,
    );
  const pending = await findPendingTranslation(trx, section, id, locale.code);
  if (!pending)
    throw new ConflictError(
      `No changes are waiting in ${locale.name} on this ${one}: there is nothing to publish. Save changes first (PUT ${recordPath(section, id)}/changes?locale=${locale.code}).`,
    );
  const now = nowIso();
  await applyLanguageChanges(trx, section, current.record, { locale, pending }, now);
  await writeRecordRow(trx, section, id, {}, now);
  const published = await reread(trx, section, id);
  await storePublishingStep(trx, who, section, { step: 'published', read: published, language: locale, now });
  return published;
}
