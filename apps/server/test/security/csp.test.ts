import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSP } from '../../src/http/console.ts';
import { storedImageUrl } from '../factories.ts';
import { buildTestApp, type TestApp } from '../helper.ts';

/** The policy as a map of directive → sources, so each promise is checked on its own. */
const directives = (policy: string) =>
  new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );

describe('console Content-Security-Policy', () => {
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

  it("runs only the console's own scripts, calls only its own origin, keeps Quill styles and data-URL images", () => {
    const policy = directives(CONSOLE_CSP);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('style-src')).toContain("'unsafe-inline'");
    expect(CONSOLE_CSP).not.toMatch(/unsafe-eval|\*/);
  });

  it('sends the policy with every console page: index, client routes and the build hint', async () => {
    for (const url of ['/', '/index.html', '/faqs/edit/1', '/dashboard']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy'], url).toBe(CONSOLE_CSP);
    }
    const bare = await buildTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/dashboard' })).headers['content-security-policy']).toBe(
        CONSOLE_CSP,
      );
    } finally {
      await bare.close();
    }
  });

  it('leaves media with their own sandbox policy and JSON answers without a page policy', async () => {
    const media = await t.app.inject({ method: 'GET', url: await storedImageUrl(t.db) });
    expect(media.headers['content-security-policy']).toMatch(/sandbox/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/faqs' })).headers['content-security-policy'],
    ).toBeUndefined();
  });
});
