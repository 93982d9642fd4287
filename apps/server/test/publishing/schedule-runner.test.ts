import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { scheduledActions } from '../../src/publishing/schedule-actions.ts';
import { changePipeline } from '../../src/change-pipeline.ts';
import { runDueSchedules } from '../../src/publishing/schedule-runner.ts';
import { actionLogCounts, createdRecord, dueSchedules } from './schedule-helpers.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;

const failOnError = (error: unknown) => {
  throw error;
};
const runner = { actions: scheduledActions, changes: changePipeline(), onError: failOnError };

interface Failed {
  id: number;
  record_id: number;
  state: string;
  reason: string;
  title: string | null;
}

describe.each(dialects)('the schedule runner on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('runs a due publish and a due unpublish once, and leaves ones not yet due', async () => {
    const first = await createdRecord(t, faqs, 1, 'draft');
    const second = await createdRecord(t, faqs, 2);
    await dueSchedules(t.db, [
      { section: 'faqs', recordId: first, action: 'publish' },
      { section: 'faqs', recordId: second, action: 'unpublish' },
    ]);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await t.db
      .insertInto('schedules')
      .values({
        section: 'faqs',
        record_id: first,
        action: 'unpublish',
        due_at: later,
        set_by: 'editor',
        set_at: later,
      })
      .execute();

    expect(await runDueSchedules(t.db, runner)).toEqual({ done: 2, failed: 0 });
    expect(await runDueSchedules(t.db, runner)).toEqual({ done: 0, failed: 0 });
    expect((await actionLogCounts(t.db, 'faqs', 'publish')).get(first)).toBe(1);
    expect((await actionLogCounts(t.db, 'faqs', 'unpublish')).get(second)).toBe(1);
    expect((await actionLogCounts(t.db, 'faqs', 'unpublish')).get(first)).toBeUndefined();
    // the website sees the published draft and no longer the unpublished record
    expect((await t.app.inject({ method: 'GET', url: `/api/faqs/${first}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/faqs/${second}` })).statusCode).toBe(404);
    const revisions = await t.db
      .selectFrom('revisions')
      .select('record_id')
      .where('section', '=', 'faqs')
      .where('record_id', 'in', [first, second])
      .execute();
    // each record: its create and the scheduled step
    expect(revisions.map((r) => Number(r.record_id)).sort()).toEqual([first, first, second, second].sort());
    const states = await t.db
      .selectFrom('schedules')
      .select(['record_id', 'action', 'state', 'finished_at'])
      .orderBy('id')
      .execute();
    expect(states.filter((s) => s.state === 'done').map((s) => [Number(s.record_id), s.action])).toEqual([
      [first, 'publish'],
      [second, 'unpublish'],
    ]);
    expect(states.every((s) => (s.state === 'done') === (s.finished_at !== null))).toBe(true);
    const overview = await t.injectAs({ method: 'GET', url: '/api/schedules' });
    const body = overview.json() as { upcoming: unknown[]; done: { record_id: number }[] };
    expect(body.upcoming).toHaveLength(1);
    expect(body.done.map((d) => d.record_id).sort()).toEqual([first, second].sort());
  });

  it('keeps the failure of a deleted record with its reason, lists it and logs it', async () => {
    const id = await createdRecord(t, faqs, 3, 'draft');
    await dueSchedules(t.db, [{ section: 'faqs', recordId: id, action: 'publish' }]);
    expect((await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}` })).statusCode).toBe(200);

    expect(await runDueSchedules(t.db, runner)).toEqual({ done: 0, failed: 1 });
    const reason = 'The FAQ was deleted before its scheduled publish.';
    const overview = (await t.injectAs({ method: 'GET', url: '/api/schedules' })).json() as { failed: Failed[] };
    expect(overview.failed.find((f) => f.record_id === id)).toMatchObject({ state: 'failed', reason, title: null });
    const log = await t.db
      .selectFrom('logs')
      .select(['content', 'username', 'action'])
      .where('record_id', '=', id)
      .where('content', 'like', '%failed%')
      .executeTakeFirstOrThrow();
    expect(log.content).toMatch(new RegExp(`^The publish of FAQ #${id} scheduled for .+Z failed: ${reason}$`));
    expect(log).toMatchObject({ username: 'editor', action: 'update' });
    // failed once, it is not tried again
    expect(await runDueSchedules(t.db, runner)).toEqual({ done: 0, failed: 0 });
  });

  it('keeps changes that no longer pass the checks as the reason, and changes nothing', async () => {
    const id = await createdRecord(t, faqs, 4);
    const saved = await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}/changes`, payload: { title: 'Fine then' } });
    expect(saved.statusCode).toBe(200);
    // as if the rules had changed since the changes were saved
    await t.db
      .updateTable('pending_changes')
      .set({ record: JSON.stringify({ ...(saved.json() as object), title: '' }) })
      .where('section', '=', 'faqs')
      .where('record_id', '=', id)
      .execute();
    const before = (await t.app.inject({ method: 'GET', url: `/api/faqs/${id}` })).json() as unknown;
    await dueSchedules(t.db, [{ section: 'faqs', recordId: id, action: 'publish' }]);

    expect(await runDueSchedules(t.db, runner)).toEqual({ done: 0, failed: 1 });
    expect((await actionLogCounts(t.db, 'faqs', 'publish')).get(id)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/faqs/${id}` })).json()).toEqual(before);
    const row = await t.db
      .selectFrom('schedules')
      .select(['state', 'reason'])
      .where('record_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('failed');
    expect(row.reason).toMatch(/^Its changes no longer pass the checks: .*title.*\.$/i);
    const got = await t.injectAs({ method: 'GET', url: `/api/faqs/${id}/schedule` });
    expect((got.json() as { last_failed: Failed }).last_failed.reason).toBe(row.reason);
    const overview = (await t.injectAs({ method: 'GET', url: '/api/schedules' })).json() as { failed: Failed[] };
    expect(overview.failed.find((f) => f.record_id === id)?.reason).toBe(row.reason);
  });

  it('keeps a step that no longer applies as a failure: unpublishing a draft', async () => {
    const id = await createdRecord(t, faqs, 6, 'draft');
    await dueSchedules(t.db, [{ section: 'faqs', recordId: id, action: 'unpublish' }]);
    expect(await runDueSchedules(t.db, runner)).toEqual({ done: 0, failed: 1 });
    const row = await t.db
      .selectFrom('schedules')
      .select('reason')
      .where('record_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.reason).toMatch(/^The FAQ could not be unpublished: This faq is already a draft/);
  });

  it('a failing step among others rolls back alone: the ones around it run', async () => {
    const before = await createdRecord(t, faqs, 7, 'draft');
    const gone = await createdRecord(t, faqs, 8, 'draft');
    const after = await createdRecord(t, faqs, 9, 'draft');
    await dueSchedules(
      t.db,
      [before, gone, after].map((recordId) => ({ section: 'faqs', recordId, action: 'publish' as const })),
    );
    expect((await t.injectAs({ method: 'DELETE', url: `/api/faqs/${gone}` })).statusCode).toBe(200);
    expect(await runDueSchedules(t.db, runner)).toEqual({ done: 2, failed: 1 });
    const counts = await actionLogCounts(t.db, 'faqs', 'publish');
    expect([before, gone, after].map((id) => counts.get(id))).toEqual([1, undefined, 1]);
  });

  it('leaves a schedule pending when the error says nothing about the record', async () => {
    const id = await createdRecord(t, faqs, 5, 'draft');
    await dueSchedules(t.db, [{ section: 'faqs', recordId: id, action: 'publish' }]);
    const errors: unknown[] = [];
    const broken = {
      actions: { ...scheduledActions, publish: () => Promise.reject(new Error('connection lost')) },
      changes: changePipeline(),
      onError: (error: unknown) => errors.push(error),
    };
    expect(await runDueSchedules(t.db, broken)).toEqual({ done: 0, failed: 0 });
    expect(errors).toHaveLength(1);
    expect(await runDueSchedules(t.db, runner)).toEqual({ done: 1, failed: 0 });
    expect((await actionLogCounts(t.db, 'faqs', 'publish')).get(id)).toBe(1);
  });
});
