import type { Sharp, SharpOptions } from 'sharp';

/**
 * Larger than any camera an editor uploads from (a 48-megapixel phone photo), smaller than what
 * would let a small, highly compressed file decode into gigabytes of pixels. Uploads are refused
 * past it, and variants are never made of more.
 */
export const MAX_PIXELS = 50_000_000;

type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;

let loading: Promise<SharpFactory> | undefined;

/**
 * sharp and libvips (a native library) load with the first image that needs them, not at start, so a
 * server that is never asked for one does not carry them. Each image is worked on by one libvips
 * thread of libuv's pool, so callers (the variant job limit) decide how many cores images take, and
 * libvips keeps no cache of operations: every result is stored in the database anyway.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return (input: Buffer, options: SharpOptions) =>
      sharp(input, { failOn: 'error', limitInputPixels: MAX_PIXELS, ...options });
  });
  return loading;
}
