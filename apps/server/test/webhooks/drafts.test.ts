import { afterEach, describe, expect, it } from 'vitest';
import { dialects, type TestApp } from '../helper.ts';
import { addWebhook, appWithReceiver } from './receiver.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const send = async (t: TestApp, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const answer = await t.injectAs({ method, url, ...(payload ? { payload } : {}) });
  expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeLessThan(300);
  return answer.json<{ id: number }>();
};

describe.each(dialects)('webhooks and drafts (%s)', (dialect) => {
  it('tell the website nothing of a draft or of waiting changes, and tell it of publish and unpublish', async () => {
    const { t, receiver, worker } = await appWithReceiver(dialect, closers);
    await addWebhook(t, receiver.url, ['*']);
    const types = () => receiver.received.map((r) => (JSON.parse(r.body) as { type: string }).type);

    const draft = await send(t, 'POST', '/api/faqs', { title: 'Secret plan', status: 'draft' });
    await send(t, 'PUT', `/api/faqs/${draft.id}`, { title: 'Secret plan, revised', status: 'draft' });
    const other = await send(t, 'POST', '/api/faqs', { title: 'Thrown away', status: 'draft' });
    await send(t, 'DELETE', `/api/faqs/${other.id}`);
    await worker.runOnce();
    expect(receiver.received).toEqual([]);

    await send(t, 'POST', `/api/faqs/${draft.id}/publish`);
    await worker.runOnce();
    expect(types().sort()).toEqual(['record.published', 'site.changed']);
    expect(receiver.received.map((r) => r.body).join()).not.toContain('Thrown away');

    await send(t, 'PUT', `/api/faqs/${draft.id}/changes`, { title: 'Not yet on the website' });
    await send(t, 'DELETE', `/api/faqs/${draft.id}/changes`);
    await worker.runOnce();
    expect(receiver.received).toHaveLength(2);

    await send(t, 'POST', `/api/faqs/${draft.id}/unpublish`);
    await worker.runOnce();
    expect(types().slice(2).sort()).toEqual(['record.unpublished', 'site.changed']);
    expect(receiver.received.map((r) => r.body).join()).not.toContain('Not yet on the website');
  });
});
