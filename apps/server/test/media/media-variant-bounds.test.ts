import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../../src/media/store.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

/** A stored JPEG `width` × `height` of one colour: large in pixels, small in bytes. */
async function storedJpeg(t: TestApp, width: number, height: number): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  return storeImage(t.db, { bytes }, 20 * 1024 * 1024);
}

describe.each(dialects)('the work one variant may take (%s)', (dialect) => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  beforeAll(async () => {
    t = await buildTestApp({ dialect, signIn: false });
  });

  it('converts a 49-megapixel image without w to at most 1920 px wide, not at full size', async () => {
    const url = await storedJpeg(t, 7000, 7000);
    for (const fm of ['avif', 'png']) {
      const res = await get(`${url}?fm=${fm}`);
      expect(res.statusCode, res.body).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width, meta.height]).toEqual([fm, 1920, 1920]);
    }
    // in its own format, without w, the original is answered as it is: no work at all
    const original = await get(`${url}?fm=jpeg`);
    expect((await sharp(original.rawPayload).metadata()).width).toBe(7000);
  });

  it('bounds a very tall image by pixels: its variant has at most 1920 × 1920 of them', async () => {
    const url = await storedJpeg(t, 1000, 40_000);
    for (const query of ['fm=webp', 'w=1920&fm=webp', 'w=960']) {
      const res = await get(`${url}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const { width = 0, height = 0 } = await sharp(res.rawPayload).metadata();
      expect(width * height, `${query}: ${width} × ${height}`).toBeLessThanOrEqual(1920 * 1920);
      expect(Math.abs(width / height - 1 / 40)).toBeLessThan(0.01);
    }
  });
});
