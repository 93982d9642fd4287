import { type SectionDef, isRequired } from '@bursary/shared';
import type { Config } from '../config/config.ts';
import { ValidationError } from '../lib/errors.ts';
import { sanitizeRichText } from '../rich-text/off-thread.ts';
import { type CleanRichText, cleanRichText } from '../media/rich-text-images.ts';
import { type InspectedImage, inspectImage, storeInspected, uploadedFileName } from '../media/store.ts';
import type { Upload } from './raw-input.ts';
import { UPLOAD_PLACEHOLDER } from './record-validation.ts';
import { columnOf } from '../db/naming.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Db } from '../db/types.ts';
import type { Row } from './repository.ts';

/**
 * The slow part of a write, done before its transaction: rich text sanitised (in a worker when
 * long), and uploads and images pasted into rich text decoded and re-encoded (on libvips's
 * threads). Inside the transaction they would hold it open, and on SQLite every write committed
 * in the same batch with it.
 */
export interface PreparedWrite {
  /** Per rich-text field: the text as sent, as cleaned, and the pasted images it now names. */
  richText: Map<string, CleanRichText & { sent: string }>;
  images: Map<string, InspectedImage>;
}

/**
 * Nothing prepared: for waiting changes checked again when published, whose text was stored by a save that prepared
 * it and is cleaned again only (toColumns).
 */
export const nothingPrepared = (): PreparedWrite => ({ richText: new Map(), images: new Map() });

export async function prepareWrite(
  config: Config,
  section: SectionDef,
  values: Record<string, unknown>,
  uploads: Map<string, Upload>,
): Promise<PreparedWrite> {
  const prepared: PreparedWrite = { richText: new Map(), images: new Map() };
  for (const [name, def] of Object.entries(section.fields)) {
    const value = values[name];
    if (def.kind === 'image' && value === UPLOAD_PLACEHOLDER) {
      const upload = uploads.get(name);
      if (upload)
        prepared.images.set(name, {
          ...(await inspectImage(upload.bytes, config.mediaMaxBytes)),
          fileName: uploadedFileName(upload.filename),
        });
    } else if (def.kind === 'richtext' && typeof value === 'string') {
      const options = { maxBytes: config.mediaMaxBytes, publicUrl: config.publicUrl };
      prepared.richText.set(name, { sent: value, ...(await cleanRichText(value, name, options)) });
    }
  }
  return prepared;
}

/**
 * Whether the image a field names is stored. On PostgreSQL the row is locked for share until the write
 * commits, so a delete of the image (which locks it for update, media-library/library.ts) waits for the write and
 * then sees the record using it, or the write waits for the delete and finds the image gone.
 */
async function mediaExists(trx: Db, url: string): Promise<boolean> {
  const sha256 = url.slice('/media/'.length).split('.')[0] ?? '';
  let query = trx.selectFrom('media').select('ext').where('sha256', '=', sha256);
  if (dialectOf(trx) === 'postgres') query = query.forShare();
  const found = await query.executeTakeFirst();
  return found !== undefined && url.endsWith(`.${found.ext}`);
}

/**
 * The columns to store for validated values: prepared uploads and pasted images stored as media
 * (inside the caller's transaction), media URLs checked to exist, rich text as prepared.
 * Text that was not prepared (waiting changes checked again when published) was stored
 * by a save that prepared it: it is cleaned again only.
 */
export async function toColumns(
  trx: Db,
  section: SectionDef,
  values: Record<string, unknown>,
  prepared: PreparedWrite,
  mode: 'create' | 'update',
): Promise<Row> {
  const columns: Row = {};
  for (const [name, def] of Object.entries(section.fields)) {
    let value = values[name];
    if (value === undefined) continue;
    if (def.kind === 'image' && value === UPLOAD_PLACEHOLDER) {
      const image = prepared.images.get(name);
      if (!image)
        throw new ValidationError([
          { path: name, message: `${name} must be an image uploaded to this server (/media/…), or empty` },
        ]);
      value = await storeInspected(trx, image);
    } else if (def.kind === 'image' && typeof value === 'string' && !(await mediaExists(trx, value))) {
      throw new ValidationError([
        { path: name, message: `${name} names an image that does not exist; upload the image again` },
      ]);
    } else if (def.kind === 'richtext' && typeof value === 'string') {
      const text = prepared.richText.get(name);
      if (text?.sent === value) {
        for (const image of text.images) await storeInspected(trx, image);
        value = text.clean;
      } else value = await sanitizeRichText(value, name);
      if (
        isRequired(def, mode) &&
        String(value)
          .replace(/<[^>]*>/g, '')
          .trim() === '' &&
        !/<img\b/i.test(String(value))
      ) {
        throw new ValidationError([{ path: name, message: `${name} is required` }]);
      }
    }
    columns[columnOf(name)] = value;
  }
  return columns;
}
