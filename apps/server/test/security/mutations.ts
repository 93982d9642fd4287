import type { InjectOptions } from 'fastify';
import { type SectionDef, sections } from '@bursary/shared';
import { sampleRecord } from '../factories.ts';
import { jsonBodies } from './mutation-bodies.ts';
import { BAD_IDS, BAD_QUERIES, CONTENT_TYPES, badAuthorizations } from './mutation-values.ts';

/**
 * The fuzz mutations, derived from the route table: every route gets
 * its body, header, id and query mutations, so a new route is fuzzed without anyone listing it.
 */
export interface Mutation {
  label: string;
  options: InjectOptions;
  /** The one status this mutation must get, where the promise fixes it (401 without a valid token). */
  expect?: number;
}

export interface RouteUnderTest {
  method: string;
  url: string;
  /** A body this route would accept (or the closest to it), whose fields are mutated one by one. */
  body: Record<string, unknown> | undefined;
  /**
   * The body sent with header, path and Content-Type variants. Sign-in and password change get one
   * without a password: the parser is what those variants test, and each real attempt costs a
   * deliberate scrypt hash.
   */
  probeBody: Record<string, unknown> | undefined;
  /** Whether a valid token is needed; bad Authorization headers must then get 401. */
  needsToken: boolean;
  /** The route revokes the token it is called with (logout): never send it the suite's token. */
  endsSession: boolean;
}

const sectionOf = (url: string): SectionDef | undefined =>
  sections.find(
    (s) =>
      url.startsWith(`/api/${s.slug}`) &&
      (url.length === `/api/${s.slug}`.length || url[`/api/${s.slug}`.length] === '/'),
  );

/** The body each route takes, built from the registry. */
function bodyFor(method: string, url: string, imageUrl: string): Record<string, unknown> | undefined {
  if (method === 'GET' || method === 'HEAD') return undefined;
  if (url === '/api/login') return { username: 'nobody-here', password: 'not the password 1' };
  if (url === '/api/login/totp') return { mfa_token: 'not-a-live-sign-in', code: '123456' };
  if (url === '/api/users') return { username: 'fuzzed-user', role: 'viewer' };
  // a loopback address is refused when saved: the fuzz never makes the server call out
  if (url === '/api/webhooks') return { url: 'http://127.0.0.1:9/hook', events: ['*'] };
  if (url === '/api/me/password')
    return { current_password: 'not the password 1', new_password: 'a brand new long password 7' };
  const section = sectionOf(url);
  const sub = section?.subItems;
  if (sub && url.endsWith('/sub-edit')) return { [sub.field]: [{ [sub.itemKey]: 'An item' }] };
  if (sub && url.endsWith('/sub')) return { [sub.itemKey]: 'An item' };
  if (section && method !== 'DELETE') return sampleRecord(section, 1, imageUrl);
  return { title: 'x' };
}

/** The two steps of a sign-in: the only writes without a token. */
const OPEN_WRITES = new Set(['/api/login', '/api/login/totp']);
/**
 * Logout ends the token it is called with; a reset or a sign-out-everywhere aimed at id 1 (the suite's own user) ends
 * all of its sessions.
 */
const ENDS_SESSIONS =
  /^(POST \/api\/logout|POST \/api\/users\/:id\/reset-password|DELETE \/api\/users\/:id\/sessions)$/;

export function routesUnderTest(table: readonly { method: string; url: string }[], imageUrl: string): RouteUnderTest[] {
  const seen = new Set<string>();
  const routes: RouteUnderTest[] = [];
  for (const { method, url } of table) {
    // HEAD and OPTIONS share their GET handler; the static catch-all is fuzzed through unknown paths
    if (method === 'HEAD' || method === 'OPTIONS' || url === '/*' || seen.has(`${method} ${url}`)) continue;
    seen.add(`${method} ${url}`);
    const isRead = method === 'GET';
    const body = bodyFor(method, url, imageUrl);
    const hashes = url === '/api/login' || url === '/api/me/password';
    routes.push({
      method,
      url,
      body,
      probeBody: hashes && body ? { ...body, password: undefined, current_password: undefined } : body,
      needsToken: isRead ? /^\/api\/(logs|me|users|webhooks)(\/|$)/.test(url) : !OPEN_WRITES.has(url),
      endsSession: ENDS_SESSIONS.test(`${method} ${url}`),
    });
  }
  return routes;
}

/** Every parameter of a route pattern given one value. */
export const concrete = (url: string, value: string) => url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);

export interface MutationContext {
  token: string;
  validId: string;
  bodyMaxBytes: number;
}

/** Every mutation of one route. */
export function mutationsOf(route: RouteUnderTest, ctx: MutationContext): Mutation[] {
  const url = concrete(route.url, ctx.validId);
  const auth = route.needsToken && !route.endsSession ? { authorization: `Bearer ${ctx.token}` } : {};
  const base = `${route.method} ${route.url}`;
  const out: Mutation[] = [];
  const add = (label: string, options: Omit<InjectOptions, 'method'>, expect?: number) =>
    out.push({
      label: `${base} ${label}`,
      options: { method: route.method as 'GET', ...options },
      ...(expect ? { expect } : {}),
    });

  if (route.body) {
    // a section write must refuse server-owned keys outright; every body route must refuse limit + 1
    const owned = sectionOf(route.url) && route.method !== 'DELETE' ? 400 : undefined;
    const tooLarge = route.endsSession ? undefined : 413;
    for (const [label, payload] of jsonBodies(route.body, ctx.bodyMaxBytes)) {
      const expect = label.startsWith('server-owned') ? owned : label === 'limit + 1 bytes' ? tooLarge : undefined;
      add(label, { url, payload, headers: { ...auth, 'content-type': 'application/json' } }, expect);
    }
    const valid = JSON.stringify(route.probeBody);
    for (const type of CONTENT_TYPES)
      add(`Content-Type ${JSON.stringify(type)}`, {
        url,
        payload: valid,
        headers: { ...auth, ...(type === undefined ? {} : { 'content-type': type }) },
      });
  }
  if (route.needsToken) {
    for (const authorization of badAuthorizations(ctx.token)) {
      add(
        `Authorization ${JSON.stringify(authorization.slice(0, 30))}`,
        { url, headers: { authorization }, ...(route.probeBody ? { payload: route.probeBody } : {}) },
        401,
      );
    }
  }
  if (/[:*]/.test(route.url)) {
    for (const id of BAD_IDS)
      add(`id ${id.slice(0, 30)}`, {
        url: concrete(route.url, id),
        headers: auth,
        ...(route.probeBody ? { payload: route.probeBody } : {}),
      });
  }
  if (route.method === 'GET')
    for (const query of BAD_QUERIES) add(`query ${query.slice(0, 30)}`, { url: `${url}?${query}`, headers: auth });
  // the address itself: case, slashes, encodings (the throttle and auth must not be bypassed by any)
  for (const variant of [
    url.toUpperCase(),
    `${url}/`,
    `${url}//`,
    url.replace('/api/', '/api//'),
    url.replace('/api/', '/api/./'),
    url.replace('/api/', '/API/'),
    `${url}%2f`,
    `${url};x=1`,
    `${url}/..`,
  ]) {
    add(`path ${variant.slice(0, 40)}`, {
      url: variant,
      headers: auth,
      ...(route.probeBody ? { payload: route.probeBody } : {}),
    });
  }
  return out;
}
