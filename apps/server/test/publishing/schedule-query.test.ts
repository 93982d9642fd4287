import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

describe.each(dialects)('the schedule routes refuse a query parameter they do not take, on %s', (dialect) => {
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Soon', status: 'draft' } });
    id = created.json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  it('answers 400 with a sentence to PUT and DELETE …/schedule?locale=zz, and schedules nothing', async () => {
    const publishAt = new Date(Date.now() + 3_600_000).toISOString();
    const put = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${id}/schedule?locale=zz`,
      payload: { publish_at: publishAt },
    });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json<{ message: string }>().message).toBe('locale is not a parameter of this write, which takes none.');
    const removed = await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}/schedule?locale=zz` });
    expect(removed.statusCode, removed.body).toBe(400);
    const schedule = await t.injectAs({ method: 'GET', url: `/api/faqs/${id}/schedule` });
    expect(schedule.json()).toMatchObject({ pending: [] });
  });
});
