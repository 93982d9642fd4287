import { beforeAll, describe, expect, it } from 'vitest';
import { OutboxQueue, type Outcome } from '../../src/outbox/queue.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { addWebhook } from '../webhooks/receiver.ts';

type Attempt = Outcome<'webhook_deliveries'>;
const NOW = new Date('2026-06-01T12:00:00.000Z');

/** The generic queue on its own, with a deliver function the test hands in (on the webhooks' attempts table). */
describe.each(dialects)('an outbox queue (%s)', (dialect) => {
  let t: TestApp;
  let webhookId: number;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, config: { webhookAllowPrivate: true }, webhooks: { background: false } });
    ({ id: webhookId } = await addWebhook(t, 'http://127.0.0.1:9/hook'));
  });

  const queue = (answer: () => Attempt, now = () => NOW) =>
    new OutboxQueue({
      db: t.db,
      table: 'webhook_deliveries',
      group: 'webhook_id',
      now,
      retryDelaysMs: [5_000],
      leaseMs: 60_000,
      deliverer: async () => async () => answer(),
      carried: (row) => ({ webhook_id: row.webhook_id, event_id: row.event_id, type: row.type, payload: row.payload }),
    });
  const attemptsOf = (eventId: string) =>
    t.db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).orderBy('id').execute();
  const queued = (eventId: string) =>
    t.db
      .insertInto('webhook_deliveries')
      .values({
        webhook_id: webhookId,
        event_id: eventId,
        type: 'record.created',
        payload: '{}',
        attempt: 1,
        next_attempt_at: NOW.toISOString(),
        created_at: NOW.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();

  it('retries a failure after its pause, and stops once the pauses are spent', async () => {
    const failing = queue(() => ({ ok: false, error: 'No.' }));
    await failing.attempt([await queued('msg_retry')]);
    let rows = await attemptsOf('msg_retry');
    expect(rows.map((row) => [row.attempt, row.state, row.error])).toEqual([
      [1, 'failed', 'No.'],
      [2, 'pending', null],
    ]);
    expect(rows[1]?.next_attempt_at).toBe(new Date(NOW.getTime() + 5_000).toISOString());
    expect(await failing.due(NOW, [], 10)).not.toContainEqual(expect.objectContaining({ event_id: 'msg_retry' }));
    const later = new Date(NOW.getTime() + 5_000);
    const due = (await failing.due(later, [], 10)).filter((row) => row.event_id === 'msg_retry');
    await queue(
      () => ({ ok: false, error: 'Still no.' }),
      () => later,
    ).attempt(due);
    rows = await attemptsOf('msg_retry');
    expect(rows.map((row) => row.state)).toEqual(['failed', 'failed']);
  });

  it('sends a final failure once, and records a success with the kind’s columns', async () => {
    await queue(() => ({ ok: false, error: 'Gone.', final: true })).attempt([await queued('msg_final')]);
    expect((await attemptsOf('msg_final')).map((row) => row.state)).toEqual(['failed']);
    await queue(() => ({ ok: true, error: null, columns: { status_code: 204 } })).attempt([await queued('msg_ok')]);
    const [sent] = await attemptsOf('msg_ok');
    expect([sent?.state, sent?.status_code, sent?.lease_until]).toEqual(['sent', 204, null]);
  });

  it('claims an attempt once, and again only when its lease has run out', async () => {
    const row = await queued('msg_lease');
    const first = await queue(() => ({ ok: true, error: null })).claim([row]);
    expect(first.held).toHaveLength(1);
    expect((await queue(() => ({ ok: true, error: null })).claim([row])).held).toHaveLength(0);
    const afterLease = () => new Date(NOW.getTime() + 61_000);
    const taker = queue(() => ({ ok: true, error: null }), afterLease);
    expect((await taker.claim([row])).held).toHaveLength(1);
    // the first holder's outcome comes too late: the one who holds the lease now records it
    await queue(() => ({ ok: false, error: 'Late.' })).deliverClaimed(
      async () => ({ ok: false, error: 'Late.' }),
      row,
      first.lease,
    );
    expect((await attemptsOf('msg_lease')).map((r) => r.state)).toEqual(['pending']);
  });

  it('leaves out the groups it is told are full', async () => {
    await queued('msg_full');
    const due = await queue(() => ({ ok: true, error: null })).due(NOW, [webhookId], 100);
    expect(due.filter((row) => row.webhook_id === webhookId)).toEqual([]);
  });
});
