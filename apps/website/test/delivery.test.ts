import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../server/export.ts';
import {
  type Call,
  type RunningBursary,
  type RunningWebsite,
  seedFund,
  staff,
  startBursary,
  startWebsite,
} from './support.ts';

/** How the website keeps up with Bursary: fresh within 2 s, from memory between changes, steady while it is away. */

let bursary: RunningBursary;
let site: RunningWebsite;
let call: Call;

beforeAll(async () => {
  bursary = await startBursary();
  call = await staff(bursary);
  await seedFund(call);
  site = await startWebsite(bursary.url);
  await site.settled();
});

afterAll(async () => {
  await site?.website.close();
  await bursary?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { headers, redirect: 'manual' });

describe('fresh and steady', () => {
  it('shows a published change within 2 s', async () => {
    await get('/faqs');
    const saved = Date.now();
    await call('POST', '/api/faqs', { title: 'Is there a deadline?', description: '<p>Yes: 31 August.</p>' });
    let seenAfter: number | undefined;
    while (Date.now() - saved < 2_000) {
      if ((await (await get('/faqs')).text()).includes('Is there a deadline?')) {
        seenAfter = Date.now() - saved;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seenAfter, 'the new FAQ was not on the page within 2 s').toBeDefined();
  });

  it('answers a page it has from memory, with its ETag, a 304 and the shared caches’ Cache-Control', async () => {
    const first = await get('/about', { 'accept-encoding': 'br' });
    await first.arrayBuffer();
    const again = await get('/about', { 'accept-encoding': 'br' });
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    expect(again.headers.get('content-encoding')).toBe('br');
    const etag = again.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await get('/about', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    // another page, or the same page after a change, has another tag
    expect((await get('/apply')).headers.get('etag')).not.toBe(etag);
  });

  it('frames a public page nowhere and lets in no script', async () => {
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
  });
});

describe('previews', () => {
  it('shows the page holding a record as it will be, never cached, framed by the console alone', async () => {
    const draft = await call('POST', '/api/faqs', { title: 'A draft only the preview shows', status: 'draft' });
    const { url, token } = (await call('POST', '/api/preview-tokens', { section: 'faqs', id: draft.id })) as {
      url: string | null;
      token: string;
    };
    expect(url).toBeNull(); // this Bursary was started without PREVIEW_URL: the address is the website's to make
    const preview = await get(`/preview?token=${token}&section=faqs&id=${String(draft.id)}`);
    const html = await preview.text();
    expect(preview.status).toBe(200);
    expect(html).toContain('Preview: not published yet');
    expect(html).toContain('A draft only the preview shows');
    expect(html).toMatch(new RegExp(`<details id="faq-${String(draft.id)}" open`));
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.headers.get('referrer-policy')).toBe('no-referrer');
    expect(preview.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(preview.headers.get('content-security-policy')).toContain(`frame-ancestors ${new URL(bursary.url).origin}`);
    // links stay in the preview
    expect(html).toContain(`href="/preview?token=${token}&amp;path=%2Fabout"`);
    // the public page still does not show it
    expect(await (await get('/faqs')).text()).not.toContain('A draft only the preview shows');
  });

  it('answers 401 to a preview without a token, or with one that was revoked', async () => {
    const created = (await call('POST', '/api/preview-tokens', {})) as { id: number; token: string };
    expect((await get(`/preview?token=${created.token}`)).status).toBe(200);
    await call('DELETE', `/api/preview-tokens/${created.id}`);
    for (const path of [`/preview?token=${created.token}`, '/preview', '/preview?token=made-up']) {
      const refused = await get(path);
      expect(refused.status, path).toBe(401);
      expect(await refused.text()).toContain('This preview has ended');
      expect(refused.headers.get('cache-control')).toBe('private, no-store');
    }
  });
});

describe('static export', () => {
  it('writes every page in every public language, the sitemap, robots.txt and the 404 page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'website-export-'));
    try {
      const count = await exportSite(dir, { BURSARY_URL: bursary.url, WEBSITE_URL: 'https://fund.example' });
      expect(count).toBeGreaterThan(16);
      expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('Fund your degree');
      expect(readFileSync(join(dir, 'fr', 'index.html'), 'utf8')).toContain('Financez vos études');
      expect(readFileSync(join(dir, 'fr', 'faqs', 'index.html'), 'utf8')).toContain('<html lang="fr"');
      expect(readFileSync(join(dir, '404.html'), 'utf8')).toContain('Page not found');
      expect(readFileSync(join(dir, 'sitemap.xml'), 'utf8')).toContain('<loc>https://fund.example/fr/about</loc>');
      expect(readFileSync(join(dir, 'robots.txt'), 'utf8')).toContain('Sitemap: https://fund.example/sitemap.xml');
      // images stay on Bursary's /media
      expect(readFileSync(join(dir, 'stories', 'index.html'), 'utf8')).toContain(`${bursary.url}/media/`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('while Bursary cannot be reached', () => {
  it('keeps serving the pages it had, and answers 503 with Retry-After for a page it never had', async () => {
    expect((await get('/stories')).status).toBe(200);
    const version = site.website.store.version;
    await call('PUT', '/api/visions', { title: 'A vision read before the outage', description: '<p>x</p>' });
    await site.settled(version);
    await bursary.stop();
    // pages kept in memory, and pages rendered again from the content last read
    expect((await get('/stories')).status).toBe(200);
    const about = await get('/about');
    expect(about.status).toBe(200);
    expect(await about.text()).toContain('A vision read before the outage');
    const search = await get('/faqs?q=nobody-searched-this-before');
    expect(search.status).toBe(503);
    expect(search.headers.get('retry-after')).toBe('60');
    expect(await search.text()).toContain('The website is being updated. Please try again in a minute.');
  });

  it('answers 503 everywhere when it started while Bursary was away', async () => {
    const orphan = await startWebsite('http://127.0.0.1:9');
    try {
      const response = await fetch(`${orphan.url}/`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('60');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toContain('The website is being updated. Please try again in a minute.');
    } finally {
      await orphan.website.close();
    }
  });
});

describe('its process', () => {
  it('runs alone with BURSARY_URL and ends on SIGTERM', async () => {
    const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'server', 'serve.ts')], {
      env: { ...process.env, BURSARY_URL: 'http://127.0.0.1:9', WEBSITE_PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 20_000;
    while (!/running at (http:\/\/\S+)/.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the website did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const address = /running at (http:\/\/\S+)/.exec(output)![1]!;
    expect((await fetch(address)).status).toBe(503);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
