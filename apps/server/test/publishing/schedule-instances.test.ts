import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, freshSchema, type TestApp } from '../helper.ts';
import type { Db } from '../../src/db/types.ts';
import { scheduledActions } from '../../src/publishing/schedule-actions.ts';
import { changePipeline } from '../../src/change-pipeline.ts';
import { runDueSchedules } from '../../src/publishing/schedule-runner.ts';
import { actionLogCounts, createdRecord, dueSchedules } from './schedule-helpers.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;

/** Waits (bounded) until no due schedule is pending. */
async function allRun(db: Db, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const pending = await db.selectFrom('schedules').select('id').where('state', '=', 'pending').execute();
    if (pending.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('due schedules were still pending');
}

describe.each(dialects)('schedules across app instances on one %s database', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** `count` apps on one database (one SQLite folder or one PostgreSQL schema), each with its own pool and runner. */
  async function instances(count: number): Promise<TestApp[]> {
    const dataDir = mkdtempSync(join(tmpdir(), 'bursary-schedules-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const schema = dialect === 'postgres' ? await freshSchema() : undefined;
    if (schema) cleanups.push(schema.drop);
    const apps: TestApp[] = [];
    for (let n = 0; n < count; n += 1) {
      const app = await buildTestApp({
        dialect,
        pgSchema: schema?.name,
        config: { dataDir },
      });
      cleanups.push(app.close);
      apps.push(app);
    }
    return apps;
  }

  // several SQLite connections in one process would wait for each other's locks on its one thread: processes
  // share a SQLite file in schedule-processes.test.ts
  if (dialect === 'postgres')
    it(
      'runs each of 50 due schedules exactly once with three instances running them at once',
      { timeout: 60_000 },
      async () => {
        const apps = await instances(3);
        const [first] = apps as [TestApp];
        const ids: number[] = [];
        for (let n = 0; n < 50; n += 1) ids.push(await createdRecord(first, faqs, n, n % 2 ? 'published' : 'draft'));
        await dueSchedules(
          first.db,
          ids.map((recordId, n) => ({ section: 'faqs', recordId, action: n % 2 ? 'unpublish' : 'publish' })),
        );
        // all three take the same due schedules at the same moment, each action slowed so they overlap
        const runner = {
          actions: scheduledActions,
          changes: changePipeline(),
          onError: (error: unknown) => {
            throw error;
          },
          beforeAction: () => new Promise<void>((resolve) => setTimeout(resolve, 5)),
        };
        const results = await Promise.all(apps.map((app) => runDueSchedules(app.db, runner)));
        expect(results.reduce((sum, r) => sum + r.done, 0)).toBe(50);
        await allRun(first.db);
        // another pass by every instance changes nothing
        const again = await Promise.all(apps.map((app) => runDueSchedules(app.db, runner)));
        expect(again).toEqual(apps.map(() => ({ done: 0, failed: 0 })));
        const published = await actionLogCounts(first.db, 'faqs', 'publish');
        const unpublished = await actionLogCounts(first.db, 'faqs', 'unpublish');
        ids.forEach((id, n) => {
          expect((n % 2 ? unpublished : published).get(id), `record ${id}`).toBe(1);
          expect((n % 2 ? published : unpublished).get(id)).toBeUndefined();
        });
        const done = await first.db.selectFrom('schedules').select('id').where('state', '=', 'done').execute();
        expect(done).toHaveLength(50);
      },
    );

  it('runs at start-up what came due while no instance was running', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bursary-catch-up-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const schema = dialect === 'postgres' ? await freshSchema() : undefined;
    if (schema) cleanups.push(schema.drop);
    const options = { dialect, pgSchema: schema?.name, config: { dataDir } };
    const before = await buildTestApp(options);
    const id = await createdRecord(before, faqs, 1, 'draft');
    await dueSchedules(before.db, [{ section: 'faqs', recordId: id, action: 'publish' }], new Date(Date.now() + 1000));
    await before.close();
    // it comes due while no server runs
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await buildTestApp(options);
    cleanups.push(after.close);
    // the default look is every 30 s: within 10 s only the start-up run can have done it
    await allRun(after.db, 10_000);
    expect((await actionLogCounts(after.db, 'faqs', 'publish')).get(id)).toBe(1);
  });
});
