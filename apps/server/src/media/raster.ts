import { crc32 } from 'node:zlib';
import type { WebRasterFormat } from './re-encode.ts';
import { textOutsidePixelData } from './compressed-data.ts';

/** A raster image type the server stores: file extension of its URL and exact Content-Type. */
export interface RasterType {
  ext: string;
  mime: string;
}

/**
 * The raster types stored (png, jpeg, gif, webp and clean SVG, nothing
 * else), by the extension `file-type` reports: URL extension, exact Content-Type and the format
 * the upload is re-encoded to.
 */
export const WEB_RASTER: Record<string, RasterType & { format: WebRasterFormat }> = {
  png: { ext: 'png', mime: 'image/png', format: 'png' },
  apng: { ext: 'png', mime: 'image/png', format: 'png' },
  jpg: { ext: 'jpg', mime: 'image/jpeg', format: 'jpeg' },
  gif: { ext: 'gif', mime: 'image/gif', format: 'gif' },
  webp: { ext: 'webp', mime: 'image/webp', format: 'webp' },
};

/** The extension `file-type` reads from the bytes, if any. Names and declared types are never asked. */
export async function sniffExtension(bytes: Buffer): Promise<string | undefined> {
  // file-type and its tokenizers load with the first upload, not at start
  const { fileTypeFromBuffer } = await import('file-type');
  return (await fileTypeFromBuffer(bytes))?.ext;
}

/**
 * Markup a browser or another parser could pick out of an image (GIF89a + HTML, HTML in a PNG
 * text chunk). Images are served with nosniff and a sandbox, but such files are refused anyway.
 * XMP metadata (`<x:xmpmeta>`, `<rdf:…>`) is legitimate and not matched.
 */
const EMBEDDED_MARKUP =
  /<(?:script|html|body|head|svg|iframe|object|embed|img|style|meta|link|form|a\s|!doctype\s+html|\?php)|javascript:/i;

/** `ext` is the type read from the bytes: its compressed pixel data is passed over (compressed-data.ts says why). */
export function hasEmbeddedMarkup(ext: string, bytes: Buffer): boolean {
  return EMBEDDED_MARKUP.test(textOutsidePixelData(ext, bytes));
}

/** A PNG whose chunks all check out (length, CRC) and that ends right after IEND. */
function isWellFormedPng(bytes: Buffer): boolean {
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    const type = bytes.subarray(at + 4, at + 8);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) return false;
    if (type.toString('latin1') === 'IEND') return end === bytes.length;
    at = end;
  }
  return false;
}

/** Sub-blocks of a GIF run until a zero-length one; returns the offset after it, or -1. */
function skipGifSubBlocks(bytes: Buffer, at: number): number {
  while (at < bytes.length) {
    const size = bytes[at] ?? 0;
    at += 1;
    if (size === 0) return at;
    at += size;
  }
  return -1;
}

/** A GIF whose blocks walk cleanly to the trailer, with nothing after it. */
function isWellFormedGif(bytes: Buffer): boolean {
  if (bytes.length < 14) return false;
  const flags = bytes[10] ?? 0;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) return at + 1 === bytes.length;
    if (block === 0x21) at = skipGifSubBlocks(bytes, at + 2);
    else if (block === 0x2c) {
      const local = bytes[at + 9] ?? 0;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
      at = skipGifSubBlocks(bytes, at + 1); // after the LZW minimum code size
    } else return false;
    if (at < 0) return false;
  }
  return false;
}

/** A WebP whose RIFF size covers the file exactly (a trailing payload would not be counted). */
function isWellFormedWebp(bytes: Buffer): boolean {
  const size = bytes.readUInt32LE(4) + 8;
  return size === bytes.length || size + 1 === bytes.length; // odd sizes may carry one pad byte
}

/** Container checks for the types where trailing or smuggled data is easy to spot. */
export function isWellFormedRaster(ext: string, bytes: Buffer): boolean {
  switch (ext) {
    case 'png':
    case 'apng':
      return isWellFormedPng(bytes);
    case 'gif':
      return isWellFormedGif(bytes);
    case 'webp':
      return isWellFormedWebp(bytes);
    default:
      return true;
  }
}
