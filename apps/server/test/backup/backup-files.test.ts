import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/backup/create-backup.ts';
import { defaultBackupFile } from '../../src/backup/files.ts';
import { runScheduledBackup } from '../../src/backup/schedule.ts';
import { progressReporter } from '../../src/cli/backup-report.ts';
import { CLI_TEST_TIMEOUT_MS, cli } from './backup-cli.ts';
import { cliEnv } from '../cli-env.ts';
import { type TestApp, buildTestApp } from '../helper.ts';

const HOUR = 3_600_000;
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('backup names: never a file overwritten, never a manual backup pruned', () => {
  let work: string;
  let t: TestApp;
  let backupDir: string;
  const db = () => t.db as unknown as Kysely<unknown>;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'bursary-backup-names-'));
    backupDir = join(work, 'data', 'backups');
    t = await buildTestApp({ config: { dataDir: join(work, 'data') } });
    Object.assign(t.config, { backupDir, backupEveryHours: 1, backupKeep: 1 });
  });
  afterAll(async () => {
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  it(
    "a manual backup made without a name survives the schedule's pruning",
    async () => {
      const manual = await cli('backup', cliEnv(join(work, 'data')), []);
      expect(manual.code, manual.stderr).toBe(0);
      const [made] = readdirSync(backupDir);
      expect(made).toMatch(/^bursary-.*\.bursary-backup$/);
      for (const hours of [1, 2, 3])
        expect(
          await runScheduledBackup(t.app, new Date(Date.parse('2031-03-01T02:00:00Z') + hours * HOUR)),
        ).toBeDefined();
      expect(readdirSync(backupDir).sort()).toEqual([
        made,
        `${made}.sha256`,
        'bursary-scheduled-20310301T050000.000Z.bursary-backup',
        'bursary-scheduled-20310301T050000.000Z.bursary-backup.sha256',
      ]);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it('a second backup under the same default name gets a name of its own; the first is untouched', async () => {
    const at = new Date('2032-01-01T00:00:00.000Z');
    const first = await createBackup(db(), defaultBackupFile(backupDir, at, 'manual'), { otherNameIfTaken: true });
    const before = digest(first.file);
    const second = await createBackup(db(), defaultBackupFile(backupDir, at, 'manual'), { otherNameIfTaken: true });
    expect(first.file).toBe(join(backupDir, 'bursary-20320101T000000.000Z.bursary-backup'));
    expect(second.file).toBe(join(backupDir, 'bursary-20320101T000000.000Z-2.bursary-backup'));
    expect(digest(first.file)).toBe(before);
    expect(readFileSync(`${second.file}.sha256`, 'utf8')).toBe(
      `${second.sha256}  bursary-20320101T000000.000Z-2.bursary-backup\n`,
    );
  });

  it(
    'a name given that exists is refused with a sentence, and the file is unchanged',
    async () => {
      const file = join(work, 'precious.bursary-backup');
      writeFileSync(file, 'the only copy of something');
      await expect(createBackup(db(), file)).rejects.toThrow(
        `${file} already exists: choose another name (a backup never overwrites a file)`,
      );
      const run = await cli('backup', cliEnv(join(work, 'data')), [file]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `error: ${file} already exists: choose another name (a backup never overwrites a file)\n`,
      );
      expect(readFileSync(file, 'utf8')).toBe('the only copy of something');
      expect(readdirSync(work).filter((name) => name.startsWith('precious'))).toEqual(['precious.bursary-backup']);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'without a terminal, backup and restore print one line per table as each is done',
    async () => {
      const file = join(work, 'lines.bursary-backup');
      const backup = await cli('backup', cliEnv(join(work, 'data')), [file]);
      expect(backup.code, backup.stderr).toBe(0);
      const tables = [...backup.stdout.matchAll(/^ {2}(\w+) +[\d,]+ rows?$/gm)].map((m) => m[1]);
      expect(tables).toContain('users');
      for (const table of tables)
        expect(backup.stdout).toMatch(new RegExp(`^backing up ${table}: [\\d,]+ of [\\d,]+ rows, \\d+\\.\\d s$`, 'm'));
      expect(backup.stdout).not.toContain('\r');
      const restore = await cli('restore', cliEnv(join(work, 'restored')), [file]);
      expect(restore.code, restore.stderr).toBe(0);
      for (const table of tables)
        expect(restore.stdout).toMatch(new RegExp(`^restoring ${table}: [\\d,]+ of [\\d,]+ rows, \\d+\\.\\d s$`, 'm'));
      expect(backup.stdout).toMatch(/^backing up users: 1 of 1 rows, /m);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe('progress at a terminal', () => {
  it('redraws one line in place (table, rows done of total, time so far) and clears it when done', () => {
    const written: string[] = [];
    let clock = 0;
    const progress = progressReporter(
      'backing up',
      { isTTY: true, write: (text: string) => written.push(text) },
      () => clock,
    );
    clock = 200;
    progress.update({ table: 'logs', done: 5_000, total: 12_000 });
    clock = 250;
    progress.update({ table: 'logs', done: 10_000, total: 12_000 }); // within 100 ms of the last draw: skipped
    clock = 1_500;
    progress.update({ table: 'logs', done: 12_000, total: 12_000 });
    progress.done();
    expect(written).toEqual([
      '\r\u001b[2Kbacking up logs: 5,000 of 12,000 rows, 0.2 s',
      '\r\u001b[2Kbacking up logs: 12,000 of 12,000 rows, 1.5 s',
      '\r\u001b[2K',
    ]);
    expect(written.join('')).not.toContain('\n');
  });
});
