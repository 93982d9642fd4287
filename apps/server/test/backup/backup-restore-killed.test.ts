import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteFilePath } from '../../src/db/connection.ts';
import { CLI_TEST_TIMEOUT_MS, cli } from './backup-cli.ts';
import { type Place, appOn, emptyPlace } from './backup-restore-helpers.ts';

const serverDir = new URL('../..', import.meta.url).pathname;

describe('a backup killed with SIGKILL part-way', () => {
  let place: Place;
  beforeAll(async () => {
    place = await emptyPlace('sqlite');
    const t = await appOn(place);
    await t.close();
    // enough log rows that the backup takes a while to write
    const database = new SqliteDatabase(sqliteFilePath(place.dataDir));
    const insert = database.prepare(
      "insert into logs (action, content, section, record_id, username, created_at, updated_at) values ('create', ?, 'faqs', ?, 'editor', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')",
    );
    database.transaction(() => {
      for (let n = 0; n < 300_000; n++) insert.run(`FAQ "Question ${n}" created`, n);
    })();
    database.close();
  });
  afterAll(async () => {
    await place.drop();
  });

  it(
    'leaves no file under the real name, and the next backup is whole',
    async () => {
      const file = join(place.dataDir, 'nightly.bursary-backup');
      const child = spawn(process.execPath, ['src/cli/backup.ts', file], {
        cwd: serverDir,
        env: place.env,
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      // kill it once it has started writing (under whatever name), that is part-way through the backup
      const writing = () => readdirSync(place.dataDir).some((name) => name.startsWith('nightly.'));
      for (let i = 0; i < 2_000 && !writing(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(writing()).toBe(true);
      expect(child.exitCode).toBe(null);
      child.kill('SIGKILL');
      await exited;
      expect(existsSync(file)).toBe(false);
      expect(existsSync(`${file}.sha256`)).toBe(false);
      const again = await cli('backup', place.env, [file]);
      expect(again.code, again.stderr).toBe(0);
      const check = await cli('restore', place.env, [file, '--check']);
      expect(check.code, check.stderr).toBe(0);
      expect(check.stdout).toMatch(/^\s+logs\s+300,000 rows$/m);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
