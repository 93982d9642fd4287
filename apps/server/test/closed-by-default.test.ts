import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, TEST_PASSWORD, TEST_USERNAME, type TestApp } from './helper.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The only write anyone may send without a token. */
const OPEN_WRITES = new Set(['POST /api/login']);

/** A concrete address for a route pattern: every parameter becomes 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, '1');

describe.each(dialects)('closed by default on %s', (dialect) => {
  let t: TestApp;
  let clock = new Date('2026-01-05T09:00:00Z');
  const tokens: Record<string, string | undefined> = {};

  beforeAll(async () => {
    t = await buildTestApp({ dialect, auth: { now: () => clock } });
    const login = async () => ((await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: TEST_USERNAME, password: TEST_PASSWORD } })).json() as { token: string }).token;
    const revoked = await login();
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${revoked}` } })).statusCode).toBe(200);
    const expired = await login();
    clock = new Date(clock.getTime() + 13 * 60 * 60 * 1000);
    Object.assign(tokens, {
      none: undefined,
      malformed: 'Bearer',
      'not bearer': `Basic ${Buffer.from('editor:x').toString('base64')}`,
      garbage: 'Bearer ../../etc/passwd\u0000',
      expired: `Bearer ${expired}`,
      revoked: `Bearer ${revoked}`,
    });
  });

  it('finds the write routes in the route table', () => {
    const writes = t.app.routeTable.filter((r) => !READS.has(r.method)).map((r) => `${r.method} ${r.url}`);
    expect(writes).toEqual(expect.arrayContaining(['POST /api/faqs', 'PUT /api/faqs/:id', 'DELETE /api/faqs/:id', 'PUT /api/steps/sub-edit', 'POST /api/logout', 'POST /api/logs']));
  });

  it('answers 401 to every write route without a valid token', async () => {
    const writes = t.app.routeTable.filter((r) => !READS.has(r.method) && !OPEN_WRITES.has(`${r.method} ${r.url}`));
    expect(writes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of writes) {
      for (const [kind, authorization] of Object.entries(tokens)) {
        const res = await t.app.inject({
          method: route.method as 'POST', url: concrete(route.url),
          headers: authorization ? { authorization } : {}, payload: { title: 'x' },
        });
        const body = res.json() as { message?: string; error?: string };
        if (res.statusCode !== 401 || typeof body.message !== 'string' || body.error !== 'Unauthorized') {
          failures.push(`${route.method} ${route.url} with ${kind} token: ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('checks every token route\'s token before its body: malformed or unparseable bodies get 401 too', async () => {
    const tokenRoutes = t.app.routeTable.filter((r) => (!READS.has(r.method) && !OPEN_WRITES.has(`${r.method} ${r.url}`)) || r.url === '/api/me');
    expect(tokenRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['POST /api/logout', 'PUT /api/me/password', 'GET /api/me']));
    const bodies = [
      { 'content-type': 'application/json', payload: '{"title":' },
      { 'content-type': 'text/plain', payload: 'not json' },
      { 'content-type': 'application/json', payload: '[1, 2' },
    ];
    const failures: string[] = [];
    for (const route of tokenRoutes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD')) {
      for (const [kind, authorization] of Object.entries(tokens)) {
        for (const { payload, ...contentType } of bodies) {
          const res = await t.app.inject({
            method: route.method as 'POST', url: concrete(route.url), payload,
            headers: { ...contentType, ...(authorization ? { authorization } : {}) },
          });
          if (res.statusCode !== 401) failures.push(`${route.method} ${route.url} with ${kind} token and ${contentType['content-type']} ${payload}: ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('checks the token before anything else: unknown sections and bad bodies get 401 too', async () => {
    for (const url of ['/api/unknown-section', '/api/faqs/1/anything']) {
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    }
    const malformed = await t.app.inject({ method: 'POST', url: '/api/faqs', headers: { 'content-type': 'application/json' }, payload: '{"title":' });
    expect(malformed.statusCode).toBe(401);
  });

  it('keeps section reads public and logs closed', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/faqs' })).statusCode).toBe(200);
    for (const url of ['/api/logs', '/api/logs/summary']) {
      for (const authorization of Object.values(tokens)) {
        const res = await t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
        expect(res.statusCode).toBe(401);
      }
    }
  });
});
