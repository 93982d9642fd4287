import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { type SectionDef, sections } from '@bursary/shared';
import { SERVER_OWNED_KEYS } from '../../src/sections/record-validation.ts';
import { sampleRecord } from '../factories.ts';

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
/** Logout ends the token it is called with; a reset or a sign-out-everywhere aimed at id 1 (the suite's own user) ends all of its sessions. */
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
      needsToken: isRead ? /^\/api\/(logs|me|users)(\/|$)/.test(url) : !OPEN_WRITES.has(url),
      endsSession: ENDS_SESSIONS.test(`${method} ${url}`),
    });
  }
  return routes;
}

/** Every parameter of a route pattern given one value. */
export const concrete = (url: string, value: string) => url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);

const ONE_MB = 'x'.repeat(1024 * 1024);
/** Each field as the wrong type, empty, huge or with a NUL. */
const WRONG_VALUES: [string, unknown][] = [
  ['number', 12345],
  ['negative', -1],
  ['fraction', 1.5],
  ['huge number', 1e308],
  ['zero', 0],
  ['null', null],
  ['true', true],
  ['false', false],
  ['empty array', []],
  ['array', ['a', 1]],
  ['empty object', {}],
  ['object', { a: 1, $gt: '' }],
  ['empty', ''],
  ['blank', '   '],
  ['1 MB', ONE_MB],
  ['NUL', 'a\u0000b'],
  ['lone surrogate', '\uD800'],
];

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

function jsonBodies(body: Record<string, unknown>, bodyMaxBytes: number): [string, string][] {
  const valid = JSON.stringify(body);
  const out: [string, string][] = [];
  for (const key of Object.keys(body)) {
    for (const [kind, value] of WRONG_VALUES)
      out.push([`${key} as ${kind}`, JSON.stringify({ ...body, [key]: value })]);
    const { [key]: _left, ...without } = body;
    out.push([`without ${key}`, JSON.stringify(without)]);
    out.push([`${key} twice`, `${valid.slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(body[key])}}`]);
  }
  for (const key of SERVER_OWNED_KEYS)
    out.push([
      `server-owned ${key}`,
      JSON.stringify({ ...body, [key]: key === 'id' ? 1 : '2020-01-01T00:00:00.000Z' }),
    ]);
  out.push(
    ['empty object', '{}'],
    ['extra key', JSON.stringify({ ...body, extra_field: 'x' })],
    ['__proto__', `{"__proto__":{"isAdmin":true,"title":"p"},${valid.slice(1)}`],
    ['constructor.prototype', `{"constructor":{"prototype":{"polluted":1}},${valid.slice(1)}`],
    ['10 000-deep array', `{"x":${deepArray(10_000)}}`],
    ['10 000-deep object', deepObject(10_000)],
    ['10 000-deep array body', deepArray(10_000)],
    ['array body', `[${valid}]`],
    ['string body', '"text"'],
    ['number body', '12'],
    ['null body', 'null'],
    ['true body', 'true'],
    ['truncated at 1', valid.slice(0, 1)],
    ['truncated in half', valid.slice(0, Math.floor(valid.length / 2))],
    ['truncated by one', valid.slice(0, -1)],
    ['trailing garbage', `${valid}xyz`],
    ['two objects', `${valid}${valid}`],
    ['BOM', `\uFEFF${valid}`],
    ['single quotes', valid.replaceAll('"', "'")],
    ['comment', `/* c */${valid}`],
    ['NaN literal', '{"title": NaN}'],
    ['huge exponent', '{"title": 1e999999}'],
    ['long number', `{"title": ${'9'.repeat(5000)}}`],
    ['limit + 1 bytes', `{"title":"${'x'.repeat(bodyMaxBytes - 11)}"}`],
  );
  return out;
}

/** Content-Type variants: absent, case, spacing, trailing text, other types. */
const CONTENT_TYPES: (string | undefined)[] = [
  undefined,
  'APPLICATION/JSON',
  'Application/Json; Charset=UTF-8',
  ' application/json',
  '\tapplication/json',
  'application/json\t',
  'application/json garbage',
  'application/json; charset=utf-16',
  'application/json; charset=x-unknown',
  'application/jsonp',
  'application/json;',
  'application/json, text/html',
  'application/problem+json',
  'text/plain',
  'text/html',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  '*/*',
  '',
  ';',
  'a'.repeat(5000),
];

/** Malformed or wrong Authorization headers; none of them may reach a write. */
const badAuthorizations = (token: string): string[] => [
  '',
  'Bearer',
  'Bearer ',
  'Bearer  ',
  'Basic ZWRpdG9yOng=',
  `Token ${token}`,
  `Bearer ${token.slice(0, -1)}`,
  `Bearer ${token}x`,
  `Bearer ${token.toUpperCase()}`,
  `Bearer ${token},${token}`,
  `Bearer ${token} ${token}`,
  `${token}`,
  `Bearer "${token}"`,
  `Bearer ${'A'.repeat(43)}`,
  `Bearer ${'a'.repeat(10_000)}`,
  'Bearer ../../etc/passwd',
  "Bearer ' or '1'='1",
  'Bearer %00',
  'Bearer null',
  'Bearer undefined',
  `Bearer ${Buffer.from(token).toString('base64')}`,
  'Bearer \u00e9\u00e9\u00e9',
];

/** Ids and path segments: negative, fractional, encoded traversal, 300 digits, SQL, Unicode digits. */
const BAD_IDS = [
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '%2e%2e%2f',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e',
  '9'.repeat(300),
  '1%00',
  '%201',
  '1%20',
  '%EF%BC%91',
  'NaN',
  'Infinity',
  '1;select%201',
  "1'%20or%20'1'='1",
  '1%20OR%201=1',
  '%27',
  'null',
  '[]',
  '1,2',
  '2147483648',
  '99999999999999999999',
  'a'.repeat(250),
  '%',
  '%zz',
  '%C0%AE%C0%AE',
  '1?x',
  '1#x',
];

const REDOS = `${'(a+)+$'.repeat(300)}${'a'.repeat(2000)}!${'.*'.repeat(500)}%_\\`;
/** Query strings for reads: repeated parameters, 10 kB regex-laden search, odd bounds. */
const BAD_QUERIES = [
  'q=a&q=b',
  `q=${encodeURIComponent(REDOS.slice(0, 10_000))}`,
  'q=%25',
  'q=_',
  'q=%5C',
  'q=%00',
  'q=%',
  'q[]=x',
  'q[a]=x',
  `q=${'%F0%9F%98%80'.repeat(200)}`,
  `q=${'x'.repeat(501)}`,
  'limit=-1',
  'limit=0',
  'limit=1.5',
  'limit=1e3',
  'limit=abc',
  'limit=99999999999999999999',
  'limit=1&limit=2',
  'limit[]=1',
  'offset=-1',
  'offset=abc',
  'offset=1e9',
  'offset=1000000001',
  'sort=password',
  'sort=password_hash',
  'filter[password_hash]=x',
  'where=1=1',
  'orderBy=id;drop',
  'fields=*',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  `${'a=1&'.repeat(2000)}b=1`,
];

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

/** Seeded fast-check bodies: the route's own keys and strangers, any JSON values. */
export function propertyBodies(route: RouteUnderTest, seed: number, count: number): unknown[] {
  const keys = [...Object.keys(route.body ?? {}), 'extra', '__proto__', 'constructor', 'id', 'toString'];
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.constantFrom(...Object.values(route.body ?? {})),
  );
  const body = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })), value, { maxKeys: 8 }),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  );
  return fc.sample(body, { seed, numRuns: count });
}
