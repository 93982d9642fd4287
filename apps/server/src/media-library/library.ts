import type { MediaItem } from '@bursary/shared';
import { appendLogs, named } from '../audit/log-writes.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Db } from '../db/types.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { holdLanguage } from '../locales/store.ts';
import { nowIso } from '../lib/clock.ts';
import { ConflictError } from '../lib/errors.ts';
import { withDimensions } from '../media/dimensions.ts';
import { setAltTextIn } from '../media/alt-in-languages.ts';
import { type MediaName, imageNotFound, mediaFileName, mediaPath } from '../media/media-name.ts';
import type { Changer } from '../records/change-pipeline.ts';
import { refreshRecordsShowing } from '../records/image-alt.ts';
import { enqueueImageDetailsEvents } from '../webhooks/change-events.ts';
import { type LibraryLanguage, altAnswersIn, withoutAltIn } from './library-language.ts';
import { type FoundUse, allUses, historyUsesOf, toMediaUse, usesOf } from './uses.ts';

/** Audit rows of the media library go under this section name, with no record id: e.g. `Image "….png" deleted`. */
const MEDIA_LOG_SECTION = 'media';

const LISTED = [
  'sha256',
  'ext',
  'content_type',
  'size',
  'alt',
  'focal_x',
  'focal_y',
  'width',
  'height',
  'file_name',
  'created_at',
] as const;

interface ListedRow {
  sha256: string;
  ext: string;
  content_type: string;
  size: number | string;
  alt: string;
  focal_x: number | string;
  focal_y: number | string;
  width: number | string | null;
  height: number | string | null;
  file_name: string | null;
  created_at: string;
}

const orNull = (value: number | string | null) => (value === null ? null : Number(value));

function toItem(
  row: ListedRow,
  uses: FoundUse[],
  publicUrl: string | undefined,
  alt: Pick<MediaItem, 'alt' | 'alt_by_locale'>,
): MediaItem {
  return {
    name: mediaFileName(row),
    url: `${publicUrl ?? ''}${mediaPath(row)}`,
    type: row.content_type,
    width: orNull(row.width),
    height: orNull(row.height),
    file_name: row.file_name,
    bytes: Number(row.size),
    alt: alt.alt,
    focal_x: Number(row.focal_x),
    focal_y: Number(row.focal_y),
    used_by: uses.map(toMediaUse),
    created_at: row.created_at,
    ...(alt.alt_by_locale ? { alt_by_locale: alt.alt_by_locale } : {}),
  };
}

export interface MediaQuery {
  unused: boolean;
  /** Without text in the language read (`language` of kind `one`), else in the default language. */
  missingAlt: boolean;
  limit: number;
  offset: number;
  language?: LibraryLanguage | undefined;
}

/**
 * GET /api/media: every stored image (variants are kept elsewhere and never listed), newest first. Which
 * records use each is read from the records themselves on every call (media-library/uses.ts), so it is never out of
 * date; the filter on use needs every image's uses, so the page is cut after it.
 */
export async function listMedia(
  db: Db,
  publicUrl: string | undefined,
  query: MediaQuery,
): Promise<{ items: MediaItem[]; total: number }> {
  const { language } = query;
  let rows = db.selectFrom('media').select(LISTED).orderBy('created_at', 'desc').orderBy('sha256');
  if (query.missingAlt)
    rows = language?.kind === 'one' ? rows.where(withoutAltIn(language.code)) : rows.where('alt', '=', '');
  const [found, uses] = await Promise.all([rows.execute(), allUses(db, publicUrl)]);
  const kept = query.unused ? found.filter((row) => !uses.has(mediaFileName(row))) : found;
  const page = await withDimensions(db, kept.slice(query.offset, query.offset + query.limit));
  const altOf = await altAnswersIn(db, page, language);
  return {
    items: page.map((row) => toItem(row, uses.of(mediaFileName(row)), publicUrl, altOf(row))),
    total: kept.length,
  };
}

/** One stored image as the library answers it; undefined when there is none. */
export async function readMediaItem(
  db: Db,
  name: MediaName,
  publicUrl: string | undefined,
  language?: LibraryLanguage,
): Promise<MediaItem | undefined> {
  const row = await db
    .selectFrom('media')
    .select(LISTED)
    .where('sha256', '=', name.sha256)
    .where('ext', '=', name.ext)
    .executeTakeFirst();
  if (!row) return undefined;
  const [sized] = await withDimensions(db, [row]);
  const altOf = await altAnswersIn(db, [row], language);
  return toItem(sized ?? row, await usesOf(db, name, publicUrl), publicUrl, altOf(row));
}

/**
 * The image row, locked until the transaction ends on PostgreSQL: a record write that names the image locks
 * it for share (records/write-columns.ts), so a delete and a write that would use the image take turns.
 * SQLite write transactions take turns already.
 */
async function lockedImage(trx: Db, name: MediaName) {
  let query = trx
    .selectFrom('media')
    .select(['alt', 'focal_x', 'focal_y', 'file_name'])
    .where('sha256', '=', name.sha256)
    .where('ext', '=', name.ext);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export interface CheckedPatch {
  alt?: string;
  focal_x?: number;
  focal_y?: number;
}

/** An image as the log names it: by the name of the file it was uploaded as, else by its stored name (its hash). */
const imageLogName = (name: MediaName, fileName: string | null | undefined) =>
  named('Image', fileName ?? mediaFileName(name), 0);

/** A language other than the default that a PATCH writes the alternative text of. */
export interface AltLanguageWritten {
  code: string;
  name: string;
  /** Whether the website reads it: a change in a private language's text is no news to the website. */
  public: boolean;
}

/**
 * PATCH /api/media/{name}: the alternative text (in `language`, else the default language's) and/or the focal point
 * (one for every language), with an audit row saying what changed. A moved focal point drops the image's crops: they
 * centre on the old point and would never be answered again (a crop's key names its focal point, media/variants.ts).
 */
export async function patchMedia(
  db: Db,
  who: Changer,
  name: MediaName,
  patch: CheckedPatch,
  language?: AltLanguageWritten,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    if (language) await holdLanguage(trx, language.code);
    const current = await lockedImage(trx, name);
    if (!current) throw imageNotFound();
    const now = nowIso();
    const altChanged =
      patch.alt !== undefined &&
      (language ? await setAltTextIn(trx, name, language.code, patch.alt, now) : patch.alt !== current.alt);
    const focal = {
      focal_x: patch.focal_x ?? Number(current.focal_x),
      focal_y: patch.focal_y ?? Number(current.focal_y),
    };
    const focalMoved = focal.focal_x !== Number(current.focal_x) || focal.focal_y !== Number(current.focal_y);
    if (!altChanged && !focalMoved) return;
    const columns = { ...(altChanged && !language ? { alt: patch.alt } : {}), ...(focalMoved ? focal : {}) };
    if (Object.keys(columns).length > 0)
      await trx.updateTable('media').set(columns).where('sha256', '=', name.sha256).execute();
    // record answers carry both beside the image: every record showing it moves to a new version, and the website
    // hears of each published one, unless only a private language's text changed; a focal point is the image's in
    // every language
    const locale = focalMoved ? null : (language?.code ?? null);
    const shown = await refreshRecordsShowing(trx, who, name, { locale });
    await enqueueImageDetailsEvents(trx, shown, { username: who.username, locale, now });
    if (focalMoved)
      await trx
        .deleteFrom('media_variants')
        .where('media_sha256', '=', name.sha256)
        .where('variant', 'like', '%cover%')
        .execute();
    const what = [altChanged ? 'alternative text' : '', focalMoved ? 'focal point' : ''].filter(Boolean).join(' and ');
    const content = `${imageLogName(name, current.file_name)}: ${what} changed${altChanged && language ? ` (${language.name})` : ''}`;
    const { username } = who;
    const event = { action: 'update' as const, content, section: MEDIA_LOG_SECTION, recordId: null, username };
    await appendLogs(trx, [event], null, now);
  });
}

/** Names up to three records in a sentence: `FAQ "A", Hero "B" and 2 more`. */
function recordList(uses: FoundUse[]): string {
  const names = uses.slice(0, 3).map((use) => named(use.section.singular, use.title, use.id));
  if (uses.length > 3) return `${names.join(', ')} and ${uses.length - 3} more`;
  if (names.length === 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * DELETE /api/media/{name}: refused while a live record, a draft, waiting changes or a kept revision (the
 * trash's included) shows the image, so nothing that is or can be brought back on the website ever points
 * at a missing image. Otherwise the original goes, its variants with it (foreign key, cascade).
 */
export async function deleteMedia(
  db: Db,
  username: string,
  name: MediaName,
  publicUrl: string | undefined,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const image = await lockedImage(trx, name);
    if (!image) throw imageNotFound();
    const uses = await usesOf(trx, name, publicUrl);
    if (uses.length > 0) throw new ConflictError(`This image is used by ${recordList(uses)}; remove it there first.`);
    const kept = await historyUsesOf(trx, name, publicUrl);
    if (kept.length > 0)
      throw new ConflictError(
        `This image is kept in the history of ${recordList(kept)}, and restoring an earlier version would bring it back; it can be deleted once those versions have left the history.`,
      );
    await trx.deleteFrom('media').where('sha256', '=', name.sha256).where('ext', '=', name.ext).execute();
    const event = {
      action: 'delete' as const,
      content: `${imageLogName(name, image.file_name)} deleted`,
      section: MEDIA_LOG_SECTION,
      recordId: null,
      username,
    };
    await appendLogs(trx, [event], null, nowIso());
  });
}
