import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import { formatBytes } from '../lib/error-body.ts';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../lib/errors.ts';
import { mediaPath } from './media-name.ts';
import { reEncode } from './re-encode.ts';
import { WEB_RASTER, hasEmbeddedMarkup, isWellFormedRaster, sniffExtension, type RasterType } from './raster.ts';

export interface Upload {
  bytes: Buffer;
  /** The client's file name and Content-Type: kept for nothing, trusted for nothing (ASVS 12.3.1). */
  filename?: string;
  declaredType?: string;
}

const SVG: RasterType = { ext: 'svg', mime: 'image/svg+xml' };

function unsupported(): UnsupportedMediaTypeError {
  return new UnsupportedMediaTypeError(
    'This file is not an accepted image. Upload a PNG, JPEG, GIF, WebP or SVG image.',
  );
}

export const imageTooLarge = (maxBytes: number) =>
  new PayloadTooLargeError(`The image is larger than the ${formatBytes(maxBytes)} limit. Upload a smaller file.`);

/**
 * Decides the type from the bytes alone and returns what is to be stored: a raster image
 * decoded and encoded again without its metadata, or the SVG rebuilt from its cleaned tree.
 */
export interface InspectedImage {
  type: RasterType;
  bytes: Buffer;
  /** Pixels; undefined for an SVG, which has no fixed size. */
  width?: number;
  height?: number;
}

export async function inspectImage(bytes: Buffer, maxBytes: number): Promise<InspectedImage> {
  if (bytes.length === 0) throw new BadRequestError('The uploaded file is empty. Choose an image file.');
  if (bytes.length > maxBytes) throw imageTooLarge(maxBytes);
  const sniffed = await sniffExtension(bytes);
  const raster = sniffed === undefined ? undefined : WEB_RASTER[sniffed];
  if (raster && sniffed !== undefined) {
    if (!isWellFormedRaster(sniffed, bytes) || hasEmbeddedMarkup(sniffed, bytes)) throw unsupported();
    const { ext, mime, format } = raster;
    return { type: { ext, mime }, ...(await reEncode(bytes, format)) };
  }
  // file-type knows no SVG; a real SVG is recognised by parsing it, and only then
  if (sniffed === undefined || sniffed === 'xml') {
    // the SVG cleaner and its HTML parser load with the first upload that may be one
    const { cleanSvg } = await import('./svg.ts');
    const cleaned = cleanSvg(bytes);
    if (cleaned) return { type: SVG, bytes: cleaned };
  }
  throw unsupported();
}

/**
 * Stores an inspected image in the database, content-addressed by the stored (re-encoded) bytes
 * and deduplicated, and returns its URL. Nothing is written to disk. Pass the write's
 * transaction so the image lands with it.
 */
export async function storeInspected(
  db: Kysely<Database> | Transaction<Database>,
  { type, bytes, width, height }: InspectedImage,
): Promise<string> {
  const sha256 = contentHash(bytes);
  await db
    .insertInto('media')
    .values({
      sha256,
      ext: type.ext,
      content_type: type.mime,
      size: bytes.length,
      bytes,
      width: width ?? null,
      height: height ?? null,
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column('sha256').doNothing())
    .execute();
  return mediaPath({ sha256, ext: type.ext });
}

/** Inspects an upload and stores what is to be stored (storeInspected). */
export async function storeImage(
  db: Kysely<Database> | Transaction<Database>,
  upload: Upload,
  maxBytes: number,
): Promise<string> {
  return storeInspected(db, await inspectImage(upload.bytes, maxBytes));
}

const contentHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The URL storeInspected will answer for this image, known before the write that stores it. */
export const mediaUrlOf = ({ type, bytes }: InspectedImage): string =>
  mediaPath({ sha256: contentHash(bytes), ext: type.ext });
