import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, freshSchema, pgUrlWithSchema, type TestApp } from '../helper.ts';
import type { Db } from '../../src/db/types.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { scheduledActions } from '../../src/publishing/schedule-actions.ts';
import { changePipeline } from '../../src/change-pipeline.ts';
import { runDueSchedules } from '../../src/publishing/schedule-runner.ts';
import { actionLogCounts, createdRecord, dueSchedules } from './schedule-helpers.ts';
import { type ScheduleProcess, startScheduleProcess } from './schedule-process.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;
const COUNT = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(25);
  }
}

const pendingSchedules = async (db: Db) =>
  (await db.selectFrom('schedules').select('id').where('state', '=', 'pending').execute()).length;

/**
 * A record's schedule publishes every language's waiting changes when due, exactly once across instances and across a
 * process killed in the middle.
 */
describe.each(dialects)('scheduled publishing in several languages on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A database with French and Swahili, and COUNT published FAQs each with waiting changes in both, made by `maker`. */
  async function withWaitingChanges(maker: TestApp): Promise<number[]> {
    for (const code of ['fr', 'sw']) await maker.injectAs({ method: 'POST', url: '/api/locales', payload: { code } });
    const ids: number[] = [];
    for (let n = 0; n < COUNT; n += 1) {
      const id = await createdRecord(maker, faqs, n);
      for (const code of ['fr', 'sw']) {
        const saved = await maker.injectAs({
          method: 'PUT',
          url: `/api/faqs/${id}/changes?locale=${code}`,
          payload: { title: `${code} ${n}` },
        });
        if (saved.statusCode !== 200) throw new Error(`changes ${code}: ${saved.body}`);
      }
      ids.push(id);
    }
    return ids;
  }

  /** Each record's two languages published once: their text stored, nothing waiting, one publish log row each. */
  async function expectEachPublishedOnce(db: Db, ids: number[]): Promise<void> {
    const counts = await actionLogCounts(db, 'faqs', 'publish');
    for (const id of ids) expect(counts.get(id) ?? 0, `FAQ ${id}`).toBe(1);
    const titles = await db
      .selectFrom('translations')
      .select(['record_id', 'locale', 'value'])
      .where('section', '=', 'faqs')
      .where('field', '=', 'title')
      .execute();
    expect(titles).toHaveLength(ids.length * 2);
    for (const [n, id] of ids.entries())
      for (const code of ['fr', 'sw'])
        expect(titles.find((row) => Number(row.record_id) === id && row.locale === code)?.value).toBe(`${code} ${n}`);
    expect(await db.selectFrom('pending_translations').select('record_id').execute()).toEqual([]);
    const states = await db.selectFrom('schedules').select('state').execute();
    expect(states.map((s) => s.state)).toEqual(ids.map(() => 'done'));
  }

  if (dialect === 'postgres')
    it(
      'publishes both languages of each record exactly once with two instances at once',
      { timeout: 60_000 },
      async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'bursary-language-schedules-'));
        cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
        const schema = await freshSchema();
        cleanups.push(schema.drop);
        const apps: TestApp[] = [];
        for (let n = 0; n < 2; n += 1) {
          const app = await buildTestApp({ dialect, pgSchema: schema.name, config: { dataDir } });
          cleanups.push(app.close);
          apps.push(app);
        }
        const [first] = apps as [TestApp];
        const ids = await withWaitingChanges(first);
        await dueSchedules(
          first.db,
          ids.map((recordId) => ({ section: 'faqs', recordId, action: 'publish' })),
        );
        const runner = {
          actions: scheduledActions,
          changes: changePipeline(),
          onError: (error: unknown) => {
            throw error;
          },
          beforeAction: () => new Promise<void>((resolve) => setTimeout(resolve, 5)),
        };
        const results = await Promise.all(apps.map((app) => runDueSchedules(app.db, runner)));
        expect(results.reduce((sum, r) => sum + r.done, 0)).toBe(COUNT);
        await until(async () => (await pendingSchedules(first.db)) === 0, 30_000, 'every schedule ran');
        await expectEachPublishedOnce(first.db, ids);
      },
    );

  it('loses nothing when a process is killed between the saves and their publish', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bursary-language-kill-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const schema = dialect === 'postgres' ? await freshSchema() : undefined;
    if (schema) cleanups.push(schema.drop);
    const maker = await buildTestApp({ dialect, pgSchema: schema?.name, config: { dataDir } });
    const ids = await withWaitingChanges(maker);
    await maker.close();
    const database = { dataDir, databaseUrl: schema ? pgUrlWithSchema(schema.name) : undefined };
    const db = await openDatabase(database, schema ? { searchPath: schema.name } : {});
    cleanups.push(() => db.destroy());
    const started = (process: ScheduleProcess) => {
      cleanups.push(process.kill);
      return process;
    };

    const slow = started(await startScheduleProcess(database, 150));
    await dueSchedules(
      db,
      ids.map((recordId) => ({ section: 'faqs', recordId, action: 'publish' })),
    );
    await until(async () => slow.started() >= 5, 60_000, 'the process was publishing');
    await slow.kill();
    // what the killed process committed is whole: a record published has both languages and nothing waiting
    const left = await pendingSchedules(db);
    expect(left).toBeGreaterThan(0);
    const waiting = await db.selectFrom('pending_translations').select('record_id').execute();
    expect(waiting).toHaveLength(left * 2);

    started(await startScheduleProcess(database));
    await until(async () => (await pendingSchedules(db)) === 0, 60_000, 'every schedule ran after the restart');
    await expectEachPublishedOnce(db, ids);
  });
});
