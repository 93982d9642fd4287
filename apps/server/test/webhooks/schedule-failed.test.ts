import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects } from '../helper.ts';
import { scheduledActions } from '../../src/publishing/schedule-actions.ts';
import { changePipeline } from '../../src/change-pipeline.ts';
import { runDueSchedules } from '../../src/publishing/schedule-runner.ts';
import { dueSchedules } from '../publishing/schedule-helpers.ts';
import { addWebhook, startReceiver, testWorker } from './receiver.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe.each(dialects)('schedule.failed (%s)', (dialect) => {
  it('tells the webhooks a scheduled action failed, with its reason and without the draft’s title', async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const t = await buildTestApp({ dialect, config: { webhookAllowPrivate: true }, webhooks: { background: false } });
    await addWebhook(t, receiver.url, ['schedule.failed']);
    const draft = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'Unannounced scheme', status: 'draft' },
    });
    const id = draft.json<{ id: number }>().id;
    await dueSchedules(t.db, [{ section: 'faqs', recordId: id, action: 'publish' }]);
    expect((await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}` })).statusCode).toBe(200);
    const runner = {
      actions: scheduledActions,
      changes: changePipeline(),
      onError: (error: unknown) => expect.fail(String(error)),
    };
    expect(await runDueSchedules(t.db, runner)).toEqual({ done: 0, failed: 1 });

    await testWorker(t.db, t.config).runOnce();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({
      type: 'schedule.failed',
      timestamp: expect.any(String),
      data: {
        section: 'faqs',
        id,
        title: null,
        action: 'publish',
        revision_id: null,
        username: 'editor',
        reason: 'The FAQ was deleted before its scheduled publish.',
      },
    });
    expect(receiver.received[0]!.body).not.toContain('Unannounced');
  });
});
