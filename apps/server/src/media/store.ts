import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import { formatBytes } from '../lib/error-body.ts';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../lib/errors.ts';
import { mediaPath } from './media-name.ts';
import { reEncode } from './re-encode.ts';
import { WEB_RASTER, hasEmbeddedMarkup, isWellFormedRaster, sniffExtension, type RasterType } from './raster.ts';

export interface Upload {
  bytes: Buffer;
  /**
   * The client's file name and Content-Type, trusted for nothing (ASVS 12.3.1): the type is read from the bytes,
   * and the name is kept only as a label for people (uploadedFileName), never as a path.
   */
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
  /** The uploaded file's own name, as uploadedFileName keeps it; undefined when it came without one. */
  fileName?: string;
}

/** The longest file name kept: the common file systems' limit. */
const FILE_NAME_MAX_LENGTH = 255;

/**
 * The name of the uploaded file as a label: the last part of whatever path the client sent, without control
 * characters, trimmed and cut to 255 characters; undefined when nothing is left.
 */
export function uploadedFileName(filename: string | undefined): string | undefined {
  if (filename === undefined) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is taken out
  const base = (filename.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base === '' ? undefined : [...base].slice(0, FILE_NAME_MAX_LENGTH).join('');
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
  { type, bytes, width, height, fileName }: InspectedImage,
): Promise<string> {
  const sha256 = contentHash(bytes);
  const insert = db.insertInto('media').values({
    sha256,
    ext: type.ext,
    content_type: type.mime,
    size: bytes.length,
    bytes,
    width: width ?? null,
    height: height ?? null,
    file_name: fileName ?? null,
    created_at: new Date().toISOString(),
  });
  // The same bytes stored before keep their name; one stored without a name takes this upload's.
  await (
    fileName === undefined
      ? insert.onConflict((conflict) => conflict.column('sha256').doNothing())
      : insert.onConflict((conflict) =>
          conflict
            .column('sha256')
            .doUpdateSet({ file_name: sql<string>`coalesce(media.file_name, excluded.file_name)` }),
        )
  ).execute();
  return mediaPath({ sha256, ext: type.ext });
}

/** Inspects an upload and stores what is to be stored (storeInspected). */
export async function storeImage(
  db: Kysely<Database> | Transaction<Database>,
  upload: Upload,
  maxBytes: number,
): Promise<string> {
  return storeInspected(db, {
    ...(await inspectImage(upload.bytes, maxBytes)),
    fileName: uploadedFileName(upload.filename),
  });
}

const contentHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The URL storeInspected will answer for this image, known before the write that stores it. */
export const mediaUrlOf = ({ type, bytes }: InspectedImage): string =>
  mediaPath({ sha256: contentHash(bytes), ext: type.ext });
