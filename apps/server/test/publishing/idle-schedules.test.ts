import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { create } from './publishing-helpers.ts';
import { inHours, scheduleUrl } from './schedule-helpers.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;

interface Item {
  action: string;
  record_id: number;
}

describe.each(dialects)('a publish leaves no idle publish schedule on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  /** A published FAQ with changes waiting, scheduled to publish them tomorrow and to unpublish the day after. */
  async function scheduledChange(): Promise<number> {
    const id = Number((await create(t, faqs, { title: 'Waiting' })).id);
    const changes = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${id}/changes`,
      payload: { description: 'For tomorrow' },
    });
    expect(changes.statusCode, changes.body).toBe(200);
    const put = await t.injectAs({
      method: 'PUT',
      url: scheduleUrl(faqs, id),
      payload: { publish_at: inHours(24), unpublish_at: inHours(48) },
    });
    expect(put.statusCode, put.body).toBe(200);
    return id;
  }

  /** What the record's own schedule says, what the dashboard's overview says, and what a list read says. */
  async function schedulesOf(id: number) {
    const own = (await t.injectAs({ method: 'GET', url: scheduleUrl(faqs, id) })).json() as { pending: Item[] };
    const overview = (await t.injectAs({ method: 'GET', url: '/api/schedules' })).json() as { upcoming: Item[] };
    const list = (await t.injectAs({ method: 'GET', url: '/api/faqs?status=all' })).json() as {
      id: number;
      publish_at: string | null;
      unpublish_at: string | null;
    }[];
    const read = list.find((record) => record.id === id);
    return {
      own: own.pending.map((item) => item.action),
      upcoming: overview.upcoming.filter((item) => item.record_id === id).map((item) => item.action),
      listed: { publish: read?.publish_at !== null, unpublish: read?.unpublish_at !== null },
    };
  }

  const cleared = { own: ['unpublish'], upcoming: ['unpublish'], listed: { publish: false, unpublish: true } };

  it('keeps the publish schedule while its changes wait, and while a save leaves them waiting', async () => {
    const id = await scheduledChange();
    const live = await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { title: 'Live edit' } });
    expect(live.statusCode, live.body).toBe(200);
    expect(await schedulesOf(id)).toEqual({
      own: ['publish', 'unpublish'],
      upcoming: ['publish', 'unpublish'],
      listed: { publish: true, unpublish: true },
    });
  });

  it('POST …/publish drops the publish schedule it made idle; the unpublish stays', async () => {
    const id = await scheduledChange();
    const res = await t.injectAs({ method: 'POST', url: `/api/faqs/${id}/publish` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await schedulesOf(id)).toEqual(cleared);
  });

  it('a save that makes the waiting version live (PUT, then the changes dropped) drops it too', async () => {
    const id = await scheduledChange();
    const put = await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { description: 'Now' } });
    expect(put.statusCode, put.body).toBe(200);
    const dropped = await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}/changes` });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(await schedulesOf(id)).toEqual(cleared);
  });

  it('a draft saved live drops its publish schedule', async () => {
    const id = Number((await create(t, faqs, { title: 'Draft' }, 'draft')).id);
    await t.injectAs({ method: 'PUT', url: scheduleUrl(faqs, id), payload: { publish_at: inHours(24) } });
    const put = await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { title: 'Live now' } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await schedulesOf(id)).own).toEqual([]);
  });
});
