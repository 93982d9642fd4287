import { randomInt } from 'node:crypto';
import { encodePng } from '@bursary/shared/png';

/**
 * A real RGB PNG of `size`×`size` pixels; each seed paints different pixels, so a different file. The pattern alone
 * repeats every 256 seeds, so the first pixels spell the seed itself: images are stored by their content, and two tests
 * sharing one file would share its alternative text.
 */
export function makePng(seed: number, size = 16): Buffer {
  const spelled = [(seed >>> 24) & 255, (seed >>> 16) & 255, (seed >>> 8) & 255, seed & 255];
  return encodePng(size, size, (x, y) => {
    const byte = y === 0 ? spelled[x] : undefined;
    if (byte !== undefined) return [byte, byte, byte];
    return [(x * 16 + seed * 37) % 256, (y * 16 + seed * 11) % 256, (seed * 53 + x * y) % 256];
  });
}

/** A PNG no other test makes: the suite's workers and projects run at once against one server. */
export const freshPng = (size?: number): Buffer => makePng(randomInt(2 ** 31), size);

/** A PNG file for an <input type="file">, named after the test's unique label. */
export function pngFile(label: string): { name: string; mimeType: string; buffer: Buffer } {
  return {
    name: `${label.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}.png`,
    mimeType: 'image/png',
    buffer: freshPng(),
  };
}
