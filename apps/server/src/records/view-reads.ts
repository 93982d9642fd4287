import type { SectionDef, SectionRecord } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { type ReadRecord, fromRow, readList } from './read.ts';
import type { ReadView } from './read-view.ts';
import { type Row, findRow, findSingleRow } from './repository.ts';
import type { ListQuery } from './list-rows.ts';
import { pendingOf } from '../pending/pending-store.ts';
import { type PendingTranslation, pendingTranslationsIn } from '../pending/pending-translations-store.ts';
import { withPending } from './pending-record.ts';
import { withAltText } from '../media/alt-text.ts';
import { type LocaleRead, localized } from './localized-read.ts';
import type { Languages } from '../locales/catalogue.ts';
import { withTranslationStatus } from './translation-status-read.ts';

/**
 * Reads as a view answers them (records/read-view.ts). The public view filters in the query itself,
 * so a draft never leaves the database for a public answer; the others answer every record, decorated.
 */

/** Pending scheduled actions of several records, by record id. */
async function schedulesOf(db: Db, section: SectionDef, ids: number[]) {
  const due = new Map<number, { publish_at: string | null; unpublish_at: string | null }>();
  if (ids.length === 0) return due;
  const rows = await db
    .selectFrom('schedules')
    .select(['record_id', 'action', 'due_at'])
    .where('section', '=', section.slug)
    .where('state', '=', 'pending')
    .where('record_id', 'in', ids)
    .execute();
  for (const row of rows) {
    const id = Number(row.record_id);
    const entry = due.get(id) ?? { publish_at: null, unpublish_at: null };
    if (row.action === 'publish') entry.publish_at = row.due_at;
    else entry.unpublish_at = row.due_at;
    due.set(id, entry);
  }
  return due;
}

/**
 * The records as the view answers them, in the language asked (if any), each image field followed by its
 * alternative text.
 */
async function decorate(
  db: Db,
  section: SectionDef,
  view: ReadView,
  records: SectionRecord[],
  rows: Row[],
  locale: LocaleRead | undefined,
  languages: Languages | undefined,
): Promise<SectionRecord[]> {
  const decorated = await withStatusOfTranslations(
    db,
    section,
    view === 'all' || locale?.kind === 'every' ? (languages ?? locale?.languages) : undefined,
    records,
    await decorateView(db, section, view, records, rows, locale),
  );
  if (!locale) return withAltText(db, section, decorated);
  // a preview's fallback to the default language shows its live text, never a change still waiting
  const live = view === 'preview' ? new Map(records.map((record) => [record.id, record])) : undefined;
  // and each other language's waiting changes over its stored text
  const waiting = view === 'preview' ? await waitingIn(db, section, records, locale) : undefined;
  return withAltText(db, section, await localized(db, section, locale, decorated, live, waiting), locale);
}

/** The waiting changes of the languages a read in `locale` shows, by record: the language's own and its fallbacks'. */
async function waitingIn(
  db: Db,
  section: SectionDef,
  records: SectionRecord[],
  locale: LocaleRead,
): Promise<Map<number, PendingTranslation[]>> {
  const shown = new Set(searchLanguages(locale));
  const waiting = await pendingTranslationsIn(
    db,
    section,
    records.map((record) => record.id).filter((id) => id > 0),
  );
  for (const [id, sets] of waiting)
    waiting.set(
      id,
      sets.filter((set) => shown.has(set.locale)),
    );
  return waiting;
}

/**
 * Whether changes wait in the language read: the default language's without `locale` (as before languages existed),
 * that language's with one, any language's with `locale=*`.
 */
async function changesWaiting(
  db: Db,
  section: SectionDef,
  ids: number[],
  locale: LocaleRead | undefined,
  inDefault: ReadonlySet<number>,
): Promise<ReadonlySet<number>> {
  if (!locale) return inDefault;
  const { defaultCode } = locale.languages;
  if (locale.kind === 'one' && locale.code === defaultCode) return inDefault;
  const waiting = await pendingTranslationsIn(db, section, ids, locale.kind === 'one' ? locale.code : undefined);
  return locale.kind === 'one' ? new Set(waiting.keys()) : new Set([...inDefault, ...waiting.keys()]);
}

/** `status=all` and `locale=*` answers say what each record lacks in each language (given then). */
const withStatusOfTranslations = async (
  db: Db,
  section: SectionDef,
  languages: Languages | undefined,
  records: SectionRecord[],
  answers: SectionRecord[],
) => (languages ? withTranslationStatus(db, section, languages, records, answers) : answers);

/** The records as the view answers them; `rows` are theirs, in the same order. */
async function decorateView(
  db: Db,
  section: SectionDef,
  view: ReadView,
  records: SectionRecord[],
  rows: Row[],
  locale: LocaleRead | undefined,
): Promise<SectionRecord[]> {
  if (view === 'public') return records;
  const ids = records.map((record) => record.id);
  const pending = await pendingOf(db, section, ids);
  if (view === 'preview') {
    return records.map((record) => {
      const changes = pending.get(record.id);
      return changes ? withPending(section, record, changes.record) : record;
    });
  }
  const schedules = await schedulesOf(db, section, ids);
  const waiting = await changesWaiting(db, section, ids, locale, new Set(pending.keys()));
  return records.map((record, index) => ({
    ...record,
    status: rows[index]?.status === 'draft' ? 'draft' : 'published',
    has_changes: waiting.has(record.id),
    publish_at: schedules.get(record.id)?.publish_at ?? null,
    unpublish_at: schedules.get(record.id)?.unpublish_at ?? null,
  }));
}

export async function listIn(
  db: Db,
  section: SectionDef,
  view: ReadView,
  query: Omit<ListQuery, 'publishedOnly' | 'searchIn'>,
  locale?: LocaleRead,
  languages?: Languages,
): Promise<{ records: SectionRecord[]; total: number }> {
  const { records, rows, total } = await readList(db, section, {
    ...query,
    publishedOnly: view === 'public',
    ...(locale ? { searchIn: searchLanguages(locale) } : {}),
  });
  return { records: await decorate(db, section, view, records, rows, locale, languages), total };
}

/** The languages other than the default a search in `locale` matches, in the order its fields are read from. */
function searchLanguages(locale: LocaleRead): string[] {
  const { defaultCode, list } = locale.languages;
  const codes = locale.kind === 'every' ? list.map((l) => l.code) : locale.noFallback ? [locale.code] : locale.chain;
  return codes.filter((code) => code !== defaultCode);
}

async function oneOf(
  db: Db,
  section: SectionDef,
  view: ReadView,
  row: Row | undefined,
  locale: LocaleRead | undefined,
  languages: Languages | undefined,
): Promise<ReadRecord | undefined> {
  const read = await fromRow(db, section, row);
  if (!read || !row) return undefined;
  const [record] = await decorate(db, section, view, [read.record], [row], locale, languages);
  return record && { ...read, record };
}

/** A record by id as the view answers it; a draft is not found in the public view. */
export const readIn = async (
  db: Db,
  section: SectionDef,
  view: ReadView,
  id: number,
  locale?: LocaleRead,
  languages?: Languages,
) => oneOf(db, section, view, await findRow(db, section, id, view === 'public'), locale, languages);

/** A single-record section's record as the view answers it. */
export async function readSingleIn(
  db: Db,
  section: SectionDef,
  view: ReadView,
  locale?: LocaleRead,
): Promise<ReadRecord | undefined> {
  const row = await findSingleRow(db, section);
  if (view === 'public' && row?.status === 'draft') return undefined;
  return oneOf(db, section, view, row, locale, undefined);
}
