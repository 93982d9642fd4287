import type { SectionDef } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { loadBeforeWrites } from '../db/write-transaction.ts';
import { loadHtmlParser } from '../rich-text/html-parser.ts';
import { readableTitle } from '../audit/log-writes.ts';
import {
  brokenMediaProblem,
  checkRecordContent,
  type ExternalLink,
  type MediaReference,
  type RecordProblem,
} from './record-checks.ts';
import { type PublicLanguage, publicLanguages, translationProblems } from './translation-checks.ts';

// the checks read rich text inside the transaction of the change they describe
loadBeforeWrites(loadHtmlParser);

/** What of a record the website shows or is about to show: only these are checked, never a draft. */
export interface CheckedContent {
  /** The published record, or null while it is a draft or deleted. */
  live: Record<string, unknown> | null;
  /** The changes waiting on it, or null. */
  pending: Record<string, unknown> | null;
}

const sameProblem = (a: RecordProblem, b: RecordProblem) =>
  a.check === b.check && a.field === b.field && a.message === b.message;

async function missingMedia(db: Db, references: MediaReference[]): Promise<Set<string>> {
  const names = [...new Set(references.map((reference) => reference.name))];
  if (names.length === 0) return new Set();
  const stored = await db
    .selectFrom('media')
    .select(['sha256', 'ext'])
    .where(
      'sha256',
      'in',
      names.map((name) => name.slice(0, 64)),
    )
    .execute();
  const found = new Set(stored.map((row) => `${row.sha256}.${row.ext}`));
  return new Set(names.filter((name) => !found.has(name)));
}

/** The problems of a record's published content and pending changes together, each once, and its external links. */
async function problemsOf(
  db: Db,
  section: SectionDef,
  content: CheckedContent,
): Promise<{ problems: RecordProblem[]; links: ExternalLink[] }> {
  const problems: RecordProblem[] = [];
  const references: MediaReference[] = [];
  const links: ExternalLink[] = [];
  for (const record of [content.live, content.pending]) {
    if (!record) continue;
    const found = checkRecordContent(section, record);
    for (const problem of found.problems) if (!problems.some((p) => sameProblem(p, problem))) problems.push(problem);
    references.push(...found.media);
    for (const link of found.links)
      if (!links.some((known) => known.field === link.field && known.url === link.url)) links.push(link);
  }
  const missing = await missingMedia(db, references);
  for (const reference of references) {
    if (!missing.has(reference.name)) continue;
    const problem = brokenMediaProblem(section, reference.field);
    if (!problems.some((p) => sameProblem(p, problem))) problems.push(problem);
  }
  return { problems, links };
}

const titleOf = (section: SectionDef, content: CheckedContent): string =>
  readableTitle((content.pending ?? content.live)?.[section.titleField]);

/** The rows a record's change replaces: its problems and its external links. */
const dropStored = (['site_health_records', 'record_links'] as const).map((table) =>
  preparedQuery((db: Db, section: string, recordId: number) =>
    db.deleteFrom(table).where('section', '=', section).where('record_id', '=', recordId),
  ),
);

export interface StoreOptions {
  /**
   * The record was created in this transaction: it has no rows to replace yet (ids are never reused), so the
   * deletes are skipped.
   */
  created?: boolean;
  /** The languages the website shows besides the default one, when the caller already read them. */
  languages?: readonly PublicLanguage[];
}

/**
 * Stores what is wrong with a record, in the transaction that changed it, so the site's health is read, not
 * computed, and is exact the moment the change commits. A record with nothing wrong has no row.
 */
export async function storeRecordProblems(
  db: Db,
  section: SectionDef,
  recordId: number,
  content: CheckedContent,
  options: StoreOptions = {},
): Promise<void> {
  const { problems, links } = await problemsOf(db, section, content);
  // a translation is checked against the published text in the default language: the one the website shows
  if (content.live)
    problems.push(
      ...(await translationProblems(
        db,
        section,
        recordId,
        content.live,
        options.languages ?? (await publicLanguages(db)),
      )),
    );
  const title = titleOf(section, content);
  if (!options.created) for (const drop of dropStored) await drop(db, section.slug, recordId);
  if (problems.length > 0)
    await db
      .insertInto('site_health_records')
      .values({ section: section.slug, record_id: recordId, title, problems: JSON.stringify(problems) })
      .execute();
  if (links.length > 0)
    await db
      .insertInto('record_links')
      .values(links.map((link) => ({ section: section.slug, record_id: recordId, title, ...link })))
      .execute();
}
