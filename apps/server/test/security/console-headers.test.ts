import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';

/** Each feature the policy switches off, as `feature=()`. */
const disabledFeatures = (policy: string) =>
  policy
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.endsWith('=()'))
    .map((part) => part.slice(0, -3));

describe('console headers and build files', () => {
  let t: TestApp;
  let consoleDir: string;
  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'bursary-console-'));
    mkdirSync(join(consoleDir, 'assets'));
    mkdirSync(join(consoleDir, '.vite'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(consoleDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(consoleDir, 'assets', 'index-abc123.js.map'), '{"version":3}');
    writeFileSync(join(consoleDir, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/index-abc123.js"}}');
    writeFileSync(join(consoleDir, '.env'), 'SECRET=1');
    t = await buildTestApp({ config: { consoleDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  it('sends no-referrer, frame denial and a restrictive Permissions-Policy with pages and assets', async () => {
    for (const url of ['/', '/index.html', '/faqs/edit/1', '/assets/index-abc123.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      const disabled = disabledFeatures(String(res.headers['permissions-policy'] ?? ''));
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(disabled, `${url} ${feature}`).toContain(feature);
    }
  });

  it('serves no dotfile, build manifest or source map: 404 as JSON, never the console page', async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/.vite/',
      '/.vite',
      '/.env',
      '/assets/index-abc123.js.map',
      '/%2Evite/manifest.json',
      '/assets/../.vite/manifest.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.body, url).not.toContain('index-abc123');
      expect(res.body, url).not.toContain('id="root"');
    }
  });
});
