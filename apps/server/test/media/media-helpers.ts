/** Shared by the media tests, split by subject to keep every file under 250 lines. */
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../src/db/types.ts';
import { HttpError } from '../../src/lib/errors.ts';
import { storeImage } from '../../src/media/store.ts';

export const LIMIT = 64 * 1024;

export async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

/** A stored raster image `width` × `height`: a red field with a green band in the middle third across. */
export async function storedImage(
  db: Kysely<Database>,
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png',
): Promise<{ url: string; sha256: string }> {
  const band = Math.max(1, Math.round(width / 3));
  const green = await sharp({ create: { width: band, height, channels: 3, background: '#00ff00' } })
    .png()
    .toBuffer();
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: green, left: Math.round((width - band) / 2), top: 0 }])
    .toFormat(format)
    .toBuffer();
  const url = await storeImage(db, { bytes }, 20 * 1024 * 1024);
  return { url, sha256: url.slice(7, 71) };
}

/** How many variants are kept of the original `sha256`. */
export const variantRows = async (db: Kysely<Database>, sha256: string) =>
  Number(
    (
      await db
        .selectFrom('media_variants')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('media_sha256', '=', sha256)
        .executeTakeFirstOrThrow()
    ).n,
  );
