import { type SectionDef, type SectionRecord, sections } from '@bursary/shared';
import { sql } from 'kysely';
import type { Config } from '../config/config.ts';
import { columnOf, tableOf } from '../db/naming.ts';
import type { Db } from '../db/types.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { HttpError } from '../lib/errors.ts';
import { storeInspected, type InspectedImage } from '../media/store.ts';
import { DATA_IMAGE_MARK } from '../rich-text/data-images.ts';
import { cleanRichText } from '../media/rich-text-images.ts';
import { tablesByName } from '../records/repository.ts';
import { imageCarriersOf } from '../media/image-fields.ts';

/**
 * Moves the images that rich text stored before as `data:` URLs into the media store, as a save
 * does now (media/rich-text-images.ts): the records of every section table and the changes waiting on them
 * (drafts are records). Revisions are left as they were written: history is never rewritten, and
 * restoring one moves its images then, as any write does.
 *
 * In batches, each its own write transaction: the rows of a batch are read and their images
 * re-encoded first, then inside the transaction each row is written only if it is still the
 * version that was read (a save in between wins; the row is read again in a later batch if it still
 * holds a data URL), and its images are stored in that same transaction. So a crash between batches
 * loses nothing and the next run goes on from what is left, two processes running it at once write
 * each row once, and a row without a data URL is never touched. A moved row gets a new version (its
 * ETag changes) but keeps its updated_at: no one edited it. A record whose image cannot be moved
 * (damaged, or past the upload limit) is left as it is and named in the result.
 */

/** Rows per batch: each may hold megabytes of data URLs. */
const BATCH_ROWS = 10;

export interface MoveResult {
  images: number;
  records: number;
  /** Rows left with their data URLs, and why. */
  left: { where: string; reason: string }[];
}

interface Options {
  /** Called after each committed batch with the totals so far (progress, and tests that stop a run there). */
  afterBatch?: (sofar: MoveResult) => void | Promise<void>;
}

/** One row's rich text as it will be stored, and the images to store with it. */
interface MovedRow {
  fields: Map<string, string>;
  images: InspectedImage[];
}

const richTextFields = (section: SectionDef) => imageCarriersOf(section).richText;

const holdsMark = (column: string) => sql<boolean>`${sql.ref(column)} like ${`%${DATA_IMAGE_MARK}%`}`;

/** The fields of `values` whose rich text holds a data URL, moved; a refused image refuses the row. */
async function moveFields(
  config: Config,
  names: readonly string[],
  values: Record<string, unknown>,
): Promise<MovedRow> {
  const moved: MovedRow = { fields: new Map(), images: [] };
  for (const name of names) {
    const value = values[name];
    if (typeof value !== 'string' || !value.includes(DATA_IMAGE_MARK)) continue;
    const { clean, images } = await cleanRichText(value, name, {
      maxBytes: config.mediaMaxBytes,
      publicUrl: undefined,
    });
    moved.fields.set(name, clean);
    moved.images.push(...images);
  }
  return moved;
}

interface Batch {
  /** Each row read and moved, and how to write it back if it is still the version read. */
  rows: { moved: MovedRow; write: (trx: Db, moved: MovedRow) => Promise<boolean> }[];
  /** Rows whose images cannot be moved, and why. */
  refused: { key: string; reason: string }[];
  /** Rows that say `data:image/` only in their words, with no image to move. */
  unchanged: string[];
  found: number;
}

/** Moves one row's fields; an image or text refused as a save would refuse it leaves the row out. */
async function collect(
  batch: Batch,
  key: string,
  move: () => Promise<MovedRow>,
  write: (trx: Db, moved: MovedRow) => Promise<boolean>,
): Promise<void> {
  try {
    const moved = await move();
    if (moved.images.length > 0) batch.rows.push({ moved, write });
    else batch.unchanged.push(key);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    batch.refused.push({ key, reason: error.message });
  }
}

async function sectionBatch(db: Db, config: Config, section: SectionDef, skip: Set<string>): Promise<Batch> {
  const names = richTextFields(section);
  if (names.length === 0) return { rows: [], refused: [], unchanged: [], found: 0 };
  const table = tableOf(section);
  const skipped = [...skip].filter((key) => key.startsWith(`${section.slug}/`)).map((key) => Number(key.split('/')[1]));
  let query = tablesByName(db)
    .selectFrom(table)
    .select(['id', 'version', ...names.map(columnOf)])
    .where(({ or }) => or(names.map((name) => holdsMark(columnOf(name)))))
    .orderBy('id')
    .limit(BATCH_ROWS);
  if (skipped.length > 0) query = query.where('id', 'not in', skipped);
  const found = await query.execute();
  const batch: Batch = { rows: [], refused: [], unchanged: [], found: found.length };
  for (const row of found) {
    const id = Number(row.id);
    const version = Number(row.version);
    const values = Object.fromEntries(names.map((name) => [name, row[columnOf(name)]]));
    await collect(
      batch,
      `${section.slug}/${id}`,
      () => moveFields(config, names, values),
      async (trx, moved) => {
        const columns = Object.fromEntries([...moved.fields].map(([name, html]) => [columnOf(name), html]));
        const landed = await tablesByName(trx)
          .updateTable(table)
          .set({ ...columns, version: sql`version + 1` })
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst();
        return Number(landed.numUpdatedRows) === 1;
      },
    );
  }
  return batch;
}

async function pendingBatch(db: Db, config: Config, skip: Set<string>): Promise<Batch> {
  const found = await db
    .selectFrom('pending_changes')
    .select(['section', 'record_id', 'version', 'record'])
    .where(holdsMark('record'))
    .orderBy('section')
    .orderBy('record_id')
    .limit(BATCH_ROWS + skip.size)
    .execute();
  const batch: Batch = { rows: [], refused: [], unchanged: [], found: 0 };
  for (const row of found) {
    const key = `pending ${row.section}/${Number(row.record_id)}`;
    const section = sections.find((candidate) => candidate.slug === row.section);
    if (skip.has(key) || !section || batch.found >= BATCH_ROWS) continue;
    batch.found += 1;
    const version = Number(row.version);
    const record = JSON.parse(row.record) as SectionRecord;
    await collect(
      batch,
      key,
      () => moveFields(config, richTextFields(section), record),
      async (trx, moved) => {
        const landed = await trx
          .updateTable('pending_changes')
          .set({
            record: JSON.stringify({ ...record, ...Object.fromEntries(moved.fields) }),
            version: sql`version + 1`,
          })
          .where('section', '=', row.section)
          .where('record_id', '=', row.record_id)
          .where('version', '=', version)
          .executeTakeFirst();
        return Number(landed.numUpdatedRows) === 1;
      },
    );
  }
  return batch;
}

/**
 * Every row still holding a data URL, moved batch after batch until none is left (or only rows
 * whose images cannot be moved). Safe to run at any time, beside a running server.
 */
export async function movePastedImages(db: Db, config: Config, options: Options = {}): Promise<MoveResult> {
  const result: MoveResult = { images: 0, records: 0, left: [] };
  const skip = new Set<string>();
  const sources: ((skip: Set<string>) => Promise<Batch>)[] = [
    ...sections.map((section) => (s: Set<string>) => sectionBatch(db, config, section, s)),
    (s) => pendingBatch(db, config, s),
  ];
  for (const next of sources) {
    for (let batch = await next(skip); batch.found > 0; batch = await next(skip)) {
      const moved = await writeTransaction(
        db,
        async (trx) => {
          const images = new Set<string>();
          let records = 0;
          for (const row of batch.rows) {
            // written only over the version read: a save in between wins, and stored its own images
            if (!(await row.write(trx, row.moved))) continue;
            records += 1;
            for (const image of row.moved.images) images.add(await storeInspected(trx, image));
          }
          return { images: images.size, records };
        },
        { quiet: true },
      );
      for (const key of batch.unchanged) skip.add(key);
      for (const { key, reason } of batch.refused) {
        skip.add(key);
        result.left.push({ where: key, reason });
      }
      result.images += moved.images;
      result.records += moved.records;
      await options.afterBatch?.(result);
    }
  }
  return result;
}
