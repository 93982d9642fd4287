import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of `size`×`size` pixels; each seed paints different pixels, so a different file. */
export function makePng(seed: number, size = 16): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0); // no filter
    for (let x = 0; x < size; x += 1) rows.push((x * 16 + seed * 37) % 256, (y * 16 + seed * 11) % 256, (seed * 53 + x * y) % 256);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let counter = 0;
/** A PNG file for an <input type="file">, named after the test's unique label. */
export function pngFile(label: string): { name: string; mimeType: string; buffer: Buffer } {
  counter += 1;
  const seed = (Date.now() + counter * 7919 + process.pid) % 100_000;
  return { name: `${label.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}.png`, mimeType: 'image/png', buffer: makePng(seed) };
}
