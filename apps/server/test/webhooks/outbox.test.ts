import { afterEach, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { writeTransaction } from '../../src/db/write-transaction.ts';
import { storeChange } from '../../src/records/store-change.ts';
import type { ChangeEvent } from '../../src/revisions/stored-change.ts';
import { changePipeline } from '../../src/change-pipeline.ts';
import { addWebhook, appWithReceiver, startReceiver, testWorker } from './receiver.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A change stored as the section writes store it, with what the website sees of it. */
const change = (
  t: TestApp,
  id: number,
  status: 'published' | 'draft' = 'published',
  event?: ChangeEvent,
  fail = false,
  whileOpen?: () => Promise<void>,
) =>
  writeTransaction(t.db, async (trx) => {
    await storeChange(trx, changePipeline().participants, {
      section: faqs,
      action: 'update',
      record: { id, title: `FAQ ${id}` } as never,
      version: 1,
      status,
      pending: null,
      username: 'editor',
      now: new Date().toISOString(),
      logs: [],
      ...(event ? { event } : {}),
    });
    await whileOpen?.();
    if (fail) throw new Error('this write fails after its change was stored');
  });

const outbox = async (t: TestApp) =>
  (await t.db.selectFrom('webhook_outbox').select(['type', 'payload']).orderBy('id').execute()).map((row) => ({
    type: row.type,
    id: (JSON.parse(row.payload) as { data: { id?: number } }).data.id,
  }));

describe.each(dialects)('the webhook outbox (%s)', (dialect) => {
  it('keeps no event of a write rolled back, even when it shared its commit with writes that landed', async () => {
    const { t, receiver, worker } = await appWithReceiver(dialect, closers);
    const hook = await addWebhook(t, receiver.url, ['record.updated']);
    // sent in one turn of the event loop: on SQLite they share one commit, each in its own savepoint
    const results = await Promise.allSettled([change(t, 1), change(t, 2, 'published', undefined, true), change(t, 3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // concurrent PostgreSQL writers may each note site.changed; the worker sends the notes as one event
    const queued = await outbox(t);
    expect(
      queued
        .filter((e) => e.type === 'record.updated')
        .map((e) => e.id)
        .sort(),
    ).toEqual([1, 3]);
    expect(queued.filter((e) => e.type === 'site.changed').length).toBeGreaterThanOrEqual(1);
    await worker.runOnce();
    const sent = receiver.received.map((r) => JSON.parse(r.body) as { data: { id: number } });
    expect(sent.map((body) => body.data.id).sort()).toEqual([1, 3]);
    expect(await outbox(t)).toEqual([]);
    const rows = await t.db.selectFrom('webhook_deliveries').select(['webhook_id', 'state']).execute();
    expect(rows).toEqual([
      { webhook_id: hook.id, state: 'sent' },
      { webhook_id: hook.id, state: 'sent' },
    ]);
  });

  it('sends nothing while the change’s transaction is open, and sends it once committed', async () => {
    const { t, receiver, worker } = await appWithReceiver(dialect, closers);
    await addWebhook(t, receiver.url, ['record.updated']);
    let during: Promise<void> | undefined;
    await change(t, 1, 'published', undefined, false, async () => {
      // a round started now either waits for the connection (SQLite) or cannot see the row (PostgreSQL)
      during = worker.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toEqual([]);
    });
    await during;
    await worker.runOnce();
    expect(receiver.received).toHaveLength(1);
  });

  it('writes no event for a change the website cannot see, and the publishing events for the ones it can', async () => {
    const t = await buildTestApp({ dialect, config: { webhookAllowPrivate: true }, webhooks: { background: false } });
    await addWebhook(t, 'http://127.0.0.1:9/hook', ['record.updated']);
    await change(t, 1, 'draft');
    await change(t, 2, 'published', 'hidden');
    await change(t, 3, 'draft', 'hidden');
    expect(await outbox(t)).toEqual([]);
    await change(t, 4, 'published', 'published');
    await change(t, 5, 'draft', 'unpublished');
    await change(t, 6, 'published');
    expect(await outbox(t)).toEqual([
      { type: 'record.published', id: 4 },
      { type: 'site.changed', id: undefined },
      { type: 'record.unpublished', id: 5 },
      { type: 'record.updated', id: 6 },
    ]);
  });

  it('queues nothing while no webhook is on, so writes pay no outbox row', async () => {
    const t = await buildTestApp({ dialect, config: { webhookAllowPrivate: true }, webhooks: { background: false } });
    await change(t, 1, 'published');
    expect(await outbox(t)).toEqual([]);
    const hook = await addWebhook(t, 'http://127.0.0.1:9/hook', ['*']);
    await change(t, 2, 'published');
    expect((await outbox(t)).map((e) => e.type)).toEqual(['record.updated', 'site.changed']);
    await t.db.deleteFrom('webhook_outbox').execute();
    await t.db.updateTable('webhooks').set({ enabled: 0 }).where('id', '=', hook.id).execute();
    await change(t, 3, 'published');
    expect(await outbox(t)).toEqual([]);
  });

  it('gives a draft’s changes no delivery, even to a webhook of every event', async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const t = await buildTestApp({ dialect, config: { webhookAllowPrivate: true }, webhooks: { background: false } });
    await addWebhook(t, receiver.url, ['*']);
    await change(t, 7, 'draft');
    await change(t, 8, 'published', 'hidden');
    await testWorker(t.db, t.config).runOnce();
    expect(receiver.received).toEqual([]);
    expect(await t.db.selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
  });
});
