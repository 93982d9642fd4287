import { beforeAll, describe, expect, it } from 'vitest';
import { LOGS_DEFAULT_LIMIT, LOGS_MAX_LIMIT } from '@bursary/shared';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

type Log = { id: number; action: string; content: string; created_at: string };

describe.each(dialects)('audit log on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });

  it('starts empty: no rows, summary with no date', async () => {
    const res = await t.injectAs({ method: 'GET', url: '/api/logs' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
    expect((await t.injectAs({ method: 'GET', url: '/api/logs/summary' })).json()).toEqual({
      total: 0,
      last_updated_at: null,
    });
  });

  it('records every write, newest first, with readable content', async () => {
    const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'How do I apply?' } });
    const { id } = created.json() as { id: number };
    await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { description: '<p>Online.</p>' } });
    await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}` });
    const res = await t.injectAs({ method: 'GET', url: '/api/logs' });
    const logs = res.json() as Log[];
    expect(logs.map((l) => [l.action, l.content])).toEqual([
      ['delete', 'FAQ "How do I apply?" deleted'],
      ['update', 'FAQ "How do I apply?" updated'],
      ['create', 'FAQ "How do I apply?" created'],
    ]);
    expect(logs[0]).toMatchObject({ section: 'faqs', record_id: id, username: 'editor' });
    const summary = (await t.injectAs({ method: 'GET', url: '/api/logs/summary' })).json() as {
      total: number;
      last_updated_at: string;
    };
    expect(summary).toEqual({ total: 3, last_updated_at: logs[0]?.created_at });
  });

  it('pages with limit and offset, newest 100 without parameters, total in X-Total-Count', async () => {
    const at = (n: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString();
    const rows = Array.from({ length: 120 }, (_, n) => ({
      action: 'update' as const,
      content: `Row ${n}`,
      section: 'faqs',
      record_id: n,
      username: 'editor',
      created_at: at(n),
      updated_at: at(n),
    }));
    await t.db.insertInto('logs').values(rows).execute();
    const first = await t.injectAs({ method: 'GET', url: '/api/logs' });
    expect(first.json()).toHaveLength(LOGS_DEFAULT_LIMIT);
    expect(first.headers['x-total-count']).toBe('123');
    expect(first.headers['access-control-expose-headers']).toMatch(/X-Total-Count/);
    const page = await t.injectAs({ method: 'GET', url: '/api/logs?limit=2&offset=3' });
    expect((page.json() as Log[]).map((l) => l.content)).toEqual(['Row 119', 'Row 118']);
    for (const bad of ['limit=0', `limit=${LOGS_MAX_LIMIT + 1}`, 'offset=-1', 'limit=abc', 'limit=1&limit=2']) {
      const res = await t.injectAs({ method: 'GET', url: `/api/logs?${bad}` });
      expect(res.statusCode).toBe(400);
    }
  });

  it('refuses client writes with 405 and a clear message, changing nothing', async () => {
    for (const [method, url] of [
      ['POST', '/api/logs'],
      ['PUT', '/api/logs/1'],
      ['DELETE', '/api/logs/1'],
      ['PATCH', '/api/logs/1'],
      ['POST', '/api/logs/'],
    ] as const) {
      const res = await t.injectAs({ method, url, payload: { content: 'forged' } });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET');
      expect((res.json() as { message: string }).message).toMatch(/cannot be created, edited or deleted/);
    }
    expect((await t.injectAs({ method: 'GET', url: '/api/logs/summary' })).json()).toMatchObject({ total: 123 });
  });
});
