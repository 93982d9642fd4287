import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteFilePath } from '../../src/db/connection.ts';
import { cli } from './backup-cli.ts';
import { type Place, appOn, emptyPlace, fill } from './backup-restore-helpers.ts';

describe('backup files that cannot be used are refused before anything changes', () => {
  let source: Place;
  let target: Place;
  let file: string;
  let work: string;

  beforeAll(async () => {
    source = await emptyPlace('sqlite');
    const t = await appOn(source);
    await fill(t);
    await t.close();
    file = join(source.dataDir, 'good.bursary-backup');
    const run = await cli('backup', source.env, [file]);
    expect(run.code, run.stderr).toBe(0);
    target = await emptyPlace('sqlite');
    work = mkdtempSync(join(tmpdir(), 'bursary-bad-backups-'));
  });
  afterAll(async () => {
    await source.drop();
    await target.drop();
    rmSync(work, { recursive: true, force: true });
  });

  /** A copy of the good backup, changed by `change`, without its checksum file unless asked. */
  function variant(name: string, change: (database: SqliteDatabase.Database) => void): string {
    const copy = join(work, name);
    writeFileSync(copy, readFileSync(file));
    const database = new SqliteDatabase(copy);
    change(database);
    database.close();
    return copy;
  }

  async function expectRefused(path: string, pattern: RegExp) {
    for (const args of [[path, '--check'], [path]]) {
      const run = await cli('restore', target.env, args);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stderr).toMatch(pattern);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(existsSync(sqliteFilePath(target.dataDir))).toBe(false);
  }

  it('--check verifies a good file and restores nothing', async () => {
    const run = await cli('restore', target.env, [file, '--check']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('matches FILE.sha256');
    expect(run.stdout).toMatch(/^\s+users\s+2 rows$/m);
    expect(existsSync(sqliteFilePath(target.dataDir))).toBe(false);
  });

  it('refuses a file that does not match its checksum file', async () => {
    const copy = join(work, 'changed.bursary-backup');
    writeFileSync(copy, readFileSync(file));
    writeFileSync(`${copy}.sha256`, `${'0'.repeat(64)}  changed.bursary-backup\n`);
    await expectRefused(copy, /does not match its checksum file/);
  });

  it('refuses a row changed inside the file', async () => {
    await expectRefused(
      variant('edited.bursary-backup', (d) => d.exec("update users set name = 'Mallory' where username = 'second'")),
      /table users does not match its checksum/,
    );
  });

  it('refuses a row removed from the file', async () => {
    await expectRefused(
      variant('short.bursary-backup', (d) => d.exec('delete from logs where id = (select max(id) from logs)')),
      /table logs does not match its checksum/,
    );
  });

  it('refuses a schema newer than the code and a newer format', async () => {
    await expectRefused(
      variant('newer-schema.bursary-backup', (d) => {
        const row = d.prepare("select value from bursary_backup where key = 'migrations'").get() as { value: string };
        d.prepare("update bursary_backup set value = ? where key = 'migrations'").run(
          JSON.stringify([...(JSON.parse(row.value) as string[]), '999-from-the-future']),
        );
      }),
      /made by a newer Bursary \(its schema has 999-from-the-future\): upgrade Bursary, then restore/,
    );
    await expectRefused(
      variant('newer-format.bursary-backup', (d) =>
        d.exec("update bursary_backup set value = '2' where key = 'formatVersion'"),
      ),
      /backup format 2, newer than this Bursary reads \(1\)/,
    );
  });

  it('refuses what is not a backup at all', async () => {
    const text = join(work, 'notes.txt');
    writeFileSync(text, 'not a database');
    await expectRefused(text, /is not a Bursary backup/);
    await expectRefused(sqliteFilePath(source.dataDir), /is not a Bursary backup \(it has no bursary_backup table\)/);
    const run = await cli('restore', target.env, [join(work, 'missing.bursary-backup')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: No file at /);
  });

  it('wrong usage exits with 2', async () => {
    expect((await cli('restore', target.env, [])).code).toBe(2);
    expect((await cli('restore', target.env, [file, '--frobnicate'])).code).toBe(2);
    expect((await cli('backup', source.env, ['a', 'b'])).code).toBe(2);
    const exists = await cli('backup', source.env, [file]);
    expect(exists.code).toBe(1);
    expect(exists.stderr).toMatch(/already exists/);
  });
});
