import { describe, expect, it } from 'vitest';
import { inspectImage } from '../../src/media/store.ts';
import { HttpError } from '../../src/lib/errors.ts';
import * as images from '../fixtures/images.ts';
import { LIMIT, statusOf } from './media-helpers.ts';

describe('image type from the bytes', () => {
  it.each([
    ['png', images.png(), 'image/png'],
    ['jpg', images.jpeg(), 'image/jpeg'],
    ['gif', images.gif(), 'image/gif'],
    ['webp', images.webp(), 'image/webp'],
    ['svg', images.svg(), 'image/svg+xml'],
  ])('accepts %s, the same on every form', async (ext, bytes, mime) => {
    const { type } = await inspectImage(bytes, LIMIT);
    expect(type).toEqual({ ext, mime });
  });

  it.each(images.unacceptedMagic)(
    'refuses %s magic bytes followed by junk, and a real BMP, with 415 naming the accepted types',
    async (_name, magic) => {
      for (const bytes of [images.magicThenJunk(magic), images.bmp()]) {
        const refused = await inspectImage(bytes, LIMIT).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(HttpError);
        expect((refused as HttpError).status).toBe(415);
        expect((refused as HttpError).message).toBe(
          'This file is not an accepted image. Upload a PNG, JPEG, GIF, WebP or SVG image.',
        );
      }
    },
  );

  it.each([
    ['PNG', images.png().subarray(0, 33)],
    ['JPEG', images.jpeg().subarray(0, 200)],
    ['GIF', Buffer.concat([images.gif().subarray(0, 13), Buffer.from([0x3b])])],
    ['WebP', Buffer.concat([images.webp().subarray(0, 20), Buffer.alloc(18)])],
  ])('refuses a %s that does not decode with 415 and a clear message', async (_name, bytes) => {
    const refused = await inspectImage(bytes, LIMIT).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(415);
    expect((refused as HttpError).message).toMatch(
      /^(This image could not be read: the file is damaged or is not the image it claims to be|This file is not an accepted image)\. Upload a PNG, JPEG, GIF, WebP or SVG image\.$/,
    );
  });

  it('refuses empty files with 400 and files past the limit with 413', async () => {
    expect(await statusOf(inspectImage(Buffer.alloc(0), LIMIT))).toBe(400);
    expect(await statusOf(inspectImage(images.pngOfSize(LIMIT), LIMIT))).toBe(200);
    expect(await statusOf(inspectImage(images.pngOfSize(LIMIT + 1), LIMIT))).toBe(413);
  });

  it.each([
    ['HTML', images.html()],
    ['plain text', Buffer.from('just some text')],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')],
    ['a ZIP', Buffer.from('504b0304140000000000', 'hex')],
    ['GIF89a + HTML', images.gifHtmlPolyglot()],
    ['a GIF with HTML after its trailer', images.gifWithTrailingHtml()],
    ['HTML in a PNG text chunk', images.pngWithHtmlChunk()],
    ['a PNG with bytes after IEND', images.pngWithTrailer()],
    ['a truncated PNG', images.png().subarray(0, 40)],
    ['XML that is not SVG', Buffer.from('<?xml version="1.0"?><note><svg>inside</svg></note>')],
    ['HTML holding an SVG', Buffer.from('<html><body><svg xmlns="http://www.w3.org/2000/svg"></svg></body></html>')],
    ['two root elements', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg><svg></svg>')],
    ['text outside the SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg><script>__x(1)</script>')],
    [
      'invalid UTF-8',
      Buffer.concat([
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'),
        Buffer.from([0xff, 0xfe, 0xfd]),
        Buffer.from('</svg>'),
      ]),
    ],
    ['an SVG billion laughs', images.billionLaughs()],
    ['an SVG with an external entity', images.externalEntity()],
  ])('refuses %s with 415', async (_name, bytes) => {
    expect(await statusOf(inspectImage(bytes, LIMIT))).toBe(415);
  });

  it('refuses deeply nested SVG without exhausting the stack', async () => {
    const deep = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(20_000)}${'</g>'.repeat(20_000)}</svg>`,
    );
    expect(await statusOf(inspectImage(deep, 1024 * 1024))).toBe(415);
  });

  it.each(images.hostileSvgs.map((s) => [s.name, s] as const))('cleans an SVG with %s', async (_name, hostile) => {
    const { type, bytes } = await inspectImage(hostile.bytes, LIMIT);
    const text = bytes.toString('utf8');
    expect(type.mime).toBe('image/svg+xml');
    expect(text).not.toMatch(hostile.forbidden);
    expect(text).not.toMatch(/<script|\son[a-z]+=|foreignObject|javascript:|<!DOCTYPE|<!ENTITY/i);
    expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    // cleaning is stable: the stored file is its own cleaned form
    expect((await inspectImage(bytes, LIMIT)).bytes.toString('utf8')).toBe(text);
  });

  it('keeps what a drawing needs: gradients, same-document references, safe styles', async () => {
    const drawing = images.svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<style>.a { fill: url(#g); }</style><rect class="a" width="10" height="10" style="stroke:#000"/><use href="#g"/>',
    );
    const text = (await inspectImage(drawing, LIMIT)).bytes.toString('utf8');
    expect(text).toContain('<linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient>');
    expect(text).toContain('<style>.a{fill:url(#g)}</style>');
    expect(text).toContain('<rect class="a" width="10" height="10" style="stroke:#000"/>');
    expect(text).toContain('<use href="#g"/>');
  });

  it('keeps the allowed drawing styles and drops every other property, at-rule and loading value', async () => {
    const drawing = images.svg(
      '<style>@import url(http://127.0.0.1:9/x.css); .a { fill: rgb(1, 2, 3); stroke-width: 2px; font-family: "Open Sans", serif; ' +
        'cursor: url(http://127.0.0.1:9/c), auto; background: image-set("http://127.0.0.1:9/a.png" 1x) } .b { content: "x" }</style>' +
        '<rect class="a" width="1" height="1" style="opacity: .5; fill: url(#g); stroke: url(http://127.0.0.1:9/s); list-style: none" transform="rotate(45 5 5)"/>',
    );
    const text = (await inspectImage(drawing, LIMIT)).bytes.toString('utf8');
    expect(text).toContain('<style>.a{fill:rgb(1,2,3);stroke-width:2px;font-family:"Open Sans",serif}</style>');
    expect(text).toContain(
      '<rect class="a" width="1" height="1" style="opacity:.5;fill:url(#g)" transform="rotate(45 5 5)"/>',
    );
  });

  it('ignores the client file name and declared type entirely', async () => {
    const cases = [
      { bytes: images.png(), filename: 'logo.svg', declaredType: 'image/svg+xml', stored: 'png' },
      { bytes: images.svg(), filename: 'logo.png', declaredType: 'image/png', stored: 'svg' },
      { bytes: images.gif(), filename: 'x.html', declaredType: 'text/html', stored: 'gif' },
      { bytes: images.jpeg(), filename: '../../etc/passwd', declaredType: 'application/octet-stream', stored: 'jpg' },
    ];
    for (const c of cases) expect((await inspectImage(c.bytes, LIMIT)).type.ext).toBe(c.stored);
  });
});
