import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';

const noLeak = (body: string) => {
  expect(body).not.toMatch(/\bat .*\(|node_modules|\/work\/|\.ts:\d|SQLITE|syntax error|stack/i);
};

describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { bodyMaxBytes: 4096 } });
  });

  it('maps malformed JSON, too large, unsupported types and unknown routes to JSON errors', async () => {
    const cases = [
      {
        method: 'POST',
        url: '/api/faqs',
        headers: { 'content-type': 'application/json' },
        payload: '{"title": "x"',
        status: 400,
      },
      {
        method: 'POST',
        url: '/api/faqs',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ title: 'x'.repeat(5000) }),
        status: 413,
      },
      { method: 'POST', url: '/api/faqs', headers: { 'content-type': 'text/plain' }, payload: 'title', status: 415 },
      {
        method: 'POST',
        url: '/api/faqs',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
        status: 415,
      },
      { method: 'POST', url: '/api/faqs', headers: { 'content-type': 'application/json' }, payload: '[]', status: 400 },
      { method: 'GET', url: '/api/faqs/1/nothing-here', status: 404 },
      { method: 'GET', url: '/media/not-a-file', status: 404 },
    ] as const;
    for (const { status, ...request } of cases) {
      const res = await t.injectAs(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json() as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['error', 'message']);
      noLeak(res.body);
    }
  });

  it('answers a failure inside the server with a plain 500, detail only in the log', async () => {
    const broken = await buildTestApp();
    await broken.db.destroy();
    const res = await broken.app.inject({ method: 'GET', url: '/api/faqs' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong on the server. Please try again.',
      error: 'Internal Server Error',
    });
    await broken.close();
  });

  it('compresses JSON for clients that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
  });
});

describe('serving the console', () => {
  let t: TestApp;
  let consoleDir: string;
  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'bursary-console-'));
    mkdirSync(join(consoleDir, 'assets'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(consoleDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await buildTestApp({ config: { consoleDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  it('serves index.html without caching and hashed assets as immutable', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('id="root"');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to index.html for console routes, never for /api or /media', async () => {
    for (const url of ['/dashboard', '/faqs/edit/3', '/content/create']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('id="root"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).headers['content-type']).toMatch(/json/);
    expect((await t.app.inject({ method: 'GET', url: '/media/x/y' })).statusCode).toBe(404);
  });

  it('without a build, answers a short page that says to build it', async () => {
    const bare = await buildTestApp();
    const res = await bare.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
    await bare.close();
  });
});
