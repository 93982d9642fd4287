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
  pendingTranslationsOf,
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
import { validateRecord } from '../records/record-validation.ts';
import { type CheckedTranslation, checkTranslationWrite, translationColumns } from '../records/translation-writes.ts';
import { nothingPrepared } from '../records/write-columns.ts';
import { lockSection, type WriteContext } from '../records/write-concurrency.ts';
import { type Target, targetRecord } from './changes-writes.ts';
import { checkedForPublishing } from './publish-check.ts';

/**
 * A record's waiting changes in one language other than the default: that language's translated values, kept aside
 * until published. Shared fields are one value for every language, so their waiting changes are the default
 * language's only (a language's set refuses them). A language's set holds its sub-item texts by item id, for the
 * record's sub-items as they were when it was saved; publishing refuses it once they differ, as a save would.
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

/**
 * What a language's waiting changes write, checked as their save checks them (shared fields refused) and then as a
 * write in that language: translated values and their sub-item list against the record's sub-items as they are.
 */
async function languageColumns(trx: Db, section: SectionDef, record: SectionRecord, write: CheckedTranslation) {
  refuseSharedFields(section, write.values);
  return translationColumns(trx, section, record, write);
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
    const { values, cleared } = await languageColumns(trx, section, current.record, write);
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

/** A language's waiting changes on a record, with the language (a refusal to publish them names it). */
export interface WaitingLanguage {
  locale: Pick<Locale, 'code' | 'name'>;
  pending: PendingTranslation;
}

/** Every language's waiting changes on a record, in the order of their codes. */
export async function waitingLanguagesOf(db: Db, section: SectionDef, id: number): Promise<WaitingLanguage[]> {
  const sets = await pendingTranslationsOf(db, section, id);
  if (sets.length === 0) return [];
  const codes = sets.map((pending) => pending.locale);
  const rows = await db.selectFrom('locales').select(['code', 'name']).where('code', 'in', codes).execute();
  const names = new Map(rows.map((row) => [row.code, row.name]));
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
  const { values, cleared } = await checkedForPublishing(async () => {
    const body = bodyOfLanguageChanges(section, record, pending.changes);
    const valid = validateRecord(section, 'update', { body, uploads: new Map() });
    return languageColumns(trx, section, record, { values: valid, prepared: nothingPrepared(), alts: new Map() });
  }, locale);
  await writeTranslations(trx, section, record.id, locale.code, values, now);
  for (const field of cleared) await deleteTranslations(trx, section, record.id, locale.code, field);
  await removePendingTranslations(trx, section, record.id, locale.code);
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
  await applyLanguageChanges(trx, section, current.record, { locale, pending }, now);
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
