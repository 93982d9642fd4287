import { beforeAll, describe, expect, it } from 'vitest';
import { storedImageUrl } from '../factories.ts';
import { dialects, type TestApp } from '../helper.ts';
import { mutationsOf, routesUnderTest } from './mutations.ts';
import { buildFuzzApp, Fuzzer, seedOneOfEach } from './oracle.ts';

/** Fuzz: every route of the route table with its body, header, id, query and path mutations. */
describe.each(dialects)('fuzz over every route on %s', (dialect) => {
  let t: TestApp;
  let imageUrl: string;
  beforeAll(async () => {
    t = await buildFuzzApp(dialect);
    imageUrl = await storedImageUrl(t.db);
    await seedOneOfEach(t, imageUrl);
  });

  it('answers every mutation calmly, refuses bad tokens with 401 and stores nothing it refuses', async () => {
    const routes = routesUnderTest(t.app.routeTable, imageUrl);
    expect(routes.length).toBeGreaterThan(80);
    // deletes last, so the other routes meet record 1 while it exists
    routes.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const fuzzer = new Fuzzer(t);
    const ctx = { token: t.token, validId: '1', bodyMaxBytes: t.config.bodyMaxBytes };
    for (const route of routes) {
      for (const mutation of mutationsOf(route, ctx)) {
        const res = await fuzzer.send(mutation.label, mutation.options);
        if (mutation.expect && res.statusCode !== 0 && res.statusCode !== mutation.expect) {
          fuzzer.problems.push(`${mutation.label}: answered ${res.statusCode}, wanted ${mutation.expect}`);
        }
      }
    }
    await fuzzer.expectHealthy();
    fuzzer.report(`route fuzz on ${dialect} over ${routes.length} routes`);
    expect(fuzzer.requests).toBeGreaterThan(routes.length * 50);
    expect(fuzzer.problems).toEqual([]);
  }, 300_000);
});
