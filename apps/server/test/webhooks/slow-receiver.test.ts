import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects } from '../helper.ts';
import { addWebhook, eventually, startReceiver } from './receiver.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe.each(dialects)('one slow receiver (%s)', (dialect) => {
  it('delays no other webhook: the healthy one gets each event within 2 s while the other never answers', async () => {
    const t = await buildTestApp({
      dialect,
      config: { webhookAllowPrivate: true },
      webhooks: { pollMs: 50 },
    });
    closers.push(t.close);
    // never answers: each attempt to it waits out the whole time limit
    const hanging = await startReceiver(() => undefined);
    const healthy = await startReceiver();
    // the receivers close first, so the app's close does not wait out the hanging attempts
    closers.push(hanging.close, healthy.close);
    await addWebhook(t, `${hanging.url}/hook`, ['record.created']);
    await addWebhook(t, `${healthy.url}/hook`, ['record.created']);

    for (let n = 1; n <= 10; n += 1) {
      const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: `Question ${n}` } });
      expect(created.statusCode).toBe(201);
      await eventually(() => healthy.received.length === n, `event ${n} at the healthy receiver`, 2_000);
    }
    // the hanging receiver was sent its attempts too, at most a few at a time
    expect(hanging.received.length).toBeGreaterThan(0);
    expect(hanging.received.length).toBeLessThanOrEqual(4);
  });
});
