import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, freshSchema, pgUrlWithSchema } from '../helper.ts';
import type { Db } from '../../src/db/types.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { actionLogCounts, createdRecord, dueSchedules } from './schedule-helpers.ts';
import { type ScheduleProcess, startScheduleProcess } from './schedule-process.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;
const COUNT = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pendingCount(db: Db): Promise<number> {
  return (await db.selectFrom('schedules').select('id').where('state', '=', 'pending').execute()).length;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(25);
  }
}

describe.each(dialects)('schedules run by separate processes on one %s database', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A migrated database with COUNT draft FAQs (made through the API by an app that is then closed), and a connection to it. */
  async function databaseWithRecords() {
    const dataDir = mkdtempSync(join(tmpdir(), 'bursary-schedule-processes-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const schema = dialect === 'postgres' ? await freshSchema() : undefined;
    if (schema) cleanups.push(schema.drop);
    const maker = await buildTestApp({ dialect, pgSchema: schema?.name, config: { dataDir } });
    const ids: number[] = [];
    for (let n = 0; n < COUNT; n += 1) ids.push(await createdRecord(maker, faqs, n, 'draft'));
    await maker.close();
    const database = { dataDir, databaseUrl: schema ? pgUrlWithSchema(schema.name) : undefined };
    const db = await openDatabase(database, schema ? { searchPath: schema.name } : {});
    cleanups.push(() => db.destroy());
    return { database, db, ids };
  }

  const started = (process: ScheduleProcess) => {
    cleanups.push(process.kill);
    return process;
  };

  async function expectEachRanOnce(db: Db, ids: number[]): Promise<void> {
    const counts = await actionLogCounts(db, 'faqs', 'publish');
    for (const id of ids) expect(counts.get(id) ?? 0, `FAQ ${id}`).toBe(1);
    const states = await db.selectFrom('schedules').select('state').execute();
    expect(states.map((s) => s.state)).toEqual(ids.map(() => 'done'));
  }

  it(`runs each of ${COUNT} due schedules exactly once with two processes`, { timeout: 120_000 }, async () => {
    const { database, db, ids } = await databaseWithRecords();
    // each action takes a while, so one process's looks fall while the other is running the same schedules
    started(await startScheduleProcess(database, 30));
    started(await startScheduleProcess(database, 30));
    await dueSchedules(
      db,
      ids.map((recordId) => ({ section: 'faqs', recordId, action: 'publish' })),
    );
    await until(async () => (await pendingCount(db)) === 0, 60_000, 'every schedule ran');
    // both go on looking: nothing runs twice
    await sleep(2500);
    await expectEachRanOnce(db, ids);
  });

  it(
    'runs each exactly once after a process is killed in the middle of running them',
    { timeout: 120_000 },
    async () => {
      const { database, db, ids } = await databaseWithRecords();
      const slow = started(await startScheduleProcess(database, 100));
      await dueSchedules(
        db,
        ids.map((recordId) => ({ section: 'faqs', recordId, action: 'publish' })),
      );
      await until(() => slow.started() >= 15, 60_000, 'the process was running schedules');
      await slow.kill();

      // what the killed process committed is whole; what it had not committed is still pending
      const pendingAfterKill = await pendingCount(db);
      expect(pendingAfterKill).toBeGreaterThan(0);
      const counts = await actionLogCounts(db, 'faqs', 'publish');
      const done = await db.selectFrom('schedules').select('record_id').where('state', '=', 'done').execute();
      expect(done.map((d) => counts.get(Number(d.record_id)))).toEqual(done.map(() => 1));
      expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(COUNT - pendingAfterKill);

      // the next start runs what is left
      started(await startScheduleProcess(database));
      await until(async () => (await pendingCount(db)) === 0, 60_000, 'every schedule ran after the restart');
      await expectEachRanOnce(db, ids);
    },
  );
});
