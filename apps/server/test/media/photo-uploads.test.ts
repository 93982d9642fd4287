import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';
import { multipartBody } from '../multipart.ts';
import { loadSharp } from '../../src/media/sharp.ts';
import * as images from '../fixtures/images.ts';

/** The pattern uploads were once searched with from first byte to last, compressed pixel data included. */
const MARKUP =
  /<(?:script|html|body|head|svg|iframe|object|embed|img|style|meta|link|form|a\s|!doctype\s+html|\?php)|javascript:/i;

/** A photo-sized JPEG of seeded noise: its compressed data is as arbitrary as a real photo's. */
async function noiseJpeg(seed: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const side = 900;
  const pixels = Buffer.alloc(side * side * 3);
  let state = seed * 2_654_435_761;
  for (let i = 0; i < pixels.length; i += 1) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    pixels[i] = state >>> 24;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('photos whose compressed data happens to hold markup-like bytes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const upload = (bytes: Buffer) => {
    const form = multipartBody({
      university_name: 'University',
      image: { filename: 'photo.jpg', contentType: 'image/jpeg', bytes },
    });
    return t.injectAs({
      method: 'POST',
      url: '/api/disbursement-testimonials',
      payload: form.payload,
      headers: form.headers,
    });
  };

  it('are accepted, while markup in a comment or after the image is still refused', async () => {
    let photo: Buffer | undefined;
    for (let seed = 1; seed <= 40 && !photo; seed += 1) {
      const candidate = await noiseJpeg(seed);
      if (MARKUP.test(candidate.toString('latin1'))) photo = candidate;
    }
    if (!photo) throw new Error('no noise JPEG among 40 seeds holds markup-like bytes; raise the count');

    const accepted = await upload(photo);
    expect(accepted.statusCode, accepted.body).toBe(201);

    for (const [label, bytes] of [
      ['a comment segment', images.jpegWithComment('<script>__x(5)</script>')],
      ['bytes after the end', Buffer.concat([photo, Buffer.from('<html><script>__x(6)</script></html>')])],
    ] as const) {
      const refused = await upload(bytes);
      expect(refused.statusCode, label).toBe(415);
    }
  });
});
