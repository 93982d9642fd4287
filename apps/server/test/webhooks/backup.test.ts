import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, type TestApp } from '../helper.ts';
import { CLI_TEST_TIMEOUT_MS, cli } from '../backup/backup-cli.ts';
import { type Place, appOn, emptyPlace } from '../backup/backup-restore-helpers.ts';

describe.each(dialects)('webhooks in a backup made on %s', (dialect) => {
  let source: TestApp;
  let sourcePlace: Place;
  let target: Place;
  beforeAll(async () => {
    sourcePlace = await emptyPlace(dialect);
    source = await appOn(sourcePlace);
    target = await emptyPlace(dialect);
    // turned off at once: this test sends nothing anywhere
    const created = await source.injectAs({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: 'https://93.184.216.34/hook', events: ['site.changed'], description: 'Rebuild' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ webhook: { id: number } }>().webhook.id;
    await source.injectAs({ method: 'PATCH', url: `/api/webhooks/${id}`, payload: { enabled: false } });
    const now = new Date().toISOString();
    await source.db
      .insertInto('webhook_deliveries')
      .values({
        webhook_id: id,
        event_id: 'msg_old',
        type: 'site.changed',
        payload: '{}',
        attempt: 1,
        state: 'failed',
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await source.close();
    await sourcePlace.drop();
    await target.drop();
  });

  it(
    'keeps the webhooks (secrets still sealed) and leaves their events and attempts out',
    async () => {
      const before = (await source.injectAs({ method: 'GET', url: '/api/webhooks' })).json();
      const backup = await cli('backup', sourcePlace.env, []);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/^\s+webhooks\s+1 rows?$/m);
      expect(backup.stdout).not.toMatch(/webhook_(outbox|deliveries)/);
      const file = readdirSync(join(sourcePlace.dataDir, 'backups')).find((name) => name.endsWith('.bursary-backup'));
      const restore = await cli('restore', target.env, [join(sourcePlace.dataDir, 'backups', file!)]);
      expect(restore.code, restore.stderr).toBe(0);
      const restored = await appOn(target);
      try {
        expect((await restored.injectAs({ method: 'GET', url: '/api/webhooks' })).json()).toEqual(before);
        const [row] = await restored.db.selectFrom('webhooks').select('secret').execute();
        expect(row!.secret).toMatch(/^v1:/);
        expect(await restored.db.selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
      } finally {
        await restored.close();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
