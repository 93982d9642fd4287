import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects } from '../helper.ts';
import { addWebhook, eventually, startReceiver, verifies } from './receiver.ts';
import { signedHeaders } from '../../src/webhooks/signing.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe('the Standard Webhooks signature', () => {
  it('reproduces the specification’s published test vector', () => {
    const headers = signedHeaders(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1614265330_000),
      '{"test": 2432232314}',
    );
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });
});

describe.each(dialects)('webhook deliveries after a change (%s)', (dialect) => {
  it('sends a signed record.created once the write committed, and one site.changed for a burst', async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const t = await buildTestApp({
      dialect,
      config: { webhookAllowPrivate: true, webhookDebounceSeconds: 0 },
      webhooks: { pollMs: 50 },
    });
    const hook = await addWebhook(t, `${receiver.url}/hook`, ['record.created', 'record.updated', 'site.changed']);
    const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'How do I apply?' } });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    await eventually(() => receiver.received.length >= 2, 'a record event and site.changed');
    const byType = (type: string) => receiver.received.filter((r) => JSON.parse(r.body).type === type);
    const [event] = byType('record.created');
    expect(event).toBeDefined();
    expect(verifies(hook.secret, event!)).toBe(true);
    expect(verifies(`whsec_${Buffer.alloc(32).toString('base64')}`, event!)).toBe(false);
    expect(event!.path).toBe('/hook');
    expect(event!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(event!.body);
    expect(body).toEqual({
      type: 'record.created',
      timestamp: expect.any(String),
      data: {
        section: 'faqs',
        id,
        title: 'How do I apply?',
        action: 'create',
        revision_id: expect.any(Number),
        username: 'editor',
        locale: null,
      },
    });
    expect(Math.abs(Number(event!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(byType('site.changed')).toHaveLength(1);

    // a delete is not subscribed to: nothing more arrives than the update's event and its site.changed
    await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { title: 'How do I apply now?' } });
    await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}` });
    await eventually(() => byType('record.updated').length === 1 && byType('site.changed').length >= 2, 'the update');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(byType('record.deleted')).toEqual([]);
    const deliveries = await t.injectAs({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries` });
    expect(deliveries.statusCode).toBe(200);
    const rows = deliveries.json<{ type: string; state: string; status_code: number; response: string }[]>();
    expect(rows.every((r) => r.state === 'sent' && r.status_code === 200 && r.response === 'ok')).toBe(true);
    expect(Number(deliveries.headers['x-total-count'])).toBe(rows.length);
  });

  it('sends site.changed at most once per WEBHOOK_DEBOUNCE_SECONDS however many changes', async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const t = await buildTestApp({
      dialect,
      config: { webhookAllowPrivate: true, webhookDebounceSeconds: 1 },
      webhooks: { pollMs: 50 },
    });
    await addWebhook(t, receiver.url, ['site.changed']);
    const started = Date.now();
    for (let n = 0; n < 5; n += 1)
      expect((await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: `Q${n}` } })).statusCode).toBe(
        201,
      );
    await eventually(() => receiver.received.length === 1, 'one site.changed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'site.changed', data: {} });
  });
});
