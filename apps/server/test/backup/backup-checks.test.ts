import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteFilePath } from '../../src/db/connection.ts';
import { CLI_TEST_TIMEOUT_MS, cli, forgedCopy, listTable } from './backup-cli.ts';
import { cliEnv } from '../cli-env.ts';
import { buildTestApp } from '../helper.ts';

/** `restore --check` runs every check `restore` runs: each refusal below comes from both, as one sentence. */
describe('restore --check refuses what restore refuses', () => {
  let work: string;
  let file: string;
  let targetDir: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'bursary-backup-checks-'));
    // a real database to back up; it stays in place after the app closes
    const source = await buildTestApp({ config: { dataDir: join(work, 'source') } });
    await source.close();
    file = join(work, 'good.bursary-backup');
    const run = await cli('backup', cliEnv(join(work, 'source')), [file]);
    expect(run.code, run.stderr).toBe(0);
    targetDir = join(work, 'target');
  }, CLI_TEST_TIMEOUT_MS);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function expectRefusedByBoth(path: string, sentence: RegExp): Promise<void> {
    for (const args of [[path, '--check'], [path]]) {
      const run = await cli('restore', cliEnv(targetDir), args);
      expect(run.code, `${args.join(' ')}: ${run.stdout}`).toBe(1);
      expect(run.stderr).toMatch(sentence);
      expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
      expect(run.stderr).not.toMatch(/SyntaxError|TypeError|\n\s+at /);
    }
    expect(existsSync(sqliteFilePath(targetDir))).toBe(false);
  }

  it(
    'a table this Bursary does not know',
    async () => {
      const forged = forgedCopy(file, work, 'unknown-table.bursary-backup', (d) => {
        d.exec(
          "create table future_things (id integer primary key, note text); insert into future_things values (1, 'from the future')",
        );
        listTable(d, 'future_things', [
          { name: 'id', kind: 'integer' },
          { name: 'note', kind: 'text' },
        ]);
      });
      await expectRefusedByBoth(
        forged,
        /^error: The backup has a table "future_things" that this Bursary does not know: it was made by a newer version; upgrade Bursary, then restore$/m,
      );
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'a column this Bursary does not know',
    async () => {
      const forged = forgedCopy(file, work, 'unknown-column.bursary-backup', (d) => {
        d.exec('alter table users add column shoe_size integer');
        const { columns } = d.prepare("select columns from bursary_backup_tables where name = 'users'").get() as {
          columns: string;
        };
        d.prepare("update bursary_backup_tables set columns = ? where name = 'users'").run(
          JSON.stringify([
            ...(JSON.parse(columns) as object[]),
            { name: 'shoe_size', kind: 'integer', boolean: false },
          ]),
        );
      });
      await expectRefusedByBoth(
        forged,
        /^error: The backup has a column "users\.shoe_size" that this Bursary does not know/m,
      );
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'a manifest whose list of migrations does not parse',
    async () => {
      const forged = forgedCopy(
        file,
        work,
        'bad-manifest.bursary-backup',
        (d) => d.exec("update bursary_backup set value = '[\"001-core-tables\", oops' where key = 'migrations'"),
        false,
      );
      await expectRefusedByBoth(
        forged,
        /^error: .*bad-manifest\.bursary-backup is damaged: the list of migrations in its manifest does not parse$/m,
      );
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'a table of contents that does not parse',
    async () => {
      const forged = forgedCopy(
        file,
        work,
        'bad-contents.bursary-backup',
        (d) => d.exec("update bursary_backup_tables set columns = '[{\"name\": ' where name = 'users'"),
        false,
      );
      await expectRefusedByBoth(
        forged,
        /^error: .*bad-contents\.bursary-backup is damaged: its table of contents does not parse \(at table "users"\)$/m,
      );
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
