import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faqs } from '@bursary/shared';
import { loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { loadSharp } from '../src/media/sharp.ts';
import { richTextSanitizer } from '../src/rich-text/sanitize.ts';
import { movePastedImages } from '../src/media-library/pasted-images-move.ts';
import { createRecord } from '../src/records/record-writes.ts';
import { tablesByName } from '../src/records/repository.ts';
import { changePipeline } from '../src/change-pipeline.ts';
import type { Part } from './report.ts';

/**
 * What pasted images cost a stored record: the record row of an FAQ whose answer holds two photos of
 * about 1 MB each, with the photos as data URLs (as rows were stored before) and once they are
 * moved into the media store (as every save and the start-up move store them now). The row is
 * written as an older database holds it and moved by the start-up move, which stores exactly what a
 * save would. Sizes only, on a SQLite database of its own; nothing is timed.
 */
const PHOTO_BYTES = 1024 * 1024;

/** A JPEG of random noise near `bytes` long: noise does not compress, so its size is what a photo weighs. */
async function noisePhoto(bytes: number, seed: number): Promise<Buffer> {
  const sharp = await loadSharp();
  let side = 600;
  for (;;) {
    const pixels = Buffer.alloc(side * side * 3);
    let state = seed * 2_654_435_761 + side;
    for (let i = 0; i < pixels.length; i++) {
      state = (state * 1_103_515_245 + 12_345) >>> 0;
      pixels[i] = state >>> 24;
    }
    const jpeg = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    if (jpeg.length >= bytes * 0.95) return jpeg;
    side = Math.ceil(side * Math.sqrt((bytes / jpeg.length) * 1.02));
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export async function measureInlineImages(): Promise<Part> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-bench-inline-'));
  const config = { ...loadConfig({}), dataDir, logLevel: 'silent' as const };
  const db = await openDatabase(config);
  try {
    await migrateToLatest(db);
    const photos = [await noisePhoto(PHOTO_BYTES, 1), await noisePhoto(PHOTO_BYTES, 2)];
    const description = photos
      .map(
        (photo, n) =>
          `<p>Photo ${n + 1}</p><p><img src="data:image/jpeg;base64,${photo.toString('base64')}" alt="Photo ${n + 1}"></p>`,
      )
      .join('');
    const created = await createRecord(
      { db, config, username: 'bench', ifMatch: undefined, changes: changePipeline() },
      faqs,
      {
        body: { title: 'Two photos', description: '<p>Photos follow.</p>' },
        uploads: new Map(),
      },
    );
    const row = tablesByName(db).selectFrom('faqs').select('description').where('id', '=', created.record.id);
    const storedBytes = async () => Buffer.byteLength(String((await row.executeTakeFirstOrThrow()).description));
    await tablesByName(db)
      .updateTable('faqs')
      .set({ description: (await richTextSanitizer())(description, 'description') })
      .where('id', '=', created.record.id)
      .execute();
    const before = await storedBytes();
    await movePastedImages(db, config);
    const after = await storedBytes();
    const media = await db.selectFrom('media').select('size').execute();
    const mediaBytes = media.reduce((sum, { size }) => sum + Number(size), 0);
    return {
      title: 'Images pasted into rich text (an FAQ answer with two photos of about 1 MB)',
      lines: [
        `  photos pasted: ${photos.map((photo) => kb(photo.length)).join(' and ')}`,
        `  record row's answer with data URLs (before): ${kb(before)} (${before} bytes)`,
        `  record row's answer with /media/ URLs (after): ${after} bytes`,
        `  media rows: ${media.length}, ${kb(mediaBytes)} (re-encoded; read only when an image is shown)`,
      ],
      goals: [],
      figures: { photoBytes: photos.map((photo) => photo.length), beforeBytes: before, afterBytes: after, mediaBytes },
    };
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const part = await measureInlineImages();
  console.log(part.title);
  for (const line of part.lines) console.log(line);
}
