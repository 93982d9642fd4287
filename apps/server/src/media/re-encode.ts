import type { Sharp } from 'sharp';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../lib/errors.ts';
import { MAX_PIXELS, loadSharp } from './sharp.ts';

/** The raster formats stored, by the name sharp gives them; each is written back in its own format. */
export type WebRasterFormat = 'png' | 'jpeg' | 'gif' | 'webp';

const undecodable = () =>
  new UnsupportedMediaTypeError(
    'This image could not be read: the file is damaged or is not the image it claims to be. Upload a PNG, JPEG, GIF, WebP or SVG image.',
  );

/**
 * Decodes an uploaded raster image and encodes it again in the same format.
 * Only pixels (and a GIF's or WebP's frames and timing) survive: text chunks, comments, EXIF
 * with the camera's GPS position, XMP and anything appended are dropped, because sharp keeps
 * metadata only when asked. The EXIF orientation is applied to the pixels first, so a photo
 * still stands the right way up without it. sharp (libvips) decodes on its own threads.
 */
export interface ReEncoded {
  bytes: Buffer;
  /** The stored image's size in pixels, as it stands (one frame of an animation). */
  width: number;
  height: number;
}

export async function reEncode(bytes: Buffer, format: WebRasterFormat): Promise<ReEncoded> {
  const sharp = await loadSharp();
  const image = sharp(bytes, { animated: true }).rotate();
  try {
    const { format: decoded } = await image.metadata();
    if (decoded !== format) throw undecodable();
    const { data, info } = await encoded(image, format, bytes).toBuffer({ resolveWithObject: true });
    // an animation decodes as its frames stacked into one tall image; its size is one frame's
    return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    if (error instanceof UnsupportedMediaTypeError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new PayloadTooLargeError(
        `The image has more than ${MAX_PIXELS / 1_000_000} megapixels. Upload a smaller image.`,
      );
    }
    throw undecodable();
  }
}

function encoded(image: Sharp, format: WebRasterFormat, original: Buffer): Sharp {
  switch (format) {
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'jpeg':
      return image.jpeg({ quality: 90 });
    case 'gif':
      return image.gif();
    case 'webp':
      return image.webp({ quality: 90, lossless: isLosslessWebp(original) });
  }
}

/** A simple-format WebP whose only image chunk is VP8L is lossless: it stays lossless. */
function isLosslessWebp(bytes: Buffer): boolean {
  return bytes.toString('latin1', 12, 16) === 'VP8L';
}
