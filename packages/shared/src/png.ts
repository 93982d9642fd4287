/// <reference types="node" />
import { crc32, deflateSync } from 'node:zlib';

// Node only, and kept out of the package's index so that no browser bundle reaches for node:zlib:
// `@bursary/shared/png` is for sample content and tests (server and end-to-end alike).

export type Rgb = [number, number, number];

/** One PNG chunk: length, type, data and the CRC of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real truecolour PNG drawn pixel by pixel; `extraChunks` go before the image data. */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => Rgb,
  extraChunks: Buffer[] = [],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, RGB, deflate, no filter method, no interlace
  const stride = width * 3 + 1;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    rows[y * stride] = 0; // filter type: none
    for (let x = 0; x < width; x += 1) rows.set(pixel(x, y), y * stride + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...extraChunks,
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
