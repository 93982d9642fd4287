import { afterEach, describe, expect, it } from 'vitest';
import { dialects, type TestApp } from '../helper.ts';
import { storedImageUrl } from '../factories.ts';
import { addWebhook, appWithReceiver } from './receiver.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface Event {
  type: string;
  data: { action?: string; locale?: string | null };
}

const send = async (t: TestApp, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object = {}) => {
  const answer = await t.injectAs({ method, url, payload });
  expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeLessThan(300);
  return answer.json<{ id: number }>();
};

describe.each(dialects)('webhooks tell the truth (%s)', (dialect) => {
  it('send nothing for writes and publishes in a private language, and events of one shape', async () => {
    const { t, receiver, worker } = await appWithReceiver(dialect, closers);
    await send(t, 'POST', '/api/locales', { code: 'sw', name: 'Kiswahili' });
    await send(t, 'POST', '/api/locales', { code: 'fr', name: 'Français' });
    await send(t, 'PATCH', '/api/locales/fr', { public: true });
    await addWebhook(t, receiver.url, ['*']);
    const received = () => receiver.received.map((r) => JSON.parse(r.body) as Event);

    const { id } = await send(t, 'POST', '/api/faqs', { title: 'How do I apply?' });
    await worker.runOnce();
    expect(received().map((e) => [e.type, e.data.action, e.data.locale])).toEqual(
      expect.arrayContaining([['record.created', 'create', null]]),
    );
    receiver.received.length = 0;

    await send(t, 'PUT', `/api/faqs/${id}?locale=sw`, { title: 'Ninaombaje?' });
    await send(t, 'PUT', `/api/faqs/${id}/changes?locale=sw`, { title: 'Ninaombaje sasa?' });
    await send(t, 'POST', `/api/faqs/${id}/publish?locale=sw`);
    await worker.runOnce();
    expect(receiver.received.map((r) => r.body)).toEqual([]);

    await send(t, 'PUT', `/api/faqs/${id}/changes?locale=fr`, { title: 'Comment postuler ?' });
    await send(t, 'POST', `/api/faqs/${id}/publish?locale=fr`);
    await worker.runOnce();
    const published = received().filter((e) => e.type !== 'site.changed');
    expect(published.map((e) => [e.type, e.data.action, e.data.locale])).toEqual([
      ['record.published', 'publish', 'fr'],
    ]);
    expect(received().map((e) => e.type)).toContain('site.changed');
  });

  it('name each published record showing an image whose alternative text or focal point changed', async () => {
    const { t, receiver, worker } = await appWithReceiver(dialect, closers);
    await send(t, 'POST', '/api/locales', { code: 'fr', name: 'Français' });
    await send(t, 'PATCH', '/api/locales/fr', { public: true });
    await send(t, 'POST', '/api/locales', { code: 'sw', name: 'Kiswahili' });
    const image = await storedImageUrl(t.db, 7);
    const story = { student_name: 'Ama', date: '2024-03-04', image, image_alt: 'Ama' };
    const { id } = await send(t, 'POST', '/api/success-stories', story);
    await send(t, 'POST', '/api/success-stories', { ...story, student_name: 'Kofi', status: 'draft' });
    await addWebhook(t, receiver.url, ['*']);
    const media = `/api/media/${image.slice('/media/'.length)}`;
    const received = async () => {
      await worker.runOnce();
      const events = receiver.received.splice(0).map((r) => JSON.parse(r.body) as Event & { data: object });
      return events.map((e) => [e.type, e.data]);
    };
    const updated = (locale: string | null) => [
      'record.updated',
      { section: 'success-stories', id, title: 'Ama', action: 'update', revision_id: null, username: 'editor', locale },
    ];

    await send(t, 'PATCH', media, { alt: 'Ama on stage' });
    expect(await received()).toEqual([updated(null), ['site.changed', {}]]);
    await send(t, 'PATCH', `${media}?locale=fr`, { alt: 'Ama sur scène' });
    expect(await received()).toEqual([updated('fr'), ['site.changed', {}]]);
    await send(t, 'PATCH', media, { focal_x: 0.2 });
    expect(await received()).toEqual([updated(null), ['site.changed', {}]]);
    // a language the website does not know of, and an image only a draft shows: nothing the website can see
    await send(t, 'PATCH', `${media}?locale=sw`, { alt: 'Ama jukwaani' });
    expect(await received()).toEqual([]);
    const other = await storedImageUrl(t.db, 8);
    await send(t, 'POST', '/api/success-stories', { ...story, image: other, status: 'draft' });
    await send(t, 'PATCH', `/api/media/${other.slice('/media/'.length)}`, { alt: 'Kofi' });
    expect(await received()).toEqual([]);
  });
});
