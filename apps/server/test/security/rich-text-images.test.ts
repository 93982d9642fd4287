import { describe, expect, it } from 'vitest';
import { richTextSanitizer } from '../../src/rich-text/sanitize.ts';

const sanitizeRichText = await richTextSanitizer();

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAHnOcQAAAAABJRU5ErkJggg==';
const MEDIA = `/media/${'a'.repeat(64)}.png`;

/** Only raster data URLs (and this server's own media) survive as images (decision 005). */
describe('images in rich text', () => {
  it("drops every image that would make the viewer's browser call another host", () => {
    for (const src of [
      'http://127.0.0.1:9/x.png',
      'https://example.org/a.png',
      '//127.0.0.1:9/x.png',
      'HTTP://127.0.0.1:9/x.png',
      ' https://example.org/a.png',
      'ftp://example.org/a.png',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html,<b>x</b>',
    ]) {
      expect(sanitizeRichText(`<p>a<img src="${src}">b</p>`), src).toBe('<p>ab</p>');
    }
  });

  it('keeps raster data URLs and media of this server', () => {
    expect(sanitizeRichText(`<p><img src="${PIXEL}"></p>`)).toBe(`<p><img src="${PIXEL}" /></p>`);
    expect(sanitizeRichText(`<p><img src="${MEDIA}"></p>`)).toBe(`<p><img src="${MEDIA}" /></p>`);
  });

  it('keeps media of this server under PUBLIC_URL, stored relative, and nothing else under it', () => {
    const publicUrl = 'https://cms.fund.example';
    const hash = 'c'.repeat(64);
    for (const ext of ['png', 'jpg', 'gif', 'webp', 'svg']) {
      const media = `/media/${hash}.${ext}`;
      expect(sanitizeRichText(`<p><img src="${media}" alt="a"></p>`, 'body', publicUrl)).toBe(
        `<p><img src="${media}" alt="a" /></p>`,
      );
      expect(sanitizeRichText(`<p><img src="${publicUrl}${media}" alt="a"></p>`, 'body', publicUrl)).toBe(
        `<p><img src="${media}" alt="a" /></p>`,
      );
    }
    for (const src of [
      `https://other.example/media/${hash}.png`,
      `http://cms.fund.example/media/${hash}.png`,
      `https://cms.fund.example.evil.example/media/${hash}.png`,
      `${publicUrl}/uploads/${hash}.png`,
      `${publicUrl}/media/${hash.slice(1)}.png`,
      `${publicUrl}/media/${hash}.png?x=1`,
      `${publicUrl}/media/../api/faqs`,
      `//cms.fund.example/media/${hash}.png`,
      `/media/${hash.toUpperCase()}.png`,
      `/media/${hash}.png/x`,
      `/other/${hash}.png`,
      `media/${hash}.png`,
    ]) {
      expect(sanitizeRichText(`<p>a<img src="${src}">b</p>`, 'body', publicUrl), src).toBe('<p>ab</p>');
    }
    // without PUBLIC_URL an absolute address is a remote image like any other
    expect(sanitizeRichText(`<p>a<img src="${publicUrl}/media/${hash}.png">b</p>`)).toBe('<p>ab</p>');
  });

  it('still keeps links to other sites', () => {
    expect(sanitizeRichText('<a href="https://example.org/">x</a>')).toBe(
      '<a href="https://example.org/" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
