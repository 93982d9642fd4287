import { beforeAll, describe, expect, it } from 'vitest';
import { failingWebhooks } from '../../src/site-health/installation-checks.ts';
import { pruneDeliveries, pruneWhenDue } from '../../src/webhooks/retention.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { addWebhook } from './receiver.ts';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-06-01T12:00:00.000Z');
type State = 'pending' | 'sent' | 'failed';
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();

describe.each(dialects)('pruning delivery attempts (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, config: { webhookAllowPrivate: true }, webhooks: { background: false } });
  });

  /** Attempts of `webhookId`, oldest first: [state, days ago] each. */
  async function attempts(webhookId: number, rows: [State, number][]) {
    for (const [n, [state, age]] of rows.entries())
      await t.db
        .insertInto('webhook_deliveries')
        .values({
          webhook_id: webhookId,
          event_id: `msg_${webhookId}_${n}`,
          type: 'record.created',
          payload: '{}',
          attempt: 1,
          state,
          error: state === 'failed' ? 'No answer within 10 s.' : null,
          next_attempt_at: daysAgo(age),
          sent_at: state === 'pending' ? null : daysAgo(age),
          created_at: daysAgo(age),
        })
        .execute();
  }
  const left = async (webhookId: number) =>
    (
      await t.db
        .selectFrom('webhook_deliveries')
        .select(['state', 'created_at'])
        .where('webhook_id', '=', webhookId)
        .orderBy('id')
        .execute()
    ).map((row) => `${row.state} ${Math.round((NOW.getTime() - Date.parse(row.created_at)) / DAY_MS)}`);

  it('deletes finished attempts past WEBHOOK_KEEP_DAYS, keeps pending ones and each webhook’s newest', async () => {
    const mixed = await addWebhook(t, 'http://127.0.0.1:9/mixed');
    const dead = await addWebhook(t, 'http://127.0.0.1:9/dead');
    await attempts(mixed.id, [
      ['failed', 40],
      ['sent', 35],
      ['pending', 40],
      ['sent', 29],
      ['failed', 1],
    ]);
    await attempts(dead.id, [
      ['failed', 50],
      ['failed', 45],
      ['failed', 40],
    ]);
    const failingBefore = await failingWebhooks(t.db, { admin: true } as never);
    expect(await pruneDeliveries(t.db, 30, NOW)).toBe(4);
    expect(await left(mixed.id)).toEqual(['pending 40', 'sent 29', 'failed 1']);
    // all old, the newest stays: the webhook list's last delivery and the dashboard's failing webhook are unchanged
    expect(await left(dead.id)).toEqual(['failed 40']);
    expect(await failingWebhooks(t.db, { admin: true } as never)).toEqual(failingBefore);
    expect(failingBefore.map((problem) => problem.title)).toEqual([
      'http://127.0.0.1:9/mixed',
      'http://127.0.0.1:9/dead',
    ]);
  });

  it('keeps at most the cap of finished attempts per webhook, however recent', async () => {
    const busy = await addWebhook(t, 'http://127.0.0.1:9/busy');
    await attempts(
      busy.id,
      Array.from({ length: 12 }, (_, n): [State, number] => [n === 3 ? 'pending' : 'failed', 2]),
    );
    expect(await pruneDeliveries(t.db, 30, NOW, 5)).toBe(6);
    const kept = await left(busy.id);
    expect(kept.filter((row) => row.startsWith('failed'))).toHaveLength(5);
    expect(kept).toContain('pending 2');
  });

  it('is done by one instance per period: of two asking at once, one prunes', async () => {
    const at = new Date(Date.now() + 365 * DAY_MS);
    const answers = await Promise.all([pruneWhenDue(t.db, 30, at), pruneWhenDue(t.db, 30, at)]);
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(1);
    expect(await pruneWhenDue(t.db, 30, new Date(at.getTime() + 60_000))).toBeUndefined();
    expect(await pruneWhenDue(t.db, 30, new Date(at.getTime() + 3_600_000))).toEqual(expect.any(Number));
  });
});
