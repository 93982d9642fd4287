import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { inspectImage, storeImage } from '../../src/media/store.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import * as images from '../fixtures/images.ts';

/** Raster uploads are decoded and stored re-encoded, without what they hid. */
const LIMIT = 256 * 1024;
/** Markup the raw-byte scan does not know, so only re-encoding keeps it out of the stored file. */
const HIDDEN = '<details open ontoggle=__x(5)>';

const latin1 = (bytes: Buffer) => bytes.toString('latin1');

/** A photo as a phone writes it: EXIF with the camera, the GPS position and a turned orientation. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 4, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', ImageDescription: 'Amina at home' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '1/1 17/1 3456/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '36/1 49/1 1234/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe('raster uploads are re-encoded', () => {
  it.each([
    ['a PNG with a compressed text chunk', images.png(2, 2, [images.pngCompressedTextChunk('Comment', HIDDEN)]), 'png'],
    ['a PNG with a plain text chunk', images.png(2, 2, [images.pngTextChunk('Comment', HIDDEN)]), 'png'],
    ['a GIF with a comment extension', images.gifWithComment(HIDDEN), 'gif'],
    ['a JPEG with a COM segment', images.jpegWithComment(HIDDEN), 'jpeg'],
  ])('%s is stored without it, and still decodes', async (_name, upload, format) => {
    const { bytes } = await inspectImage(upload, LIMIT);
    expect(latin1(upload)).toMatch(/ontoggle|zTXt/);
    expect(latin1(bytes)).not.toMatch(/ontoggle|__x|Comment|zTXt|tEXt/);
    const decoded = await sharp(bytes).metadata();
    expect(decoded.format).toBe(format);
    expect(await sharp(bytes).raw().toBuffer()).toEqual(await sharp(upload).raw().toBuffer());
  });

  it('refuses markup it can see in a text chunk, as before', async () => {
    await expect(inspectImage(images.pngWithHtmlChunk(), LIMIT)).rejects.toMatchObject({ status: 415 });
  });

  it('drops the camera metadata, GPS position included, and turns the photo upright first', async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    const { bytes } = await inspectImage(photo, LIMIT);
    const after = await sharp(bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([4, 8]);
    expect(latin1(bytes)).not.toMatch(/Exif|PhoneMaker|Amina|GPS/);
  });

  it('keeps a GIF animated', async () => {
    const frames = Buffer.concat([Buffer.alloc(4 * 4 * 4, 255), Buffer.alloc(4 * 4 * 4, 0)]);
    const source = await sharp(frames, { raw: { width: 4, height: 8, channels: 4, pageHeight: 4 } })
      .gif({ delay: [100, 100] })
      .toBuffer();
    expect((await sharp(source, { animated: true }).metadata()).pages).toBe(2);
    const { bytes } = await inspectImage(source, LIMIT);
    const meta = await sharp(bytes, { animated: true }).metadata();
    expect(meta.pages).toBe(2);
    expect(meta.delay).toEqual([100, 100]);
  });

  it("gives an animation's size as one frame's, not all its frames stacked", async () => {
    const frames = Buffer.concat([0, 255, 0].map((value) => Buffer.alloc(6 * 4 * 4, value)));
    const source = await sharp(frames, { raw: { width: 6, height: 12, channels: 4, pageHeight: 4 } })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    for (const upload of [source, await sharp(source, { animated: true }).webp().toBuffer()]) {
      const { width, height } = await inspectImage(upload, LIMIT);
      expect([width, height]).toEqual([6, 4]);
    }
  });
});

/** The 1×1 test PNG with its header claiming width × height (CRC made right), its data unchanged. */
function pngClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(images.png());
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

describe('raster uploads past the pixel limit', () => {
  it('refuses an image whose header claims more than 50 megapixels with 413, before decoding it', async () => {
    await expect(inspectImage(pngClaiming(10_000, 10_000), LIMIT)).rejects.toMatchObject({
      status: 413,
      message: 'The image has more than 50 megapixels. Upload a smaller image.',
    });
  });
});

describe.each(dialects)('re-encoded media storage on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, signIn: false });
  });

  it('addresses the stored bytes by their hash, and stores one photo sent twice once', async () => {
    const photo = await phonePhoto();
    const first = await storeImage(t.db, { bytes: photo }, LIMIT);
    expect(await storeImage(t.db, { bytes: photo }, LIMIT)).toBe(first);
    const rows = await t.db.selectFrom('media').selectAll().where('sha256', '=', first.slice(7, 71)).execute();
    expect(rows).toHaveLength(1);
    const stored = Buffer.from(rows[0]!.bytes);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(first.slice(7, 71));
    expect(stored.equals(photo)).toBe(false);
    const served = await t.app.inject({ method: 'GET', url: first });
    expect(served.rawPayload.equals(stored)).toBe(true);
    expect(latin1(served.rawPayload)).not.toContain('GPS');
  });
});
