import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLimiter } from '../../src/lib/limiter.ts';
import { storeImage } from '../../src/media/store.ts';
import { keepVariant } from '../../src/media/variant-store.ts';
import { variantJobs } from '../../src/media/variants.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { storedImage, variantRows } from './media-helpers.ts';

/** The colour of one pixel, as 'r,g,b'. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]].map((v) => ((v ?? 0) > 127 ? 255 : 0)).join(',');
}

const GREEN = '0,255,0';

describe.each(dialects)('making variants on %s', (dialect) => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  beforeAll(async () => {
    t = await buildTestApp({ dialect, signIn: false });
  });

  it('makes a variant once and keeps it: asked again, nothing is rendered', async () => {
    const image = await storedImage(t.db, 1000, 500);
    const before = variantJobs.rendered;
    const first = await get(`${image.url}?w=320&fm=webp`);
    expect(variantJobs.rendered).toBe(before + 1);
    const second = await get(`${image.url}?w=320&fm=webp`);
    expect(variantJobs.rendered).toBe(before + 1);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await variantRows(t.db, image.sha256)).toBe(1);
  });

  it('shares one job between concurrent requests for the same variant', async () => {
    const image = await storedImage(t.db, 1600, 800);
    const before = variantJobs.rendered;
    const started = variantJobs.started;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(`${image.url}?w=640&fm=avif`)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
    expect(variantJobs.started).toBe(started + 1);
    expect(variantJobs.rendered).toBe(before + 1);
    expect(await variantRows(t.db, image.sha256)).toBe(1);
    // different variants of one image are different jobs, each kept
    await Promise.all([get(`${image.url}?w=160`), get(`${image.url}?w=320`), get(`${image.url}?w=160&fm=jpeg`)]);
    expect(variantJobs.rendered).toBe(before + 4);
    expect(await variantRows(t.db, image.sha256)).toBe(4);
  });

  it('keeps one row when two instances store the same variant at once, and both answer it', async () => {
    const image = await storedImage(t.db, 400, 200);
    const original = { sha256: image.sha256, ext: 'png' };
    const made = (bytes: string) => ({
      bytes: Buffer.from(bytes),
      sha256: bytes.repeat(64),
      contentType: 'image/webp',
    });
    const [a, b] = await Promise.all([
      keepVariant(t.db, original, 'w160.webp', made('a')),
      keepVariant(t.db, original, 'w160.webp', made('b')),
    ]);
    expect(a).toEqual(b);
    expect(await variantRows(t.db, image.sha256)).toBe(1);
  });

  it('renders off the request thread: other requests are answered while a large variant is made', async () => {
    // a busy pattern, deterministic (random bytes could spell markup an upload is refused for)
    const [width, height] = [2400, 1600];
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7 + ((i / 3 / width) | 0) * 13) & 0xff;
    const noise = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer();
    const url = await storeImage(t.db, { bytes: noise }, 20 * 1024 * 1024);
    const small = await storedImage(t.db, 300, 100);
    let variantDone = false;
    const variant = get(`${url}?w=1920&fm=avif`).then((res) => {
      variantDone = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < 5; i += 1) expect((await get(small.url)).statusCode).toBe(200);
    expect(variantDone).toBe(false);
    expect((await variant).statusCode).toBe(200);
  });

  it("deletes an original's variants with it", async () => {
    const image = await storedImage(t.db, 800, 400);
    const kept = await storedImage(t.db, 900, 400);
    for (const url of [`${image.url}?w=160`, `${image.url}?w=320&fm=webp`, `${kept.url}?w=160`])
      expect((await get(url)).statusCode).toBe(200);
    expect(await variantRows(t.db, image.sha256)).toBe(2);
    await t.db.deleteFrom('media').where('sha256', '=', image.sha256).execute();
    expect(await variantRows(t.db, image.sha256)).toBe(0);
    expect(await variantRows(t.db, kept.sha256)).toBe(1);
    expect((await get(`${image.url}?w=160`)).statusCode).toBe(404);
  });

  it('crops with fit=cover around the focal point (the centre, while none is stored), never enlarging', async () => {
    // a red field 1200 × 300 with a green band in the middle third: a centred square crop is all green
    const image = await storedImage(t.db, 1200, 300);
    const res = await get(`${image.url}?w=320&h=320&fit=cover&fm=png`);
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 300, height: 300 });
    for (const [x, y] of [
      [0, 0],
      [299, 0],
      [0, 299],
      [299, 299],
      [150, 150],
    ])
      expect(await pixel(res.rawPayload, x!, y!), `${x},${y}`).toBe(GREEN);
    const banner = await get(`${image.url}?w=640&h=160&fit=cover&fm=png`);
    expect(await sharp(banner.rawPayload).metadata()).toMatchObject({ width: 640, height: 160 });
    // the whole width fits at 4:1, so the red sides stay and the band is in the middle
    expect(await pixel(banner.rawPayload, 5, 80)).toBe('255,0,0');
    expect(await pixel(banner.rawPayload, 320, 80)).toBe(GREEN);
  });
});

describe('the job limit', () => {
  it('runs at most its limit at once, queues the rest in order and refuses past the queue', async () => {
    const limiter = createLimiter(2, 2, 'Busy.');
    const order: number[] = [];
    let peak = 0;
    const release: (() => void)[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        peak = Math.max(peak, limiter.running);
        order.push(n);
        release.push(() => resolve(n));
      });
    const runs = [1, 2, 3, 4].map((n) => limiter.run(task(n)));
    await expect(limiter.run(task(5))).rejects.toMatchObject({ status: 503 });
    expect([limiter.running, limiter.waiting]).toEqual([2, 2]);
    while (release.length > 0 || order.length < 4) {
      release.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(runs)).toEqual([1, 2, 3, 4]);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
  });
});
