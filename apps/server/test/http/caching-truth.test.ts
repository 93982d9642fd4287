import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

/** What a shared cache and a browser each read of a public answer. */
const SHARED_ONLY = 'public, s-maxage=60, stale-while-revalidate=60';
const BROWSER_AND_SHARED = 'public, max-age=0, s-maxage=60';

describe.each(dialects)('caches get the truth (%s)', (dialect) => {
  let t: TestApp;
  let faqId: number;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    for (const title of ['Who may apply?', 'When is the deadline?', 'How do I apply?']) {
      const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title } });
      faqId = created.json<{ id: number }>().id;
    }
  });

  it('lets a shared cache keep the 404 of a missing record, so it replaces the copy of one that went', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/faqs/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('public, s-maxage=60');
    expect(String(res.headers.vary)).toMatch(/Bursary-Preview/);
    // a refusal that is not about the content is kept nowhere
    expect((await t.app.inject({ method: 'GET', url: '/api/faqs/abc' })).headers['cache-control']).toBeUndefined();
  });

  it('names Bursary-Preview in Vary on every public read it can change, 304s included', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/faqs' });
    for (const [url, headers] of [
      ['/api/faqs', {}],
      ['/api/faqs', { 'if-none-match': String(list.headers.etag) }],
      ['/api/faqs?limit=1', {}],
      [`/api/faqs/${faqId}`, {}],
      ['/api/about-heroes', {}],
      ['/api/faqs', { 'bursary-preview': 'not-a-token' }],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(String(res.headers.vary), url).toMatch(/(^|, )Bursary-Preview(,|$)/);
    }
  });

  it('keeps a preview answer out of every cache, a refused one too', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/faqs', headers: { 'bursary-preview': 'bogus' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    const byQuery = await t.app.inject({ method: 'GET', url: '/api/faqs?preview=bogus' });
    expect(byQuery.statusCode).toBe(401);
    expect(byQuery.headers['cache-control']).toBe('private, no-store');
  });

  it('gives a list with a query an ETag and 304, which moves when the page or the total does', async () => {
    for (const url of [
      '/api/faqs?limit=2',
      '/api/faqs?limit=2&offset=1',
      '/api/faqs?q=apply',
      '/api/about-heroes?q=x',
    ]) {
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag;
      expect(etag, url).toMatch(/^"/);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
    }
    const before = await t.app.inject({ method: 'GET', url: '/api/faqs?limit=1' });
    // a record added at the end leaves the first page's records as they were, but not its total
    await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'A later question' } });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/faqs?limit=1',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-total-count']).toBe(String(Number(before.headers['x-total-count']) + 1));
  });

  it('gives stale-while-revalidate to shared caches only', async () => {
    for (const url of ['/api/faqs', '/api/faqs?limit=1', `/api/faqs/${faqId}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe(BROWSER_AND_SHARED);
      expect(res.headers['cdn-cache-control'], url).toBe(SHARED_ONLY);
    }
    const signedIn = await t.injectAs({ method: 'GET', url: '/api/faqs' });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.headers['cdn-cache-control']).toBeUndefined();
  });
});
