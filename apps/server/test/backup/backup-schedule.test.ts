import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBackup } from '../../src/backup/read-backup.ts';
import { pruneBackups, runScheduledBackup } from '../../src/backup/schedule.ts';
import { buildTestApp, dialects, freshSchema, pgUrlWithSchema, type TestApp } from '../helper.ts';

const HOUR = 3_600_000;

describe.each(dialects)('scheduled backups on %s', (dialect) => {
  const apps: TestApp[] = [];
  let dropSchema: (() => Promise<void>) | undefined;
  let backupDir: string;

  beforeAll(async () => {
    // three instances on one database, as behind a load balancer
    const first = await buildTestApp({ dialect, config: { metricsToken: 'a metrics token of some length' } });
    let shared: object;
    if (dialect === 'postgres') {
      const schema = await freshSchema();
      dropSchema = schema.drop;
      shared = {
        pgSchema: schema.name,
        config: { databaseUrl: pgUrlWithSchema(schema.name), metricsToken: 'a metrics token of some length' },
      };
      await first.close();
      apps.push(await buildTestApp({ dialect, ...shared }));
    } else {
      apps.push(first);
      shared = { config: { dataDir: first.config.dataDir, metricsToken: 'a metrics token of some length' } };
    }
    const dataDir = apps[0]!.config.dataDir;
    backupDir = join(dataDir, 'scheduled');
    for (let i = 0; i < 2; i++) {
      const base = shared as { config?: object; pgSchema?: string };
      apps.push(await buildTestApp({ dialect, ...base, config: { ...base.config, dataDir } }));
    }
    for (const t of apps) Object.assign(t.config, { backupEveryHours: 6, backupKeep: 2, backupDir });
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await dropSchema?.();
  });

  it('is made by exactly one of several instances asking at once, and counted in its metrics', async () => {
    const now = new Date('2031-03-01T02:00:00Z');
    const results = await Promise.all(apps.map((t) => runScheduledBackup(t.app, now)));
    const made = results.filter((r) => r !== undefined);
    expect(made).toHaveLength(1);
    const maker = apps[results.findIndex((r) => r !== undefined)]!;
    const metrics = await maker.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer a metrics token of some length' },
    });
    expect(metrics.body).toMatch(/^bursary_backups_made_total 1$/m);
    expect(readdirSync(backupDir).filter((n) => n.endsWith('.bursary-backup'))).toEqual([
      'bursary-scheduled-20310301T020000.000Z.bursary-backup',
    ]);
    const checked = await checkBackup(made[0]!.file);
    expect(checked.tables.find((t) => t.name === 'users')?.rows).toBe(1);
    // not due again within the period, on any instance
    const soon = await Promise.all(apps.map((t) => runScheduledBackup(t.app, new Date(now.getTime() + 5 * HOUR))));
    expect(soon.every((r) => r === undefined)).toBe(true);
  });

  it('keeps the newest BACKUP_KEEP scheduled backups and never touches other files', async () => {
    writeFileSync(join(backupDir, 'by-hand.bursary-backup'), 'kept');
    for (const hours of [6, 12]) {
      const made = await Promise.all(
        apps.map((t) => runScheduledBackup(t.app, new Date(Date.parse('2031-03-01T02:00:00Z') + hours * HOUR))),
      );
      expect(made.filter((r) => r !== undefined)).toHaveLength(1);
    }
    expect(readdirSync(backupDir).sort()).toEqual([
      'bursary-scheduled-20310301T080000.000Z.bursary-backup',
      'bursary-scheduled-20310301T080000.000Z.bursary-backup.sha256',
      'bursary-scheduled-20310301T140000.000Z.bursary-backup',
      'bursary-scheduled-20310301T140000.000Z.bursary-backup.sha256',
      'by-hand.bursary-backup',
    ]);
  });
});

describe('pruning', () => {
  it('removes the oldest scheduled backups beyond the count, with their checksum files, and nothing else', () => {
    const dir = join(process.env.TMPDIR ?? '/tmp', `bursary-prune-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    const scheduled = [
      '20300101T000000.000Z',
      '20300102T000000.000Z',
      '20300102T000000.000Z-2',
      '20300103T000000.000Z',
    ].map((stamp) => `bursary-scheduled-${stamp}.bursary-backup`);
    for (const name of scheduled) {
      writeFileSync(join(dir, name), '');
      writeFileSync(join(dir, `${name}.sha256`), '');
    }
    const others = [
      'bursary-before-restore-20290101T000000.000Z.bursary-backup',
      'bursary-20290101T000000.000Z.bursary-backup',
      'bursary-20290101T000000Z.bursary-backup',
    ];
    for (const name of others) writeFileSync(join(dir, name), '');
    expect(pruneBackups(dir, 1)).toEqual(scheduled.slice(0, 3));
    expect(existsSync(join(dir, `${scheduled[0]}.sha256`))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual([...others, scheduled[3]!, `${scheduled[3]}.sha256`].sort());
    rmSync(dir, { recursive: true, force: true });
  });
});
