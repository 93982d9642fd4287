import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';

describe('compressed answers', () => {
  let t: TestApp;
  let consoleDir: string;
  const script = `console.log(${JSON.stringify('bursary '.repeat(400))});`;
  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'bursary-console-'));
    mkdirSync(join(consoleDir, 'assets'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(consoleDir, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(consoleDir, 'assets', 'small-abc123.js'), 'console.log(1)');
    t = await buildTestApp({ config: { consoleDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  it('compresses a JSON answer with br or gzip as the client accepts, and says it varies', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses an answer of a field filled to its limit, sent back after the write, with either coding', async () => {
    const description = `<p>${'A long answer about repayments. '.repeat(20_000)}</p>`;
    const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Long', description } });
    expect(created.statusCode).toBe(201);
    const url = `/api/faqs/${created.json<{ id: number }>().id}`;
    const plain = await t.injectAs({ method: 'GET', url });
    expect(plain.body.length).toBeGreaterThan(600_000);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const answer = await t.injectAs({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(answer.rawPayload.length).toBeLessThan(plain.body.length / 10);
      expect(decode(answer.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('leaves small answers and refused codings as they are', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a console file as it streams, keeping its caching headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('lets a small file stream as it is, as it does a small body', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/small-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });
});
