import { type MediaUse, type SectionDef, sections } from '@bursary/shared';
import { sql } from 'kysely';
import { readableTitle } from '../audit/log-writes.ts';
import { columnOf, tableOf } from '../db/naming.ts';
import type { Db } from '../db/types.ts';
import { MEDIA_PREFIX, imageCarriersOf, imageNameOf } from '../media/image-fields.ts';
import { type MediaName, mediaFileName } from '../media/media-name.ts';
import { escapeRegExp } from '../records/media-urls.ts';
import { tablesByName } from '../records/repository.ts';

/**
 * Which records show which stored images: one reading of a record, used by the library's list, its answers
 * and its delete rule. A record shows an image through an image field (`/media/{name}`) or an `<img>` of its
 * rich text whose source is `/media/{name}`, relative or under PUBLIC_URL. Nothing else counts: a text field
 * that happens to hold an address shows no image.
 */

/** `<img … src="/media/{name}"`, relative or under `base`: the name is the first group. */
const imageSources = (base: string | undefined) =>
  new RegExp(
    `<img\\b[^>]*?\\ssrc\\s*=\\s*["']?(?:${base ? escapeRegExp(base) : ''})?${MEDIA_PREFIX}([0-9a-f]{64}\\.[a-z0-9]{1,5})\\b`,
    'gi',
  );

/** The file names of the images a record (or a record's waiting changes) shows. */
function mediaNamesIn(section: SectionDef, record: Record<string, unknown>, publicUrl?: string): Set<string> {
  const names = new Set<string>();
  const { images, richText } = imageCarriersOf(section);
  for (const field of images) {
    const name = imageNameOf(record[field], publicUrl);
    if (name) names.add(mediaFileName(name));
  }
  for (const field of richText) {
    const html = record[field];
    if (typeof html !== 'string' || !html.includes(MEDIA_PREFIX)) continue;
    for (const match of html.matchAll(imageSources(publicUrl))) names.add((match[1] ?? '').toLowerCase());
  }
  return names;
}

/** A record that shows an image, with what names it in a sentence. */
export interface FoundUse {
  section: SectionDef;
  id: number;
  /** The record's title field as stored. */
  title: unknown;
}

export const toMediaUse = (use: FoundUse): MediaUse => ({
  section: use.section.slug,
  id: use.id,
  title: readableTitle(use.title) || `${use.section.singular} #${use.id}`,
});

const sectionsWithImages = () =>
  sections.filter((section) => imageCarriersOf(section).images.length + imageCarriersOf(section).richText.length > 0);
const sectionBySlug = (slug: string) => sections.find((section) => section.slug === slug);

type Scanned = { id: number | string; title: unknown } & Record<string, unknown>;

/**
 * The rows of a section that may show an image: an image field set, or rich text holding a media address;
 * with `name`, only those that may show that one. Only the id, the title and those fields are read.
 */
async function candidateRows(db: Db, section: SectionDef, name?: string): Promise<Scanned[]> {
  const { images, richText } = imageCarriersOf(section);
  const path = name === undefined ? undefined : `${MEDIA_PREFIX}${name}`;
  const columns = [...images, ...richText].map(columnOf);
  const tests = [
    ...images.map((field) =>
      path === undefined
        ? sql<boolean>`${sql.ref(columnOf(field))} is not null`
        : sql<boolean>`${sql.ref(columnOf(field))} like ${`%${path}`}`,
    ),
    ...richText.map((field) => sql<boolean>`${sql.ref(columnOf(field))} like ${`%${path ?? MEDIA_PREFIX}%`}`),
  ];
  const rows = await tablesByName(db)
    .selectFrom(tableOf(section))
    .select(['id', columnOf(section.titleField), ...columns])
    .where(sql<boolean>`(${sql.join(tests, sql` or `)})`)
    .execute();
  // the columns come back under their column names; the reading above takes field names
  return rows.map((row) => {
    const record: Scanned = { id: row.id as number, title: row[columnOf(section.titleField)] };
    for (const field of [...images, ...richText]) record[field] = row[columnOf(field)];
    return record;
  });
}

/** Records (their JSON as stored: waiting changes, revisions) that may show an image; with `name`, that one. */
async function storedRecords(db: Db, table: 'pending_changes' | 'revisions', name?: string) {
  const rows = await db
    .selectFrom(table)
    .select(['section', 'record_id', 'record'])
    .where('record', 'like', `%${name ?? MEDIA_PREFIX}%`)
    .execute();
  return rows.flatMap((row) => {
    const section = sectionBySlug(row.section);
    if (!section) return [];
    const record = JSON.parse(row.record) as Record<string, unknown>;
    return [{ section, id: Number(row.record_id), record }];
  });
}

/** The names a stored record JSON shows, the changes that waited on it (kept with a revision) included. */
function namesInStored(section: SectionDef, record: Record<string, unknown>, publicUrl?: string): Set<string> {
  const names = mediaNamesIn(section, record, publicUrl);
  const pending = record.pending_changes;
  if (pending && typeof pending === 'object')
    for (const name of mediaNamesIn(section, pending as Record<string, unknown>, publicUrl)) names.add(name);
  return names;
}

class UseList {
  readonly #byName = new Map<string, Map<string, FoundUse>>();

  add(name: string, use: FoundUse): void {
    let uses = this.#byName.get(name);
    if (!uses) this.#byName.set(name, (uses = new Map()));
    // a record counts once, whether its live version, its draft or its waiting changes show the image
    const key = `${use.section.slug}:${use.id}`;
    if (!uses.has(key)) uses.set(key, use);
  }

  of(name: string): FoundUse[] {
    return [...(this.#byName.get(name)?.values() ?? [])];
  }

  has(name: string): boolean {
    return this.#byName.has(name);
  }
}

/** Live records (published or draft) and waiting changes that show an image; with `name`, only that one. */
async function recordUses(db: Db, publicUrl: string | undefined, name?: string): Promise<UseList> {
  const found = new UseList();
  for (const section of sectionsWithImages()) {
    for (const row of await candidateRows(db, section, name)) {
      for (const shown of mediaNamesIn(section, row, publicUrl))
        found.add(shown, { section, id: Number(row.id), title: row.title });
    }
  }
  for (const { section, id, record } of await storedRecords(db, 'pending_changes', name)) {
    for (const shown of mediaNamesIn(section, record, publicUrl))
      found.add(shown, { section, id, title: record[section.titleField] });
  }
  return found;
}

/** Every image shown by a live record, a draft or waiting changes, by file name: what the library lists. */
export const allUses = (db: Db, publicUrl: string | undefined): Promise<UseList> => recordUses(db, publicUrl);

/** The records that show one image. */
export async function usesOf(db: Db, name: MediaName, publicUrl: string | undefined): Promise<FoundUse[]> {
  const file = mediaFileName(name);
  return (await recordUses(db, publicUrl, file)).of(file);
}

/** The records whose kept revisions (the trash's deleted records included) show one image. */
export async function historyUsesOf(db: Db, name: MediaName, publicUrl: string | undefined): Promise<FoundUse[]> {
  const file = mediaFileName(name);
  const found = new UseList();
  for (const { section, id, record } of await storedRecords(db, 'revisions', file)) {
    if (namesInStored(section, record, publicUrl).has(file))
      found.add(file, { section, id, title: record[section.titleField] });
  }
  return found.of(file);
}
