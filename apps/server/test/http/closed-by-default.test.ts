import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, signInAs, TEST_PASSWORD, TEST_USERNAME, type TestApp } from '../helper.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The only writes anyone may send without a token: the two steps of a sign-in. */
const OPEN_WRITES = new Set(['POST /api/login', 'POST /api/login/totp']);
/** Writes to one's own account and session: any signed-in role may make them. */
const OWN_ACCOUNT = /^(POST \/api\/logout|[A-Z]+ \/api\/me(\/.*)?)$/;
/**
 * The team's users, the webhooks (they choose where the server sends requests) and the languages (what the website
 * is published in): administrators only.
 */
const ADMIN_ONLY = /^[A-Z]+ \/api\/(users|webhooks|locales)(\/.*)?$/;

/** A concrete address for a route pattern: every parameter becomes 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, '1');

/** The role each write needs: users and webhooks routes admin, one's own account anyone, every other write editor. */
function neededRole(route: string): 'admin' | 'editor' | 'anyone' {
  if (ADMIN_ONLY.test(route)) return 'admin';
  if (OWN_ACCOUNT.test(route)) return 'anyone';
  return 'editor';
}

describe.each(dialects)('closed by default on %s', (dialect) => {
  let t: TestApp;
  let clock = new Date('2026-01-05T09:00:00Z');
  const tokens: Record<string, string | undefined> = {};

  beforeAll(async () => {
    t = await buildTestApp({ dialect, auth: { now: () => clock } });
    const login = async () =>
      (
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { username: TEST_USERNAME, password: TEST_PASSWORD },
          })
        ).json() as { token: string }
      ).token;
    const revoked = await login();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${revoked}` } }))
        .statusCode,
    ).toBe(200);
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

  const writeRoutes = () =>
    t.app.routeTable
      .filter((r) => !READS.has(r.method) && !OPEN_WRITES.has(`${r.method} ${r.url}`))
      .map((r) => ({ method: r.method as 'POST', url: r.url, name: `${r.method} ${r.url}` }));

  it('finds the write routes in the route table', () => {
    const writes = t.app.routeTable.filter((r) => !READS.has(r.method)).map((r) => `${r.method} ${r.url}`);
    expect(writes).toEqual(
      expect.arrayContaining([
        'POST /api/faqs',
        'PUT /api/faqs/:id',
        'DELETE /api/faqs/:id',
        'PUT /api/steps/sub-edit',
        'POST /api/logout',
        'POST /api/logs',
        'POST /api/users',
        'PATCH /api/users/:id',
        'POST /api/users/:id/reset-password',
        'DELETE /api/users/:id/sessions',
        'DELETE /api/users/:id/totp',
        'PATCH /api/me',
        'DELETE /api/me/sessions',
        'POST /api/me/totp',
        'PUT /api/me/totp',
        'DELETE /api/me/totp',
      ]),
    );
  });

  it('answers 401 to every write route without a valid token', async () => {
    const writes = writeRoutes();
    expect(writes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of writes) {
      for (const [kind, authorization] of Object.entries(tokens)) {
        const res = await t.app.inject({
          method: route.method,
          url: concrete(route.url),
          headers: authorization ? { authorization } : {},
          payload: { title: 'x' },
        });
        const body = res.json() as { message?: string; error?: string };
        if (res.statusCode !== 401 || typeof body.message !== 'string' || body.error !== 'Unauthorized') {
          failures.push(`${route.name} with ${kind} token: ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers every write route by role: 403 with a message when the role does not reach it, and nothing changes', async () => {
    // fresh, live sessions (the clock moved past the first ones); each role's own user
    const roleTokens = {
      viewer: await signInAs(t, 'viewer'),
      editor: await signInAs(t, 'editor'),
      admin: await signInAs(t, 'admin'),
    };
    const snapshot = async () => ({
      logs: Number(
        (
          await t.db
            .selectFrom('logs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      users: await t.db.selectFrom('users').selectAll().orderBy('id').execute(),
      sessions: await t.db.selectFrom('sessions').select('id').orderBy('id').execute(),
    });
    const combos = writeRoutes()
      .filter((r) => r.name !== 'POST /api/logout')
      .flatMap((route) =>
        Object.entries(roleTokens).map(([role, token]) => {
          const needed = neededRole(route.name);
          return {
            route,
            role,
            token,
            allowed: needed === 'anyone' || role === 'admin' || (needed === 'editor' && role === 'editor'),
          };
        }),
      );
    const send = (route: { method: 'POST'; url: string }, token: string) =>
      t.app.inject({
        method: route.method,
        url: concrete(route.url),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '{"unknown field":1}',
      });
    const failures: string[] = [];
    const before = await snapshot();
    // first every write a role may not make: each is refused and, all of them together, change nothing
    for (const { route, role, token } of combos.filter((c) => !c.allowed)) {
      const res = await send(route, token);
      const body = res.json() as { message?: string; error?: string };
      if (res.statusCode !== 403 || body.error !== 'Forbidden' || !body.message)
        failures.push(`${route.name} as ${role}: ${res.statusCode}, not 403`);
    }
    expect(await snapshot()).toEqual(before);
    for (const { route, role, token } of combos.filter((c) => c.allowed)) {
      const res = await send(route, token);
      if (res.statusCode === 403)
        failures.push(`${route.name} as ${role}: refused with 403 (${(res.json() as { message: string }).message})`);
    }
    expect(combos.filter((c) => !c.allowed).length).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });

  it('lets every role read what a signed-in user reads, and only an administrator read the users', async () => {
    for (const role of ['viewer', 'editor', 'admin'] as const) {
      const authorization = `Bearer ${await signInAs(t, role)}`;
      for (const url of ['/api/me', '/api/logs', '/api/logs/summary', '/api/me/sessions', '/api/faqs']) {
        expect(
          (await t.app.inject({ method: 'GET', url, headers: { authorization } })).statusCode,
          `${role} GET ${url}`,
        ).toBe(200);
      }
      const users = await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization } });
      expect(users.statusCode, `${role} GET /api/users`).toBe(role === 'admin' ? 200 : 403);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } })).json()).toMatchObject({
        role,
      });
    }
  });

  it("checks every token route's token before its body: malformed or unparseable bodies get 401 too", async () => {
    const tokenRoutes = t.app.routeTable.filter(
      (r) => (!READS.has(r.method) && !OPEN_WRITES.has(`${r.method} ${r.url}`)) || r.url === '/api/me',
    );
    expect(tokenRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/logout', 'PUT /api/me/password', 'GET /api/me']),
    );
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
            method: route.method as 'POST',
            url: concrete(route.url),
            payload,
            headers: { ...contentType, ...(authorization ? { authorization } : {}) },
          });
          if (res.statusCode !== 401)
            failures.push(
              `${route.method} ${route.url} with ${kind} token and ${contentType['content-type']} ${payload}: ${res.statusCode}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('checks the token before anything else: unknown sections and bad bodies get 401 too', async () => {
    for (const url of ['/api/unknown-section', '/api/faqs/1/anything']) {
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/faqs',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
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
