import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';

const SITE = 'https://fund.example';

const preflight = (t: TestApp, url: string, method: string, origin = SITE) =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'if-none-match' },
  });

describe.each(dialects)('reads from the website on %s', (dialect) => {
  let t: TestApp;
  let faqId: number;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, config: { corsOrigins: [SITE, 'http://localhost:4321'] } });
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'Who may apply?', description: '<p>Any student.</p>' },
    });
    faqId = (created.json() as { id: number }).id;
  });

  it('answers a listed origin on every public read, with Vary and never credentials', async () => {
    for (const url of ['/api/faqs', `/api/faqs/${faqId}`, '/api/about-heroes', '/api/faqs?q=apply']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin: SITE } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBe(SITE);
      expect(String(res.headers.vary), url).toMatch(/origin/i);
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });

  it('answers the languages and the website API document as it answers public reads: CORS, shared-cache policy, ETag', async () => {
    for (const url of ['/api/locales', '/api/openapi.json?audience=website', '/api/openapi.json']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin: SITE } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBe(SITE);
      expect(String(res.headers['cache-control']), url).toMatch(/^public, max-age=0, s-maxage=\d+$/);
      const etag = String(res.headers.etag);
      expect(etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await t.app.inject({ method: 'GET', url, headers: { origin: SITE, 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
    // a signed-in reader sees private languages too: that answer is never kept by a cache
    const signedIn = await t.injectAs({ method: 'GET', url: '/api/locales' });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });

  it('gives the languages a new ETag when they change', async () => {
    const before = String((await t.app.inject({ method: 'GET', url: '/api/locales' })).headers.etag);
    expect(before).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const added = await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'sw', name: 'Kiswahili' } });
    expect(added.statusCode).toBe(201);
    const launched = await t.injectAs({ method: 'PATCH', url: '/api/locales/sw', payload: { public: true } });
    expect(launched.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/locales', headers: { 'if-none-match': before } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(after.json()).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'sw' })]));
  });

  it('gives an origin that is not listed no permission', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/faqs',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers the preflight of a read with 204, GET and HEAD, and the two headers a site may send', async () => {
    const res = await preflight(t, '/api/faqs', 'GET');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(SITE);
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD');
    expect(res.headers['access-control-allow-headers']).toBe('If-None-Match, Bursary-Preview');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('never answers cross-origin for sign-in, writes, users, logs or history', async () => {
    const refused: [string, string][] = [
      ['/api/login', 'POST'],
      ['/api/faqs', 'POST'],
      [`/api/faqs/${faqId}`, 'PUT'],
      [`/api/faqs/${faqId}`, 'DELETE'],
      ['/api/users', 'GET'],
      ['/api/logs', 'GET'],
      ['/api/trash', 'GET'],
      [`/api/faqs/${faqId}/revisions`, 'GET'],
      ['/api/me', 'GET'],
    ];
    for (const [url, method] of refused) {
      const res = await preflight(t, url, method);
      expect(res.headers['access-control-allow-origin'], `${method} ${url}`).toBeUndefined();
      expect(res.statusCode, `${method} ${url}`).not.toBe(204);
    }
    const logs = await t.injectAs({ method: 'GET', url: '/api/logs', headers: { origin: SITE } });
    expect(logs.statusCode).toBe(200);
    expect(logs.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets shared caches keep public reads, with their ETag and 304', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/faqs' });
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const etag = String(res.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: '/api/faqs', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const one = await t.app.inject({ method: 'GET', url: `/api/faqs/${faqId}` });
    expect(one.headers['cache-control']).toMatch(/^public, /);
    expect(one.headers.etag).toBeDefined();
  });

  it('keeps signed-in reads out of every cache', async () => {
    const viewer = await signInAs(t, 'viewer');
    for (const url of ['/api/faqs', `/api/faqs/${faqId}`, '/api/logs', '/api/me']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${viewer}` } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it("lets shared caches keep a missing record's 404 as long as a record, so a deleted one is replaced", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/faqs/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('public, s-maxage=60');
  });

  it('asks search engines to index nothing', async () => {
    for (const url of ['/', '/faqs', '/api/faqs', '/robots.txt']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
  });
});

describe('origins and cache time as the operator sets them', () => {
  it('answers any origin with * when CORS_ORIGINS is *, still without credentials', async () => {
    const t = await buildTestApp({ config: { corsOrigins: '*', publicCacheSeconds: 300 } });
    const res = await t.app.inject({ method: 'GET', url: '/api/faqs', headers: { origin: 'https://any.example' } });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=300');
    expect(res.headers['cdn-cache-control']).toBe('public, s-maxage=300, stale-while-revalidate=300');
  });

  it('answers no origin at all when CORS_ORIGINS is unset', async () => {
    const t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/faqs', headers: { origin: SITE } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await preflight(t, '/api/faqs', 'GET');
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });
});
