/**
 * Where an image's compressed pixel data lies. That data is arbitrary bytes: a few megabytes of a photo hold
 * `<a ` or `<img` by chance, so a search for markup must pass over it, and it cannot hide markup anyway, since
 * every upload is decoded and encoded again before it is stored. What stays searched is everything a parser or
 * a browser could read as text: headers, comments, metadata chunks and anything after the image's end.
 */

type Span = [start: number, end: number];

/** JPEG: the entropy-coded data after each start-of-scan header, up to the next marker that is not a restart. */
function jpegScans(bytes: Buffer): Span[] | undefined {
  const spans: Span[] = [];
  let at = 2;
  while (at + 2 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd9) return spans;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return undefined;
    const end = at + 2 + bytes.readUInt16BE(at + 2);
    if (marker !== 0xda) {
      at = end;
      continue;
    }
    let scan = end;
    // inside a scan, 0xFF is followed by 0x00 (a stuffed byte) or a restart marker; anything else ends it
    while (scan + 1 < bytes.length) {
      const next = bytes[scan + 1] ?? 0;
      if (bytes[scan] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
      scan += 1;
    }
    spans.push([end, scan]);
    at = scan;
  }
  return undefined;
}

/** PNG: the data of IDAT (and APNG's fdAT) chunks. */
function pngImageData(bytes: Buffer): Span[] | undefined {
  const spans: Span[] = [];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT' || type === 'fdAT') spans.push([at + 8, at + 8 + length]);
    if (type === 'IEND') return spans;
    at += 12 + length;
  }
  return undefined;
}

/** WebP: the data of its VP8, VP8L and ALPH chunks. */
function webpImageData(bytes: Buffer): Span[] | undefined {
  const spans: Span[] = [];
  let at = 12;
  while (at + 8 <= bytes.length) {
    const type = bytes.toString('latin1', at, at + 4);
    const length = bytes.readUInt32LE(at + 4);
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ALPH') spans.push([at + 8, at + 8 + length]);
    at += 8 + length + (length % 2);
  }
  return spans;
}

/** GIF: the LZW sub-blocks after each image descriptor. */
function gifImageData(bytes: Buffer): Span[] | undefined {
  if (bytes.length < 14) return undefined;
  const spans: Span[] = [];
  const skipSubBlocks = (from: number) => {
    let at = from;
    while (at < bytes.length) {
      const size = bytes[at] ?? 0;
      at += 1 + size;
      if (size === 0) return at;
    }
    return -1;
  };
  const flags = bytes[10] ?? 0;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) return spans;
    if (block === 0x21) at = skipSubBlocks(at + 2);
    else if (block === 0x2c) {
      const local = bytes[at + 9] ?? 0;
      const start = at + 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1;
      at = skipSubBlocks(start);
      if (at > 0) spans.push([start, at]);
    } else return undefined;
    if (at < 0) return undefined;
  }
  return undefined;
}

const FINDERS: Record<string, (bytes: Buffer) => Span[] | undefined> = {
  jpg: jpegScans,
  png: pngImageData,
  apng: pngImageData,
  webp: webpImageData,
  gif: gifImageData,
};

/**
 * The image's bytes as text, its compressed pixel data left out (each gap kept as a NUL, so text on either side
 * never joins into a word). An image whose structure cannot be followed is answered whole: nothing is skipped.
 */
export function textOutsidePixelData(ext: string, bytes: Buffer): string {
  const spans = FINDERS[ext]?.(bytes);
  if (!spans || spans.length === 0) return bytes.toString('latin1');
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of spans) {
    parts.push(bytes.toString('latin1', at, Math.max(at, start)));
    at = Math.min(Math.max(end, at), bytes.length);
  }
  parts.push(bytes.toString('latin1', at));
  return parts.join('\u0000');
}
