import type { Locale, SectionDef, SectionRecord } from '@bursary/shared';
import type { LogEvent } from '../audit/log-writes.ts';
import type { Db } from '../db/types.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { nowIso } from '../lib/clock.ts';
import { ifMatchAccepts } from '../lib/etag.ts';
import { ConflictError, NotFoundError, PreconditionFailedError, ValidationError } from '../lib/errors.ts';
import type { Languages } from '../locales/catalogue.ts';
import { RECORD_ITSELF, deleteTranslations, writeTranslations } from '../locales/translations-store.ts';
import {
  type PendingTranslation,
  type TranslationChanges,
  findPendingTranslation,
  putPendingTranslation,
  removePendingTranslations,
} from '../pending/pending-translations-store.ts';
import { localized } from '../records/localized-read.ts';
import type { RawInput } from '../records/raw-input.ts';
import type { ReadRecord } from '../records/read.ts';
import { publishingLog } from '../records/record-logs.ts';
import { recordPath, reread } from '../records/record-writes.ts';
import { updateRow } from '../records/repository.ts';
import { storeChange } from '../records/store-change.ts';
import { checkTranslationWrite, translationColumns } from '../records/translation-writes.ts';
import { lockSection, type WriteContext } from '../records/write-concurrency.ts';
import { type Target, targetRecord } from './changes-writes.ts';

/**
 * A record's waiting changes in one language other than the default: that language's translated values, kept aside
 * until published. Shared fields are one value for every language, so their waiting changes are the default
 * language's only (a language's set refuses them); a language's set follows the record's live sub-items.
 */

/** A publishing log row that names the language it was taken in: `Changes to FAQ "…" saved (Français)`. */
const inLanguage = (log: LogEvent, locale: Pick<Locale, 'name'>): LogEvent => ({
  ...log,
  content: `${log.content} (${locale.name})`,
});

const noChanges = (section: SectionDef, locale: Locale) =>
  new NotFoundError(`No changes are waiting in ${locale.name} on this ${section.singular.toLowerCase()}.`);

const staleChanges = (section: SectionDef, locale: Locale) =>
  new PreconditionFailedError(
    `The ${locale.name} changes to this ${section.singular.toLowerCase()} were saved by someone else since you opened them. Reload them to see the current ones, then make your change again.`,
    null,
    section,
  );

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

/** A step on a language's waiting changes: the record stays as the website shows it; the log row names the language. */
function storeWaitingStep(
  trx: Db,
  ctx: WriteContext,
  section: SectionDef,
  current: ReadRecord,
  locale: Locale,
  step: 'changes saved' | 'changes discarded',
  now: string,
): Promise<number> {
  return storeChange(trx, {
    section,
    action: 'update',
    record: current.record,
    version: current.version,
    status: current.status,
    event: 'hidden',
    locale: locale.code,
    username: ctx.username,
    logs: [inLanguage(publishingLog(ctx, section, current.record, step), locale)],
    now,
  });
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
  const read = {
    kind: 'one' as const,
    code: locale.code,
    chain: languages.chain(locale.code, false),
    noFallback: false,
    languages,
  };
  const [answer] = await localized(db, section, read, [record], undefined, new Map([[record.id, [pending]]]));
  return answer ?? record;
}

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
  refuseSharedFields(section, write.values);
  return writeTransaction(ctx.db, async (trx) => {
    await lockSection(trx, section);
    const current = await targetRecord(trx, section, target);
    const id = current.record.id;
    if (current.status === 'draft')
      throw new ConflictError(
        `This ${section.singular.toLowerCase()} is a draft, so it has no separate changes: save its ${locale.name} text itself (PUT ${recordPath(section, id)}?locale=${locale.code}).`,
      );
    const existing = await findPendingTranslation(trx, section, id, locale.code);
    if (ctx.ifMatch !== undefined && (!existing || !ifMatchAccepts(ctx.ifMatch, existing.etag)))
      throw staleChanges(section, locale);
    const { values, cleared } = await translationColumns(trx, section, current.record, write);
    const changes: TranslationChanges = {
      fields: { ...existing?.changes.fields },
      items: { ...existing?.changes.items },
    };
    for (const value of values)
      if (value.itemId === RECORD_ITSELF) changes.fields[value.field] = value.value;
      else changes.items[String(value.itemId)] = value.value;
    for (const field of cleared) changes.fields[field] = null;
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
    await storeWaitingStep(trx, ctx, section, current, locale, 'changes saved', now);
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
    await lockSection(trx, section);
    const current = await targetRecord(trx, section, target);
    const id = current.record.id;
    const existing = await findPendingTranslation(trx, section, id, locale.code);
    if (!existing) throw noChanges(section, locale);
    if (ctx.ifMatch !== undefined && !ifMatchAccepts(ctx.ifMatch, existing.etag)) throw staleChanges(section, locale);
    if ((await removePendingTranslations(trx, section, id, locale.code, existing.version)) === 0)
      throw staleChanges(section, locale);
    await storeWaitingStep(trx, ctx, section, current, locale, 'changes discarded', nowIso());
    return current;
  });
}

/**
 * Writes a language's waiting changes into its translations and drops them, in the caller's transaction. `record` is
 * the record as it now is: texts of sub-items it no longer has are let go with those items.
 */
export async function applyLanguageChanges(
  trx: Db,
  section: SectionDef,
  record: SectionRecord,
  pending: PendingTranslation,
  now: string,
): Promise<void> {
  const sub = section.subItems;
  const items = new Set(
    sub && Array.isArray(record[sub.field])
      ? (record[sub.field] as Record<string, unknown>[]).map((item) => Number(item.id))
      : [],
  );
  const values: { itemId: number; field: string; value: string }[] = [];
  for (const [field, value] of Object.entries(pending.changes.fields)) {
    if (!section.fields[field]?.translated) continue;
    if (value === null) await deleteTranslations(trx, section, record.id, pending.locale, field);
    else values.push({ itemId: RECORD_ITSELF, field, value });
  }
  if (sub)
    for (const [itemId, value] of Object.entries(pending.changes.items))
      if (value !== null && items.has(Number(itemId)))
        values.push({ itemId: Number(itemId), field: sub.itemKey, value });
  await writeTranslations(trx, section, record.id, pending.locale, values, now);
  await removePendingTranslations(trx, section, record.id, pending.locale);
}

/**
 * POST …/publish?locale=CODE: makes that language's waiting changes live and nothing else, inside the caller's
 * transaction; the record's version moves, so caches and ETags follow. Throws NotFoundError for no such record,
 * ConflictError when nothing waits in that language or the record is a draft (publishing it is the record's step).
 */
export async function publishLanguageIn(
  trx: Db,
  who: { username: string },
  section: SectionDef,
  id: number,
  locale: Locale,
): Promise<ReadRecord> {
  await lockSection(trx, section);
  const current = await reread(trx, section, id);
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
  await applyLanguageChanges(trx, section, current.record, pending, now);
  await updateRow(trx, section, id, {}, now);
  const published = await reread(trx, section, id);
  await storeChange(trx, {
    section,
    action: 'update',
    record: published.record,
    version: published.version,
    status: published.status,
    event: 'published',
    locale: locale.code,
    username: who.username,
    logs: [inLanguage(publishingLog(who, section, published.record, 'published'), locale)],
    now,
  });
  return published;
}
