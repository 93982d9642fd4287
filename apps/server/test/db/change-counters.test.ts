import { beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

describe.each(dialects)('change counters across restarts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });

  it('survive a second start on the same database and keep counting exactly', async () => {
    for (const title of ['One', 'Two']) await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title } });
    const totals = async () => ({
      page: (await t.app.inject({ method: 'GET', url: '/api/faqs?limit=1' })).headers['x-total-count'],
      logs: ((await t.injectAs({ method: 'GET', url: '/api/logs/summary' })).json() as { total: number }).total,
    });
    expect(await totals()).toEqual({ page: '2', logs: 2 });
    await migrateToLatest(t.db);
    await migrateToLatest(t.db);
    expect(await totals()).toEqual({ page: '2', logs: 2 });
    await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Three' } });
    expect(await totals()).toEqual({ page: '3', logs: 3 });
  });
});
