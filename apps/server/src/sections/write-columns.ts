import { type SectionDef, isRequired } from '@bursary/shared';
import type { Config } from '../config.ts';
import { ValidationError } from '../lib/errors.ts';
import { sanitizeRichText } from '../lib/rich-text-off-thread.ts';
import { storeImage } from '../media/store.ts';
import type { Upload } from './multipart-input.ts';
import { UPLOAD_PLACEHOLDER } from './record-validation.ts';
import { columnOf } from './naming.ts';
import type { Db, Row } from './repository.ts';

async function mediaExists(trx: Db, url: string): Promise<boolean> {
  const sha256 = url.slice('/media/'.length).split('.')[0] ?? '';
  const found = await trx.selectFrom('media').select('ext').where('sha256', '=', sha256).executeTakeFirst();
  return found !== undefined && url.endsWith(`.${found.ext}`);
}

/**
 * The columns to store for validated values: uploads stored as media (inside the caller's
 * transaction), media URLs checked to exist, rich text sanitised (issue 2, point 9).
 */
export async function toColumns(trx: Db, config: Config, section: SectionDef, values: Record<string, unknown>,
  uploads: Map<string, Upload>, mode: 'create' | 'update'): Promise<Row> {
  const columns: Row = {};
  for (const [name, def] of Object.entries(section.fields)) {
    let value = values[name];
    if (value === undefined) continue;
    if (def.kind === 'image' && value === UPLOAD_PLACEHOLDER) {
      const upload = uploads.get(name);
      if (!upload) throw new ValidationError([{ path: name, message: `${name} must be an image uploaded to this server (/media/…), or empty` }]);
      value = await storeImage(trx, upload, config.mediaMaxBytes);
    } else if (def.kind === 'image' && typeof value === 'string' && !(await mediaExists(trx, value))) {
      throw new ValidationError([{ path: name, message: `${name} names an image that does not exist; upload the image again` }]);
    } else if (def.kind === 'richtext' && typeof value === 'string') {
      value = await sanitizeRichText(value, name);
      if (isRequired(def, mode) && String(value).replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(String(value))) {
        throw new ValidationError([{ path: name, message: `${name} is required` }]);
      }
    }
    columns[columnOf(name)] = value;
  }
  return columns;
}
