import { type SectionDef, type SectionRecord, sections } from '@bursary/shared';
import { sql } from 'kysely';
import { columnOf, tableOf } from '../db/naming.ts';
import type { Db } from '../db/types.ts';
import { altFieldsOf, checkAltText } from '../media/alt-text.ts';
import { imageFieldsOf, imageNameOf } from '../media/image-fields.ts';
import { type MediaName, mediaPath } from '../media/media-name.ts';
import { altTextsIn, setAltTextIn } from '../media/alt-in-languages.ts';
import { ValidationError } from '../lib/errors.ts';
import { nowIso } from '../lib/clock.ts';
import type { Changer } from './change-pipeline.ts';
import { askGate } from './commit-change.ts';
import type { RawInput } from './raw-input.ts';
import type { RecordStatus } from './record-validation.ts';
import { tablesByName } from './repository.ts';

/** A record being written, whose version moves with its own write. */
type Except = { section: SectionDef; id: number };

/** The alternative texts a record write sends, by the image field they describe. */
export type AltTexts = ReadonlyMap<string, string>;

/**
 * Takes each `F_alt` out of a record write's body (it is not a field of the record, and is never stored in
 * it or in its revisions): checked and trimmed, by image field. Null or left out changes nothing. A section
 * without image fields has none, and such a key is refused as any unknown field is.
 */
export function takeAltTexts(section: SectionDef, input: RawInput): { alts: AltTexts; input: RawInput } {
  const fields = altFieldsOf(section);
  const alts = new Map<string, string>();
  if (fields.size === 0) return { alts, input };
  let body = input.body;
  for (const [altField, imageField] of fields) {
    if (!Object.hasOwn(body, altField)) continue;
    const { [altField]: sent, ...rest } = body;
    body = rest;
    if (sent !== null) alts.set(imageField, checkAltText(sent, altField));
  }
  return { alts, input: body === input.body ? input : { body, uploads: input.uploads } };
}

/**
 * Inside the write's transaction: the alternative text of the image each field holds once written (`record`,
 * as stored), in `locale` when the write is in a language other than the default. A field left without an image
 * has no text to set. `written` is the record whose own version the write moves already (refreshRecordsShowing
 * moves the others that show the image).
 */
export async function applyAltTexts(
  trx: Db,
  who: Changer,
  alts: AltTexts,
  record: SectionRecord,
  written?: Except,
  locale?: string,
): Promise<void> {
  for (const [field, alt] of alts) await setAltText(trx, who, record[field], alt, written, locale);
}

/**
 * Waiting changes cannot carry a new alternative text for an image a record shows: the text belongs to the image
 * and shows at once on every record that uses it, so it would go live before the changes it came with. Inside the
 * changes' transaction, each `F_alt` sent for the image in the field (`record`, the changes as they will be
 * published) is set when no record holds that image yet (an image new with the changes, whose text nobody reads
 * until they are published); otherwise it must be the text the image already has in `locale` (the default
 * language when undefined), as a form sends it back unchanged, and another is refused with a sentence that says
 * where to set it. A field without a stored image has no text to set, as with a live save.
 */
export async function setWaitingAltTexts(
  trx: Db,
  who: Changer,
  alts: AltTexts,
  record: SectionRecord,
  locale?: string,
): Promise<void> {
  const refused: { path: string; message: string }[] = [];
  for (const [field, alt] of alts) {
    const name = imageNameOf(record[field]);
    if (!name) continue;
    if ((await recordsShowing(trx, name)).length === 0) {
      await setAltText(trx, who, record[field], alt, undefined, locale);
      continue;
    }
    const current =
      locale === undefined
        ? (await trx.selectFrom('media').select('alt').where('sha256', '=', name.sha256).executeTakeFirst())?.alt
        : (await altTextsIn(trx, [name.sha256], [locale])).get(name.sha256)?.get(locale);
    if ((current ?? '') !== alt)
      refused.push({
        path: `${field}_alt`,
        message: `${field}_alt cannot wait with the changes: an image's alternative text shows at once wherever the image is used. Publish the changes first, or set the text in Media.`,
      });
  }
  if (refused.length > 0) throw new ValidationError(refused);
}

/**
 * Record answers carry the alternative text of the images in their image fields, and what answers a record
 * is cached by its version (its ETag, and its section's change counter through the triggers, which every
 * instance reads). So when an image's text changes, every record that shows it in an image field moves to
 * a new version: no revision is stored, as the record's own content did not change. Each such record shows the new
 * text or focal point at once, so the change gate is asked about each (in `locale`, the language of the text changed;
 * null for the default language's or the focal point). Answers the records moved on, for the events that name them.
 */
export async function refreshRecordsShowing(
  trx: Db,
  who: Changer,
  name: MediaName,
  { locale, except }: { locale: string | null; except?: Except | undefined },
): Promise<ShownRecord[]> {
  const refreshed: ShownRecord[] = [];
  for (const [section, rows] of await recordsShowing(trx, name)) {
    const shown = rows.filter((row) => except?.section !== section || except.id !== row.id);
    if (shown.length === 0) continue;
    for (const { id: recordId, status } of shown)
      await askGate(trx, who, { section, recordId, locale, kind: 'image details', status });
    const ids = shown.map((row) => row.id);
    await tablesByName(trx)
      .updateTable(tableOf(section))
      .set({ version: sql`version + 1` })
      .where('id', 'in', ids)
      .execute();
    refreshed.push(...shown.map((row) => ({ section, ...row })));
  }
  return refreshed;
}

/** A record that holds an image in one of its image fields: its id, status and title (in the default language). */
interface RecordShowing {
  id: number;
  status: RecordStatus;
  title: string | null;
}

/** A record whose answer changed with an image's details. */
export interface ShownRecord extends RecordShowing {
  section: SectionDef;
}

/** The records (by section) that hold the image in one of their image fields. */
async function recordsShowing(trx: Db, name: MediaName): Promise<[SectionDef, RecordShowing[]][]> {
  const path = mediaPath(name);
  const showing: [SectionDef, RecordShowing[]][] = [];
  for (const section of sections) {
    const fields = imageFieldsOf(section);
    if (fields.length === 0) continue;
    const holds = sql<boolean>`(${sql.join(
      fields.map((field) => sql`${sql.ref(columnOf(field))} = ${path}`),
      sql` or `,
    )})`;
    // looked up first: an update that matches nothing still moves the counter on PostgreSQL (a statement trigger)
    const rows = await tablesByName(trx)
      .selectFrom(tableOf(section))
      .select(['id', 'status', sql.ref<unknown>(columnOf(section.titleField)).as('title')])
      .where(holds)
      .execute();
    if (rows.length > 0)
      showing.push([
        section,
        rows.map((row) => ({
          id: Number(row.id),
          status: row.status as RecordStatus,
          title: row.title === null || row.title === undefined ? null : String(row.title),
        })),
      ]);
  }
  return showing;
}

/**
 * Sets the alternative text of the image an image field holds (`url`), inside the caller's transaction: a
 * record write's `F_alt`. Nothing happens when the field holds no stored image or the text is already this.
 */
async function setAltText(
  trx: Db,
  who: Changer,
  url: unknown,
  alt: string,
  except?: Except,
  locale?: string,
): Promise<void> {
  const name = imageNameOf(url);
  if (!name) return;
  if (locale !== undefined) {
    // the write locked the image for share (records/write-columns.ts): it exists until the transaction ends
    if (await setAltTextIn(trx, name, locale, alt, nowIso()))
      await refreshRecordsShowing(trx, who, name, { locale, except });
    return;
  }
  const changed = await trx
    .updateTable('media')
    .set({ alt })
    .where('sha256', '=', name.sha256)
    .where('ext', '=', name.ext)
    .where('alt', '<>', alt)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) > 0) await refreshRecordsShowing(trx, who, name, { locale: null, except });
}
