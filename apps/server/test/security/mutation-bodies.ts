import fc from 'fast-check';
import { SERVER_OWNED_KEYS } from '../../src/records/record-validation.ts';
import type { RouteUnderTest } from './mutations.ts';

/** The body mutations of the fuzz suites: wrong field values, broken JSON and seeded fast-check bodies. */
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

export function jsonBodies(body: Record<string, unknown>, bodyMaxBytes: number): [string, string][] {
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
