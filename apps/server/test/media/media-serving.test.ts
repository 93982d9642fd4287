import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../../src/media/store.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import * as images from '../fixtures/images.ts';
import { LIMIT, statusOf } from './media-helpers.ts';

const MEDIA_URL = /^\/media\/[0-9a-f]{64}\.(png|jpg|gif|webp|svg|bmp|avif)$/;

const pixels = async (bytes: Buffer) => await sharp(bytes).raw().toBuffer({ resolveWithObject: true });

describe.each(dialects)('media storage and serving on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, signIn: false });
  });

  it('stores content-addressed, deduplicated, under a URL no file name reaches', async () => {
    const weirdNames = [
      '../x.png',
      '..\\x.png',
      '%2e%2e%2fx.png',
      'a\u0000b.png',
      'a\r\nb.png',
      '"\'.png',
      'gpj.\u202Eexe.png',
      'n'.repeat(300),
    ];
    const bytes = images.png(2, 2);
    const urls = new Set<string>();
    for (const filename of weirdNames)
      urls.add(await storeImage(t.db, { bytes, filename, declaredType: 'image/svg+xml' }, LIMIT));
    expect(urls.size).toBe(1);
    const [url] = [...urls];
    expect(url).toMatch(MEDIA_URL);
    const rows = await t.db.selectFrom('media').selectAll().where('sha256', '=', url!.slice(7, 71)).execute();
    expect(rows).toHaveLength(1);
    const stored = Buffer.from(rows[0]!.bytes);
    expect(rows[0]).toMatchObject({ ext: 'png', content_type: 'image/png', size: stored.length });
    // the address is the hash of what is stored, which is the upload re-encoded: same pixels
    expect(createHash('sha256').update(stored).digest('hex')).toBe(url!.slice(7, 71));
    expect(await pixels(stored)).toEqual(await pixels(bytes));
  });

  it('refuses HTML whatever its name and declared type, and stores nothing', async () => {
    const count = async () => (await t.db.selectFrom('media').select('sha256').execute()).length;
    const before = await count();
    for (const declaredType of ['image/png', 'image/gif', 'image/svg+xml', 'text/html']) {
      expect(
        await statusOf(storeImage(t.db, { bytes: images.html(), filename: 'logo.png', declaredType }, LIMIT)),
      ).toBe(415);
      expect(
        await statusOf(
          storeImage(t.db, { bytes: images.gifHtmlPolyglot(), filename: 'logo.gif', declaredType }, LIMIT),
        ),
      ).toBe(415);
    }
    expect(await count()).toBe(before);
  });

  it('stores the cleaned SVG, not the upload, and writes no file', async () => {
    const before = readdirSync(t.config.dataDir).sort();
    const url = await storeImage(t.db, { bytes: images.hostileSvgs[0]!.bytes }, LIMIT);
    expect(
      readdirSync(t.config.dataDir)
        .sort()
        .filter((n) => !n.startsWith('bursary.sqlite')),
    ).toEqual(before.filter((n) => !n.startsWith('bursary.sqlite')));
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('script');
    expect(res.body).toContain('<circle r="1"/>');
  });

  it('serves with the exact type, immutable caching, nosniff, a sandbox CSP and an ETag', async () => {
    for (const [bytes, mime] of [
      [images.png(3, 1), 'image/png'],
      [images.jpeg(), 'image/jpeg'],
      [images.gif(), 'image/gif'],
      [images.webp(), 'image/webp'],
      [images.svg(), 'image/svg+xml'],
    ] as const) {
      const url = await storeImage(t.db, { bytes }, LIMIT);
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(mime);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
      expect(res.headers.etag).toBe(`"${url.slice(7, 71)}"`);
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('answers 404 JSON for unknown or malformed media names', async () => {
    const stored = await storeImage(t.db, { bytes: images.gif() }, LIMIT);
    const sha = stored.slice(7, 71);
    for (const path of [
      `/media/${'0'.repeat(64)}.png`,
      `/media/${sha}.png`,
      `/media/${sha.toUpperCase()}.gif`,
      `/media/${sha}`,
      '/media/..%2f..%2fetc%2fpasswd',
      '/media/%2e%2e%2fx.png',
      `/media/${sha}.gif%00.html`,
      `/media/${sha}.gif.html`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(Object.keys(res.json() as object).sort()).toEqual(['error', 'message']);
    }
  });
});
