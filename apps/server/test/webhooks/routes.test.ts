import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, signInAs } from '../helper.ts';
import { startReceiver, verifies } from './receiver.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const ROUTES = [
  ['GET', '/api/webhooks'],
  ['POST', '/api/webhooks'],
  ['GET', '/api/webhooks/1'],
  ['PATCH', '/api/webhooks/1'],
  ['DELETE', '/api/webhooks/1'],
  ['GET', '/api/webhooks/1/deliveries'],
  ['POST', '/api/webhooks/1/deliveries/1/retry'],
  ['POST', '/api/webhooks/1/ping'],
  ['POST', '/api/webhooks/1/rotate-secret'],
] as const;

describe.each(dialects)('the webhooks API (%s)', (dialect) => {
  it('answers administrators only: editors and viewers 403, no token 401, and changes nothing', async () => {
    const t = await buildTestApp({ dialect, webhooks: { background: false } });
    const editor = await signInAs(t, 'editor');
    const viewer = await signInAs(t, 'viewer');
    const payload = { url: 'https://93.184.216.34/hook', events: ['*'] };
    for (const [method, url] of ROUTES) {
      expect((await t.app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      for (const token of [editor, viewer]) {
        const answer = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
        expect(answer.statusCode, `${method} ${url}`).toBe(403);
        expect(answer.json().message).toBe('Only an administrator can do this.');
      }
    }
    expect(await t.db.selectFrom('webhooks').selectAll().execute()).toEqual([]);
  });

  it('shows the secret once, keeps it sealed, rotates it, and logs each change', async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const t = await buildTestApp({ dialect, config: { webhookAllowPrivate: true }, webhooks: { background: false } });
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/webhooks',
      payload: {
        url: `${receiver.url}/in?token=abc`,
        events: ['record.created', 'site.changed'],
        description: ' Site ',
      },
    });
    expect(created.statusCode).toBe(201);
    const { webhook, secret } = created.json<{ webhook: { id: number }; secret: string }>();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(webhook).toMatchObject({ description: 'Site', enabled: true, disabled_reason: null });
    const stored = await t.db.selectFrom('webhooks').select('secret').executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret.slice(6));
    for (const url of ['/api/webhooks', `/api/webhooks/${webhook.id}`]) {
      const read = await t.injectAs({ method: 'GET', url });
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain('whsec_');
      expect(read.body).not.toContain('secret');
    }

    const ping = await t.injectAs({ method: 'POST', url: `/api/webhooks/${webhook.id}/ping` });
    expect(ping.json()).toMatchObject({ type: 'ping', attempt: 1, state: 'sent', status_code: 200 });
    expect(verifies(secret, receiver.received[0]!)).toBe(true);

    const rotated = await t.injectAs({ method: 'POST', url: `/api/webhooks/${webhook.id}/rotate-secret` });
    const next = rotated.json<{ secret: string }>().secret;
    expect(next).not.toBe(secret);
    await t.injectAs({ method: 'POST', url: `/api/webhooks/${webhook.id}/ping` });
    expect(verifies(next, receiver.received[1]!)).toBe(true);
    expect(verifies(secret, receiver.received[1]!)).toBe(false);

    const logs = await t.db
      .selectFrom('logs')
      .select(['action', 'content', 'username'])
      .where('section', '=', 'webhooks')
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      { action: 'create', content: `Webhook #${webhook.id} (127.0.0.1:${receiver.port}) created`, username: 'editor' },
      {
        action: 'update',
        content: `Webhook #${webhook.id} (127.0.0.1:${receiver.port}) updated: new secret`,
        username: 'editor',
      },
    ]);
    expect(JSON.stringify(logs)).not.toContain('token=abc');
    // where the server sends requests is for administrators: to anyone else these rows do not exist
    const editor = await signInAs(t, 'editor');
    const seen = await t.app.inject({
      method: 'GET',
      url: '/api/logs',
      headers: { authorization: `Bearer ${editor}` },
    });
    expect(seen.body).not.toContain('Webhook #');
    const admin = await t.injectAs({ method: 'GET', url: '/api/logs' });
    expect(Number(admin.headers['x-total-count']) - Number(seen.headers['x-total-count'])).toBe(2);
  });

  it('changes url, events, description and enabled; refuses bad input with a sentence and changes nothing', async () => {
    const t = await buildTestApp({ dialect, config: { webhookAllowPrivate: true }, webhooks: { background: false } });
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: 'http://127.0.0.1:9/a', events: ['*'] },
    });
    const id = created.json<{ webhook: { id: number } }>().webhook.id;
    const bad = [
      { events: [] },
      { events: ['record.exploded'] },
      { events: ['*', '*'] },
      { url: 'gopher://127.0.0.1/' },
      { enabled: 'yes' },
      { secret: 'whsec_mine' },
      { description: 'x'.repeat(501) },
    ];
    for (const payload of bad) {
      const answer = await t.injectAs({ method: 'PATCH', url: `/api/webhooks/${id}`, payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message, JSON.stringify(payload)).toMatch(/\S/);
    }
    const unchanged = await t.injectAs({ method: 'GET', url: `/api/webhooks/${id}` });
    expect(unchanged.json()).toMatchObject({ url: 'http://127.0.0.1:9/a', events: ['*'], description: '' });

    const changed = await t.injectAs({
      method: 'PATCH',
      url: `/api/webhooks/${id}`,
      payload: { url: 'http://127.0.0.1:9/b', events: ['record.deleted'], description: 'Build', enabled: false },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      url: 'http://127.0.0.1:9/b',
      events: ['record.deleted'],
      description: 'Build',
      enabled: false,
    });
    const ping = await t.injectAs({ method: 'POST', url: `/api/webhooks/${id}/ping` });
    expect(ping.statusCode).toBe(409);

    expect((await t.injectAs({ method: 'DELETE', url: `/api/webhooks/${id}` })).statusCode).toBe(200);
    expect((await t.injectAs({ method: 'GET', url: `/api/webhooks/${id}` })).statusCode).toBe(404);
    expect((await t.injectAs({ method: 'GET', url: `/api/webhooks/${id}/deliveries` })).statusCode).toBe(404);
    expect((await t.injectAs({ method: 'GET', url: '/api/webhooks/abc' })).statusCode).toBe(400);
  });
});
