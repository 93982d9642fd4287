import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { addWebhook, startReceiver, testWorker, verifies } from './receiver.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A clock the test moves: retries are hours apart, the test takes none of them. */
function testClock() {
  let at = Date.now();
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

async function setUp(dialect: (typeof dialects)[number], respond: Parameters<typeof startReceiver>[0]) {
  const receiver = await startReceiver(respond);
  closers.push(receiver.close);
  const t = await buildTestApp({ dialect, config: { webhookAllowPrivate: true }, webhooks: { background: false } });
  const hook = await addWebhook(t, `${receiver.url}/hook`, ['record.created']);
  const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Q' } });
  expect(created.statusCode).toBe(201);
  return { receiver, t, hook };
}

const attempts = (t: TestApp) =>
  t.db
    .selectFrom('webhook_deliveries')
    .select(['attempt', 'state', 'status_code', 'next_attempt_at', 'event_id', 'response', 'error'])
    .orderBy('id')
    .execute();

describe.each(dialects)('webhook retries and failures (%s)', (dialect) => {
  it('retries a failing endpoint after 5 s, 1 min, 10 min, 1 h and 6 h under one webhook-id, then marks it failed', async () => {
    const { receiver, t, hook } = await setUp(dialect, (_q, r) => {
      r.statusCode = 500;
      r.end('down');
    });
    const clock = testClock();
    const worker = testWorker(t.db, t.config, { now: clock.now });
    await worker.runOnce();
    const pauses = [5 * SECOND, MINUTE, 10 * MINUTE, HOUR, 6 * HOUR];
    for (const pause of pauses) {
      // a moment early, nothing is sent
      clock.advance(pause - 1);
      await worker.runOnce();
      expect(receiver.received).toHaveLength(pauses.indexOf(pause) + 1);
      clock.advance(1);
      await worker.runOnce();
      expect(receiver.received).toHaveLength(pauses.indexOf(pause) + 2);
    }
    clock.advance(24 * HOUR);
    await worker.runOnce();
    expect(receiver.received).toHaveLength(6);
    const rows = await attempts(t);
    expect(rows.map((r) => [r.attempt, r.state, r.status_code])).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => [n, 'failed', 500]),
    );
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([rows[0]!.event_id]));
    expect(receiver.received.every((r) => verifies(hook.secret, r))).toBe(true);
    // each attempt is signed at its own time
    expect(new Set(receiver.received.map((r) => r.headers['webhook-timestamp'])).size).toBe(6);

    // an administrator sends it again: same id, and this time it lands
    receiver.answerWith((_q, r) => r.end('fine'));
    const list = await t.injectAs({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries?limit=1` });
    const [newest] = list.json<{ id: number; attempt: number }[]>();
    expect(newest!.attempt).toBe(6);
    const retried = await t.injectAs({
      method: 'POST',
      url: `/api/webhooks/${hook.id}/deliveries/${newest!.id}/retry`,
    });
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({ attempt: 7, state: 'pending' });
    const again = await t.injectAs({
      method: 'POST',
      url: `/api/webhooks/${hook.id}/deliveries/${newest!.id}/retry`,
    });
    expect(again.statusCode).toBe(409);
    await worker.runOnce();
    expect(receiver.received).toHaveLength(7);
    expect(receiver.received[6]!.headers['webhook-id']).toBe(rows[0]!.event_id);
    expect((await attempts(t)).at(-1)).toMatchObject({ attempt: 7, state: 'sent', status_code: 200, response: 'fine' });
  });

  it('turns the webhook off when the endpoint answers 410, with the reason, and sends nothing more', async () => {
    const { receiver, t, hook } = await setUp(dialect, (_q, r) => {
      r.statusCode = 410;
      r.end();
    });
    const clock = testClock();
    const worker = testWorker(t.db, t.config, { now: clock.now });
    await worker.runOnce();
    clock.advance(HOUR);
    await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Another' } });
    await worker.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect((await attempts(t)).map((r) => [r.state, r.status_code])).toEqual([['failed', 410]]);
    const read = await t.injectAs({ method: 'GET', url: `/api/webhooks/${hook.id}` });
    expect(read.json()).toMatchObject({ enabled: false, disabled_reason: expect.stringMatching(/410 Gone/) });
  });

  it('does not follow a redirect: a 3xx is a failed attempt and the other address is never asked', async () => {
    const elsewhere = await startReceiver();
    closers.push(elsewhere.close);
    const { receiver, t } = await setUp(dialect, (_q, r) => {
      r.writeHead(307, { location: `${elsewhere.url}/stolen` });
      r.end();
    });
    await testWorker(t.db, t.config).runOnce();
    expect(receiver.received).toHaveLength(1);
    expect(elsewhere.received).toEqual([]);
    const rows = await attempts(t);
    expect(rows.map((r) => [r.attempt, r.state, r.status_code])).toEqual([
      [1, 'failed', 307],
      [2, 'pending', null],
    ]);
  });

  it('gives up on an endpoint that does not answer within the time limit, and retries it', async () => {
    const { t } = await setUp(dialect, () => {
      /* never answers */
    });
    await testWorker(t.db, t.config, { timeoutMs: 300 }).runOnce();
    const rows = await attempts(t);
    expect(rows.map((r) => [r.attempt, r.state, r.status_code])).toEqual([
      [1, 'failed', null],
      [2, 'pending', null],
    ]);
    expect(rows[0]!.error).toBe('No answer within 0.3 s.');
  });

  it('reads and keeps at most 4 KB of an answer', async () => {
    const { t } = await setUp(dialect, (_q, r) => r.end('x'.repeat(1024 * 1024)));
    await testWorker(t.db, t.config).runOnce();
    const [row] = await attempts(t);
    expect(row).toMatchObject({ state: 'sent', status_code: 200 });
    expect(row!.response).toBe('x'.repeat(4096));
  });
});
