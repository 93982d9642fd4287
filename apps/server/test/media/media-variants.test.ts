import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../../src/media/store.ts';
import { variantJobs } from '../../src/media/variants.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import * as images from '../fixtures/images.ts';
import { LIMIT, storedImage, variantRows } from './media-helpers.ts';

const WIDTHS = [160, 320, 640, 960, 1280, 1920];
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(dialects)('image variants on %s', (dialect) => {
  let t: TestApp;
  let wide: { url: string; sha256: string };
  let narrow: { url: string; sha256: string };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  beforeAll(async () => {
    t = await buildTestApp({ dialect, signIn: false });
    wide = await storedImage(t.db, 2000, 500);
    narrow = await storedImage(t.db, 500, 250);
  });

  it('gives every allowed width exactly, and never enlarges', async () => {
    for (const w of WIDTHS) {
      const res = await get(`${wide.url}?w=${w}&fm=webp`);
      expect(res.statusCode, res.body).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', w, Math.round(w / 4)]);
    }
    for (const w of WIDTHS) {
      const res = await get(`${narrow.url}?w=${w}&fm=webp`);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(Math.min(w, 500));
    }
  });

  it('answers the original itself for a width it already fits in, in its own format', async () => {
    const original = await get(narrow.url);
    for (const url of [`${narrow.url}?w=640`, `${narrow.url}?w=1920&fm=png`, `${narrow.url}?fm=png`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(original.headers.etag);
      expect(res.rawPayload.equals(original.rawPayload)).toBe(true);
    }
    const smaller = await get(`${narrow.url}?w=320`);
    expect(await sharp(smaller.rawPayload).metadata()).toMatchObject({ format: 'png', width: 320 });
  });

  it('converts to each format fm names, with its Content-Type', async () => {
    for (const [fm, format, type] of [
      ['webp', 'webp', 'image/webp'],
      ['avif', 'heif', 'image/avif'],
      ['jpeg', 'jpeg', 'image/jpeg'],
      ['png', 'png', 'image/png'],
    ]) {
      const res = await get(`${wide.url}?w=160&fm=${fm}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width]).toEqual([format, 160]);
      if (fm === 'avif') expect(meta.compression).toBe('av1');
      expect(res.headers.vary ?? '').not.toMatch(/accept/i);
    }
  });

  it('chooses from Accept with fm=auto, and says it varies on Accept', async () => {
    for (const [accept, type] of [
      ['image/avif,image/webp,image/*,*/*;q=0.8', 'image/avif'],
      ['image/webp,*/*', 'image/webp'],
      ['image/avif;q=0, image/webp', 'image/webp'],
      ['*/*', 'image/png'],
      ['', 'image/png'],
    ]) {
      const res = await get(`${wide.url}?w=320&fm=auto`, accept ? { accept } : {});
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type'], accept).toBe(type);
      expect(String(res.headers.vary)).toMatch(/(^|,\s*)Accept(,|$)/);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(320);
    }
  });

  it('refuses any other width or format with a sentence, and makes nothing', async () => {
    const rows = await variantRows(t.db, wide.sha256);
    const rendered = variantJobs.rendered;
    for (const query of [
      'w=100',
      'w=99999',
      'w=abc',
      'w=',
      'w=0320',
      'w=320&w=640',
      'fm=gif',
      'fm=bmp',
      'fm=WEBP',
      'w=320&h=320',
      'w=320&fit=cover',
      'fit=cover&h=320',
      'w=320&h=320&fit=contain',
      'w=320&h=333&fit=cover',
    ]) {
      const res = await get(`${wide.url}?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json<{ message: string; error: string }>();
      expect(Object.keys(body).sort()).toEqual(['error', 'message']);
      expect(body.message, query).toMatch(/^[A-Za-z"].*\.$/);
      expect(body.message).not.toMatch(/\.ts\b|node_modules|\bat \//);
    }
    expect(await variantRows(t.db, wide.sha256)).toBe(rows);
    expect(variantJobs.rendered).toBe(rendered);
  });

  it('ignores parameters it does not read, such as a cache-buster', async () => {
    const original = await get(wide.url, { 'accept-encoding': 'identity' });
    const busted = await get(`${wide.url}?v=2`, { 'accept-encoding': 'identity' });
    expect(busted.statusCode).toBe(200);
    expect(busted.headers.etag).toBe(original.headers.etag);
    const variant = await get(`${wide.url}?w=320&fm=webp`);
    const bustedVariant = await get(`${wide.url}?w=320&fm=webp&v=2`);
    expect(bustedVariant.statusCode).toBe(200);
    expect(bustedVariant.headers.etag).toBe(variant.headers.etag);
  });

  it('answers an SVG as it is, whatever width or format is asked', async () => {
    const url = await storeImage(t.db, { bytes: images.svg() }, LIMIT);
    const original = await get(url, { 'accept-encoding': 'identity' });
    for (const query of ['w=320', 'w=160&fm=webp', 'fm=auto']) {
      const res = await get(`${url}?${query}`, { 'accept-encoding': 'identity', accept: 'image/avif' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers.etag).toBe(original.headers.etag);
      expect(res.body).toBe(original.body);
    }
    expect((await get(`${url}?w=100`)).statusCode).toBe(400);
  });

  it('resizes a GIF as a GIF and keeps its frames', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 400, height: 200, channels: 3, background } })
        .png()
        .toBuffer();
    const animation = await sharp([await frame('#0000ff'), await frame('#ff0000'), await frame('#00ff00')], {
      join: { animated: true },
    })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    const url = await storeImage(t.db, { bytes: animation }, LIMIT);
    const res = await get(`${url}?w=160`);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 160, height: 80, pages: 3 });
    const still = await get(`${url}?w=160&fm=png`);
    expect(await sharp(still.rawPayload).metadata()).toMatchObject({ format: 'png', width: 160, height: 80 });
    const auto = await get(`${url}?w=160&fm=auto`, { accept: 'image/avif,image/webp' });
    expect(auto.headers['content-type']).toBe('image/webp');
  });

  it('answers 404 for a variant of an image that does not exist, or under another extension', async () => {
    await get(`${wide.url}?w=320`);
    for (const url of [`/media/${'0'.repeat(64)}.png?w=320`, `/media/${wide.sha256}.jpg?w=320`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(Object.keys(res.json() as object).sort()).toEqual(['error', 'message']);
    }
  });

  it('serves a variant with immutable caching and a strong ETag of its bytes, and 304 for it', async () => {
    const res = await get(`${wide.url}?w=640&fm=jpeg`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toBe(`"${sha256(res.rawPayload)}"`);
    const again = await get(`${wide.url}?w=640&fm=jpeg`, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // the original's tag is not the variant's
    const other = await get(`${wide.url}?w=640&fm=jpeg`, { 'if-none-match': `"${wide.sha256}"` });
    expect(other.statusCode).toBe(200);
  });
});
