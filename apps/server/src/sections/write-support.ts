import { sql } from 'kysely';
import { type SectionDef, isRequired } from '@bursary/shared';
import type { Config } from '../config.ts';
import { dialectOf } from '../db/dialect.ts';
import { ifMatchAccepts } from '../lib/etag.ts';
import { PreconditionFailedError, ValidationError } from '../lib/errors.ts';
import { richTextSanitizer } from '../lib/sanitize-rich-text.ts';
import { storeImage } from '../media/store.ts';
import { type Upload, UPLOAD_PLACEHOLDER } from './input.ts';
import { columnOf, tableOf } from './naming.ts';
import type { ReadRecord } from './read.ts';
import type { Db, Row } from './repository.ts';

/** Who writes and under which precondition; every write route builds one. */
export interface WriteContext {
  db: Db;
  config: Config;
  username: string;
  /** The request's If-Match; undefined means the client sent none and the write is accepted. */
  ifMatch: string | undefined;
}

/** A stale If-Match: 412 with the current record, so the editor can compare and keep their text. */
export function checkIfMatch(section: SectionDef, ifMatch: string | undefined, current: ReadRecord): void {
  if (ifMatch !== undefined && !ifMatchAccepts(ifMatch, current.etag)) throw staleWrite(section, current);
}

export function staleWrite(section: SectionDef, current: ReadRecord | undefined): PreconditionFailedError {
  return new PreconditionFailedError(
    `This ${section.singular.toLowerCase()} was changed by someone else since you opened it. Reload it to see the current version, then make your change again.`,
    current?.record ?? null,
  );
}

/**
 * Serialises record creation in a single-record section so that two first saves cannot both
 * create "the one record". SQLite transactions are serialised already.
 */
export async function lockSection(trx: Db, section: SectionDef): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${`bursary-section:${tableOf(section)}`}))`.execute(trx);
}

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
      value = await storeImage(trx, upload, section.imagePolicy, config.mediaMaxBytes);
    } else if (def.kind === 'image' && typeof value === 'string' && !(await mediaExists(trx, value))) {
      throw new ValidationError([{ path: name, message: `${name} names an image that does not exist; upload the image again` }]);
    } else if (def.kind === 'richtext' && typeof value === 'string') {
      value = (await richTextSanitizer())(value);
      if (isRequired(def, mode) && String(value).replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(String(value))) {
        throw new ValidationError([{ path: name, message: `${name} is required` }]);
      }
    }
    columns[columnOf(name)] = value;
  }
  return columns;
}
