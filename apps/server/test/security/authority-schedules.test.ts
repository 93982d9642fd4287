// Promise 21 of the security testing plan, for schedules: a schedule runs with the rights its setter has when it
// comes due, and one whose setter can no longer publish fails with a reason that is listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { createUser, findUserByUsername } from '../../src/auth/users.ts';
import { scheduledActions } from '../../src/publishing/schedule-actions.ts';
import { changePipeline } from '../../src/change-pipeline.ts';
import { runDueSchedules } from '../../src/publishing/schedule-runner.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { createdRecord, dueSchedules } from '../publishing/schedule-helpers.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;
const runner = {
  actions: scheduledActions,
  changes: changePipeline(),
  onError: (error: unknown) => {
    throw error;
  },
};

describe.each(dialects)('a schedule’s authority (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    for (const username of ['ana', 'bea', 'cai', 'dee'])
      await createUser(t.db, { username, password: `${username} has a long password`, role: 'editor' });
  });
  afterAll(() => t.close());

  const change = async (username: string, payload: object) => {
    const user = await findUserByUsername(t.db, username);
    const res = await t.injectAs({ method: 'PATCH', url: `/api/users/${String(user!.id)}`, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  const status = async (id: number) =>
    (await t.injectAs({ method: 'GET', url: `/api/faqs/${String(id)}?status=all` })).json<{ status: string }>().status;

  it('fails the due schedules of a setter made viewer, disabled or deleted, with the reason, and runs the others', async () => {
    const records: Record<string, number> = {};
    for (const setBy of ['ana', 'bea', 'cai', 'dee']) records[setBy] = await createdRecord(t, faqs, 1, 'draft');
    await dueSchedules(
      t.db,
      Object.entries(records).map(([setBy, recordId]) => ({ section: 'faqs', recordId, action: 'publish', setBy })),
    );
    await change('ana', { role: 'viewer' });
    await change('bea', { disabled: true });
    await t.db.deleteFrom('users').where('username', '=', 'cai').execute();

    expect(await runDueSchedules(t.db, runner)).toEqual({ done: 1, failed: 3 });
    expect(await status(records.dee!)).toBe('published');
    for (const setBy of ['ana', 'bea', 'cai']) expect(await status(records[setBy]!), setBy).toBe('draft');

    // listed under failed schedules, which the dashboard shows, so someone else can set it again
    const overview = await t.injectAs({ method: 'GET', url: '/api/schedules' });
    const failed = overview.json<{ failed: { record_id: number; reason: string; set_by: string }[] }>().failed;
    for (const setBy of ['ana', 'bea', 'cai'])
      expect(failed.find((row) => row.record_id === records[setBy])).toMatchObject({
        set_by: setBy,
        reason: `It was set by ${setBy}, who can no longer publish; someone who can may set it again.`,
      });
    expect(failed.map((row) => row.record_id)).not.toContain(records.dee);
  });
});
