import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects } from '../helper.ts';
import type { Resolver } from '../../src/lib/outbound-addresses.ts';
import { startReceiver, testWorker } from '../webhooks/receiver.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const PUBLIC = { address: '93.184.216.34', family: 4 };

/** A name server whose answer the test changes between the save and the send. */
function switchingResolver(first: { address: string; family: number }[]) {
  let answer = first;
  let asked = 0;
  const resolve: Resolver = async () => {
    asked += 1;
    return answer;
  };
  return { resolve, answerNext: (next: typeof first) => (answer = next), asked: () => asked };
}

describe.each(dialects)('where a webhook may be sent (%s)', (dialect) => {
  it('refuses, when saved, a URL that is not http(s) or whose host is or resolves to a non-public address', async () => {
    const dns = switchingResolver([PUBLIC, { address: '10.0.0.7', family: 4 }]);
    const t = await buildTestApp({ dialect, webhooks: { background: false, resolve: dns.resolve } });
    const refused = [
      'ftp://example.org/hook',
      'file:///hook.json',
      'http://127.0.0.1:8080/hook',
      'http://[::1]:1/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/hook',
      'http://192.168.1.10/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://0.0.0.0/hook',
      'http://224.0.0.1/hook',
      'http://2130706433/hook',
      'http://user:pw@example.org/hook',
      'http://mixed.example/hook',
      'not a url',
    ];
    for (const url of refused) {
      const answer = await t.injectAs({ method: 'POST', url: '/api/webhooks', payload: { url, events: ['*'] } });
      expect(answer.statusCode, url).toBe(400);
      const body = answer.json<{ message: string; fields: { path: string }[] }>();
      expect(body.fields[0]!.path, url).toBe('url');
      expect(body.message, url).toMatch(/^The (URL|host)/);
    }
    expect((await t.injectAs({ method: 'GET', url: '/api/webhooks' })).json()).toEqual([]);
    dns.answerNext([PUBLIC]);
    const fine = await t.injectAs({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: 'https://hooks.example/x', events: ['*'] },
    });
    expect(fine.statusCode).toBe(201);
  });

  it('refuses the cloud metadata address even where private addresses are allowed', async () => {
    const t = await buildTestApp({ dialect, config: { webhookAllowPrivate: true }, webhooks: { background: false } });
    for (const url of ['http://169.254.169.254/', 'http://[::ffff:169.254.169.254]/', 'http://0.0.0.0:80/']) {
      const answer = await t.injectAs({ method: 'POST', url: '/api/webhooks', payload: { url, events: ['*'] } });
      expect(answer.statusCode, url).toBe(400);
    }
  });

  it('checks the address again when sending: a name that now resolves to a private address is not connected to', async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const dns = switchingResolver([PUBLIC]);
    const t = await buildTestApp({ dialect, webhooks: { background: false, resolve: dns.resolve } });
    const saved = await t.injectAs({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: `http://rebind.example:${receiver.port}/hook`, events: ['record.created'] },
    });
    expect(saved.statusCode).toBe(201);
    dns.answerNext([{ address: '127.0.0.1', family: 4 }]);
    expect((await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Q' } })).statusCode).toBe(201);
    await testWorker(t.db, t.config, { resolve: dns.resolve }).runOnce();
    expect(receiver.received).toEqual([]);
    const [attempt] = await t.db.selectFrom('webhook_deliveries').selectAll().orderBy('id').execute();
    expect(attempt).toMatchObject({ attempt: 1, state: 'failed', status_code: null });
    expect(attempt!.error).toMatch(/^The URL is refused: its host rebind\.example is 127\.0\.0\.1, a loopback/);
  });

  it('connects to the address it checked, never to one a second lookup would give', async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    // the name exists only in this resolver: a lookup of the system's own would fail
    const dns = switchingResolver([{ address: '127.0.0.1', family: 4 }]);
    const t = await buildTestApp({
      dialect,
      config: { webhookAllowPrivate: true },
      webhooks: { background: false, resolve: dns.resolve },
    });
    const saved = await t.injectAs({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: `http://hooks.bursary-test.invalid:${receiver.port}/in`, events: ['*'] },
    });
    expect(saved.statusCode).toBe(201);
    const before = dns.asked();
    const ping = await t.injectAs({ method: 'POST', url: `/api/webhooks/${saved.json().webhook.id}/ping` });
    expect(ping.json()).toMatchObject({ type: 'ping', state: 'sent', status_code: 200 });
    expect(dns.asked()).toBe(before + 1);
    expect(receiver.received[0]!.headers.host).toBe(`hooks.bursary-test.invalid:${receiver.port}`);
  });
});
