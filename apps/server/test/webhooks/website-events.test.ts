import { afterEach, describe, expect, it } from 'vitest';
import { dialects, type TestApp } from '../helper.ts';
import { addWebhook, appWithReceiver } from './receiver.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** What curl and hand-written helpers send: a JSON content type and no body at all. */
const emptyJson = (t: TestApp, url: string) =>
  t.injectAs({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '' });

describe.each(dialects)('webhooks a website can act on (%s)', (dialect) => {
  it('a PUT that takes a draft live sends record.published beside record.updated', async () => {
    const { t, receiver, worker } = await appWithReceiver(dialect, closers);
    await addWebhook(t, receiver.url, ['*']);
    const draft = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Soon', status: 'draft' } });
    const id = draft.json<{ id: number }>().id;
    const put = await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { title: 'Now live' } });
    expect(put.statusCode).toBe(200);
    await worker.runOnce();
    const events = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: { id?: number } });
    expect(events.map((e) => e.type).sort()).toEqual(['record.published', 'record.updated', 'site.changed']);
    expect(events.find((e) => e.type === 'record.published')?.data.id).toBe(id);

    // a further save of the live record is an update alone
    await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { title: 'Live, revised' } });
    await worker.runOnce();
    const later = receiver.received.slice(3).map((r) => (JSON.parse(r.body) as { type: string }).type);
    expect(later.sort()).toEqual(['record.updated', 'site.changed']);
  });

  it('publish, unpublish and ping take an empty JSON body as {}', async () => {
    const { t, receiver } = await appWithReceiver(dialect, closers);
    const draft = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Empty', status: 'draft' } });
    const id = draft.json<{ id: number }>().id;
    const published = await emptyJson(t, `/api/faqs/${id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ id, status: 'published' });
    const unpublished = await emptyJson(t, `/api/faqs/${id}/unpublish`);
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(unpublished.json()).toMatchObject({ id, status: 'draft' });
    const hook = await addWebhook(t, receiver.url, ['*']);
    const ping = await emptyJson(t, `/api/webhooks/${hook.id}/ping`);
    expect(ping.statusCode, ping.body).toBe(200);
    expect(ping.json()).toMatchObject({ type: 'ping', state: 'sent' });

    // a body that is not JSON is still refused, and a record's fields still are
    const broken = await t.injectAs({
      method: 'POST',
      url: `/api/faqs/${id}/publish`,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toMatch(/at |\.ts/);
    const fields = await t.injectAs({ method: 'POST', url: `/api/faqs/${id}/publish`, payload: { title: 'x' } });
    expect(fields.statusCode).toBe(400);
    expect(fields.json<{ message: string }>().message).toMatch(/take no body/);
  });
});
