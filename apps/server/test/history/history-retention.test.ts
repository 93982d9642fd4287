import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { purgeOldRevisions, startRetention } from '../../src/history/retention.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

type Body = Record<string, unknown>;
const DAY = 86_400_000;

describe.each(dialects)('history retention on %s (HISTORY_KEEP_DAYS)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });

  const faq = async (title: string) =>
    ((await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title } })).json() as Body).id as number;
  const actionsOf = async (id: number) =>
    (
      await t.db
        .selectFrom('revisions')
        .select('action')
        .where('section', '=', 'faqs')
        .where('record_id', '=', id)
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => r.action);

  it("keeps everything younger than the limit, a live record's latest revision whatever its age, and empties old trash", async () => {
    const live = await faq('Live');
    await t.injectAs({ method: 'PUT', url: `/api/faqs/${live}`, payload: { title: 'Live, edited' } });
    const trashed = await faq('Trashed');
    await t.injectAs({ method: 'DELETE', url: `/api/faqs/${trashed}` });
    const liveLogs = await t.db
      .selectFrom('logs')
      .select(['id', 'revision_id'])
      .where('record_id', '=', live)
      .where('section', '=', 'faqs')
      .orderBy('id')
      .execute();

    expect(await purgeOldRevisions(t.db, 30, new Date(Date.now() + 10 * DAY))).toBe(0);
    expect(await actionsOf(live)).toEqual(['update', 'create']);

    expect(await purgeOldRevisions(t.db, 30, new Date(Date.now() + 40 * DAY))).toBe(3);
    expect(await actionsOf(live)).toEqual(['update']);
    expect(await actionsOf(trashed)).toEqual([]);
    // the log rows keep their text; the purged one answers no revision, the kept one its own
    const after = await t.db
      .selectFrom('logs')
      .select(['id', 'content'])
      .where('record_id', '=', live)
      .where('section', '=', 'faqs')
      .orderBy('id')
      .execute();
    expect(after.map((row) => row.id)).toEqual(liveLogs.map((row) => row.id));
    const created = await t.injectAs({ method: 'GET', url: `/api/logs/${after[0]?.id}` });
    expect(created.json()).toMatchObject({ content: after[0]?.content, revision_id: null, changes: [] });
    const edited = await t.injectAs({ method: 'GET', url: `/api/logs/${after[1]?.id}` });
    expect(edited.json()).toMatchObject({ revision_id: Number(liveLogs[1]?.revision_id) });
    const listed = (await t.injectAs({ method: 'GET', url: '/api/logs?limit=500' })).json() as {
      id: number;
      revision_id: number | null;
    }[];
    expect(listed.filter((row) => after.some((a) => a.id === row.id)).map((row) => row.revision_id === null)).toEqual([
      false,
      true,
    ]);
  });

  it('purges at start, and stop waits for the purge in progress', async () => {
    const id = await faq('Backdated');
    await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { title: 'Backdated, edited' } });
    await t.db
      .updateTable('revisions')
      .set({ created_at: '2001-01-01T00:00:00.000Z' })
      .where('section', '=', 'faqs')
      .where('record_id', '=', id)
      .execute();
    const errors: unknown[] = [];
    const stop = startRetention(t.db, 365, (error) => errors.push(error));
    await stop();
    expect(errors).toEqual([]);
    expect(await actionsOf(id)).toEqual(['update']);
  });
});

describe('HISTORY_KEEP_DAYS', () => {
  it('is 0 (kept forever) unless set, and refuses what is not a whole number of days', () => {
    expect(loadConfig({}).historyKeepDays).toBe(0);
    expect(loadConfig({ HISTORY_KEEP_DAYS: '90' }).historyKeepDays).toBe(90);
    expect(() => loadConfig({ HISTORY_KEEP_DAYS: 'a year' })).toThrow(
      'HISTORY_KEEP_DAYS must be a whole number of at least 0, not "a year"',
    );
  });
});
