import { encodePng } from '@bursary/shared/png';

/** A real RGB PNG of `size`×`size` pixels; each seed paints different pixels, so a different file. */
export function makePng(seed: number, size = 16): Buffer {
  return encodePng(size, size, (x, y) => [
    (x * 16 + seed * 37) % 256,
    (y * 16 + seed * 11) % 256,
    (seed * 53 + x * y) % 256,
  ]);
}

let counter = 0;
/** A PNG file for an <input type="file">, named after the test's unique label. */
export function pngFile(label: string): { name: string; mimeType: string; buffer: Buffer } {
  counter += 1;
  const seed = (Date.now() + counter * 7919 + process.pid) % 100_000;
  return {
    name: `${label.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}.png`,
    mimeType: 'image/png',
    buffer: makePng(seed),
  };
}
