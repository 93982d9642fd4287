import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { type FilePart, multipartBody } from '../multipart.ts';
import * as images from '../fixtures/images.ts';

/** Hostile uploads are refused or cleaned, sent the way the console sends them: multipart through the real routes. */
const LIMIT = 32 * 1024;

const bytesOf: Record<string, () => Buffer> = {
  png: () => images.png(2, 3),
  jpeg: images.jpeg,
  gif: images.gif,
  webp: images.webp,
  svg: images.svg,
  html: images.html,
  text: () => Buffer.from('plain text, not an image'),
};
const storedAs: Record<string, string | undefined> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp', svg: 'svg' };
const names = ['logo.png', 'logo.jpg', 'logo.gif', 'logo.svg', 'logo.html', 'logo', 'logo.png.html'];
const declared = ['image/png', 'image/svg+xml', 'text/html', 'application/octet-stream'];

describe.each(dialects)('uploads through the routes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, config: { mediaMaxBytes: LIMIT } });
  });

  const count = async (table: 'media' | 'logs') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const testimonial = (image: FilePart, university = 'University') => {
    const form = multipartBody({ university_name: university, image });
    return t.injectAs({
      method: 'POST',
      url: '/api/disbursement-testimonials',
      payload: form.payload,
      headers: form.headers,
    });
  };

  it('decides by the bytes alone over every mix of name, declared type and content', async () => {
    for (const [kind, make] of Object.entries(bytesOf)) {
      for (const filename of names) {
        for (const contentType of declared) {
          const res = await testimonial({ filename, contentType, bytes: make() });
          const label = `${kind} as ${filename} (${contentType})`;
          const ext = storedAs[kind];
          if (ext) {
            expect(res.statusCode, label).toBe(201);
            expect((res.json() as { image: string }).image, label).toMatch(
              new RegExp(`^/media/[0-9a-f]{64}\\.${ext}$`),
            );
          } else {
            expect(res.statusCode, label).toBe(415);
            expect(res.json(), label).toEqual({
              message: 'This file is not an accepted image. Upload a PNG, JPEG, GIF, WebP or SVG image.',
              error: 'Unsupported Media Type',
            });
          }
        }
      }
    }
  });

  it('refuses polyglots, hostile XML, empty files and limit + 1, storing nothing', async () => {
    const media = await count('media');
    const logs = await count('logs');
    const cases: [string, Buffer, number][] = [
      ['GIF89a + HTML', images.gifHtmlPolyglot(), 415],
      ['HTML after a GIF trailer', images.gifWithTrailingHtml(), 415],
      ['HTML in a PNG chunk', images.pngWithHtmlChunk(), 415],
      ['billion laughs', images.billionLaughs(), 415],
      ['external entity', images.externalEntity(), 415],
      ['0 bytes', Buffer.alloc(0), 400],
      ['limit + 1', images.pngOfSize(LIMIT + 1), 413],
    ];
    for (const [label, bytes, status] of cases) {
      const res = await testimonial({ filename: 'logo.png', contentType: 'image/png', bytes });
      expect(res.statusCode, label).toBe(status);
      expect(Object.keys(res.json() as object).sort(), label).toEqual(['error', 'message']);
    }
    expect(await count('media')).toBe(media);
    expect(await count('logs')).toBe(logs);
    expect(
      (await testimonial({ filename: 'logo.png', contentType: 'image/png', bytes: images.pngOfSize(LIMIT) }))
        .statusCode,
    ).toBe(201);
  });

  it('stores hostile SVGs cleaned, and serves them sandboxed', async () => {
    for (const hostile of images.hostileSvgs) {
      const res = await testimonial({ filename: 'logo.svg', contentType: 'image/svg+xml', bytes: hostile.bytes });
      expect(res.statusCode, hostile.name).toBe(201);
      const url = (res.json() as { image: string }).image;
      expect(url).toMatch(/\.svg$/);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.headers['content-type']).toBe('image/svg+xml');
      expect(served.headers['content-security-policy']).toContain('sandbox');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.body, hostile.name).not.toMatch(hostile.forbidden);
      expect(served.body).not.toMatch(/<script|\son[a-z]+=|foreignObject|javascript:|<!DOCTYPE/i);
    }
  });

  it('keeps client file names out of every URL, whatever they hold', async () => {
    const filenames = [
      '../../../etc/passwd.png',
      '..\\..\\windows\\logo.png',
      '%2e%2e%2flogo.png',
      'a\u0000b.png',
      "quote'd.png",
      'rtl\u202Egnp.exe',
      `${'n'.repeat(300)}.png`,
      'con.png',
      '.htaccess',
    ];
    for (const filename of filenames) {
      const res = await testimonial({
        filename,
        contentType: 'image/png',
        bytes: images.png(1, 1, [], filename.length),
      });
      expect(res.statusCode, JSON.stringify(filename)).toBe(201);
      expect((res.json() as { image: string }).image).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    }
  });

  it('answers broken or outsized forms with 4xx, never 5xx', async () => {
    const png = images.png();
    const whole = multipartBody({
      university_name: 'Cut',
      image: { filename: 'a.png', contentType: 'image/png', bytes: png },
    });
    const cut = await t.injectAs({
      method: 'POST',
      url: '/api/disbursement-testimonials',
      headers: whole.headers,
      payload: whole.payload.subarray(0, whole.payload.length - 60),
    });
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    expect(cut.statusCode).toBeLessThan(500);
    const many: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) many[`field${i}`] = 'x';
    const crowded = multipartBody({ university_name: 'Many', ...many });
    const res = await t.injectAs({
      method: 'POST',
      url: '/api/disbursement-testimonials',
      headers: crowded.headers,
      payload: crowded.payload,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const header = Buffer.from(
      `--b\r\nContent-Disposition: form-data; name="image"; filename="a\r\nX-Injected: 1.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const crlf = await t.injectAs({
      method: 'POST',
      url: '/api/disbursement-testimonials',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: Buffer.concat([header, png, Buffer.from('\r\n--b--\r\n')]),
    });
    expect(crlf.statusCode).toBeGreaterThanOrEqual(400);
    expect(crlf.statusCode).toBeLessThan(500);
  });

  it('refuses BMP, TIFF and ICO on generic forms as on testimonials, with the accepted types named', async () => {
    const media = await count('media');
    for (const bytes of [images.bmp(), ...images.unacceptedMagic.map(([, magic]) => images.magicThenJunk(magic))]) {
      const form = multipartBody({
        date: '2024-05-01',
        student_name: 'Amina',
        image: { filename: 'photo.bmp', contentType: 'image/bmp', bytes },
      });
      const story = await t.injectAs({
        method: 'POST',
        url: '/api/success-stories',
        payload: form.payload,
        headers: form.headers,
      });
      expect(story.statusCode).toBe(415);
      expect(story.json()).toEqual({
        message: 'This file is not an accepted image. Upload a PNG, JPEG, GIF, WebP or SVG image.',
        error: 'Unsupported Media Type',
      });
      expect((await testimonial({ filename: 'logo.bmp', contentType: 'image/bmp', bytes })).statusCode).toBe(415);
    }
    expect(await count('media')).toBe(media);
  });

  it('writes no file: the data folder holds only the database', () => {
    const files = readdirSync(t.config.dataDir).filter(
      // the key file that signs device cookies at sign-in is Bursary's own, not an upload
      (name) => !name.startsWith('bursary.sqlite') && name !== 'no-console-build' && name !== 'secret.key',
    );
    expect(files).toEqual([]);
  });
});
