import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = '/assets/index-abc123.js';
const TINY = '/assets/tiny-def456.js';

describe('console files compressed at build time', () => {
  let t: TestApp;
  let consoleDir: string;
  const script = `console.log(${JSON.stringify('bursary '.repeat(400))});`;
  const index = `<!doctype html><div id="root"></div><!-- ${'padding '.repeat(200)} -->`;
  /** What the build leaves on disk, so an answer can be checked byte for byte against it. */
  const onDisk = (url: string) => readFileSync(join(consoleDir, url));
  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'bursary-console-'));
    mkdirSync(join(consoleDir, 'assets'));
    // as the build writes them: brotli at its highest quality, which the server's own (quality 4) never matches
    const write = (name: string, text: string) => {
      writeFileSync(join(consoleDir, name), text);
      const quality = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };
      writeFileSync(join(consoleDir, `${name}.br`), brotliCompressSync(text, quality));
      writeFileSync(join(consoleDir, `${name}.gz`), gzipSync(text, { level: 9 }));
    };
    write('index.html', index);
    write('assets/index-abc123.js', script);
    // under 1 KB, so the build kept no compressed copy
    writeFileSync(join(consoleDir, TINY), 'console.log(1)');
    t = await buildTestApp({ config: { consoleDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(encoding ? { 'accept-encoding': encoding } : {}), ...extra } });

  it('sends the brotli file when the client takes br, as it lies on disk', async () => {
    const res = await get(SCRIPT, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    // the same bytes as the file: not compressed again, nor compressed afresh
    expect(res.rawPayload.equals(onDisk(`${SCRIPT}.br`))).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file to a client that takes only gzip', async () => {
    const res = await get(SCRIPT, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.equals(onDisk(`${SCRIPT}.gz`))).toBe(true);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client that takes no coding, and says the answer varies', async () => {
    for (const encoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get(SCRIPT, encoding);
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['content-encoding'], encoding).toBeUndefined();
      expect(res.headers.vary, encoding).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], encoding).toBe(IMMUTABLE);
      expect(res.body, encoding).toBe(script);
    }
  });

  it('sends index.html compressed but never cached unchecked, at / and at a console route', async () => {
    for (const url of ['/', '/index.html', '/faqs/edit/3']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toBeDefined();
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(onDisk('index.html.br')), url).toBe(true);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(index);
    }
    const plain = await get('/dashboard');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(index);
  });

  it('gives each coding its own ETag and answers 304 to the one the client holds', async () => {
    const br = await get(SCRIPT, 'br');
    const gzip = await get(SCRIPT, 'gzip');
    const plain = await get(SCRIPT);
    const tags = [br, gzip, plain].map((res) => String(res.headers.etag));
    expect(tags.every((tag) => tag !== 'undefined')).toBe(true);
    expect(new Set(tags).size).toBe(3);
    const again = await get(SCRIPT, 'br', { 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
    // a tag from another coding does not match: the client gets the body it can read
    const other = await get(SCRIPT, 'br', { 'if-none-match': String(gzip.headers.etag) });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(onDisk(`${SCRIPT}.br`))).toBe(true);
  });

  it('answers HEAD with the headers of the compressed file and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: SCRIPT, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(onDisk(`${SCRIPT}.br`).length);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.length).toBe(0);
  });

  it('sends a file the build left uncompressed as it is, not compressed per request', async () => {
    const res = await get(TINY, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe('console.log(1)');
  });

  it('does not serve the compressed copies at their own addresses', async () => {
    for (const url of [`${SCRIPT}.br`, `${SCRIPT}.gz`, '/index.html.br', '/index.html.gz', `${TINY}.br`]) {
      for (const encoding of [undefined, 'br, gzip']) {
        const res = await get(url, encoding);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
        expect(res.body, url).not.toContain('id="root"');
      }
    }
  });
});
