import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, type TestApp } from '../helper.ts';
import { CLI_TEST_TIMEOUT_MS, cli } from '../backup/backup-cli.ts';
import { type Place, appOn, emptyPlace } from '../backup/backup-restore-helpers.ts';
import { type Body, create, previewToken } from './publishing-helpers.ts';
import { sections } from '@bursary/shared';

const faqs = sections.find((s) => s.slug === 'faqs')!;

/** What publishing keeps besides the records: to compare before the backup and after the restore. */
async function publishingState(t: TestApp) {
  const all = (await t.injectAs({ method: 'GET', url: '/api/faqs?status=all' })).json() as Body[];
  const changes = await Promise.all(
    all.map(async (record) => {
      const res = await t.injectAs({ method: 'GET', url: `/api/faqs/${String(record.id)}/changes` });
      return res.statusCode === 200 ? res.json() : null;
    }),
  );
  const schedules = await t.db
    .selectFrom('schedules')
    .select(['section', 'record_id', 'action', 'due_at', 'state', 'set_by'])
    .orderBy('id')
    .execute();
  return { all, changes, schedules: schedules.map((row) => ({ ...row, record_id: Number(row.record_id) })) };
}

describe.each(dialects)('a backup made on %s and restored on the same kind of database', (dialect) => {
  let source: TestApp;
  let sourcePlace: Place;
  let target: Place;
  let token: string;
  beforeAll(async () => {
    sourcePlace = await emptyPlace(dialect);
    source = await appOn(sourcePlace);
    target = await emptyPlace(dialect);
    const draft = await create(source, faqs, { title: 'Backed-up draft' }, 'draft');
    const live = await create(source, faqs, { title: 'Backed-up live' });
    const saved = await source.injectAs({
      method: 'PUT',
      url: `/api/faqs/${String(live.id)}/changes`,
      payload: { title: 'Backed-up changes' },
    });
    expect(saved.statusCode).toBe(200);
    await source.db
      .insertInto('schedules')
      .values({
        section: 'faqs',
        record_id: Number(draft.id),
        action: 'publish',
        due_at: '2099-01-01T00:00:00.000Z',
        set_by: 'editor',
        set_at: new Date().toISOString(),
      })
      .execute();
    token = await previewToken(source);
  });
  afterAll(async () => {
    await source.close();
    await sourcePlace.drop();
    await target.drop();
  });

  it(
    'carries the draft, the waiting changes and the schedule; never a preview token',
    async () => {
      const before = await publishingState(source);
      const backup = await cli('backup', sourcePlace.env, []);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/^\s+pending_changes\s+1 rows?$/m);
      expect(backup.stdout).toMatch(/^\s+schedules\s+1 rows?$/m);
      expect(backup.stdout).not.toMatch(/preview_tokens/);
      const file = readdirSync(join(sourcePlace.dataDir, 'backups')).find((name) => name.endsWith('.bursary-backup'));
      const restore = await cli('restore', target.env, [join(sourcePlace.dataDir, 'backups', file!)]);
      expect(restore.code, restore.stderr).toBe(0);
      const restored = await appOn(target);
      try {
        expect(await publishingState(restored)).toEqual(before);
        const pub = await restored.app.inject({ method: 'GET', url: '/api/faqs?limit=10' });
        expect((pub.json() as Body[]).map((r) => r.title)).toEqual(['Backed-up live']);
        expect(pub.headers['x-total-count']).toBe('1');
        const preview = await restored.app.inject({ method: 'GET', url: `/api/faqs?preview=${token}` });
        expect(preview.statusCode).toBe(401);
        expect(await restored.db.selectFrom('preview_tokens').selectAll().execute()).toEqual([]);
      } finally {
        await restored.close();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
