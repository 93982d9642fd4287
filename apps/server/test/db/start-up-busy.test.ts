import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { openDatabase, sqliteFilePath } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

/** Longer than the busy timeout (5 s): a start-up that waits only that long gives up. */
const HOLD_MS = 6_500;

/**
 * Another process holds SQLite's write lock, as a process running thousands of due schedules nearly does: it
 * takes the lock, tells the test, keeps it HOLD_MS, then commits.
 */
const HOLDER = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.pragma('busy_timeout = 5000');
db.exec('begin immediate');
db.exec("create table holder_mark (note text); insert into holder_mark values ('held')");
console.log('locked');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${HOLD_MS});
db.exec('commit');
`;

describe('start-up while another process holds the SQLite write lock', () => {
  let dataDir: string;
  const config = () => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bursary-start-busy-'));
    const db = await openDatabase(config());
    await migrateToLatest(db);
    await db.destroy();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('waits its turn instead of stopping with "database is locked"', { timeout: 30_000 }, async () => {
    const holder = spawn(process.execPath, ['-e', HOLDER, sqliteFilePath(dataDir)], {
      cwd: import.meta.dirname,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(holder, 'exit');
    await Promise.race([
      once(holder.stdout, 'data'),
      exited.then(() => Promise.reject(new Error('the holder stopped'))),
    ]);
    const db = await openDatabase(config());
    try {
      const started = Date.now();
      await migrateToLatest(db);
      expect(Date.now() - started).toBeGreaterThan(HOLD_MS - 1_000);
      const held = await sql<{ note: string }>`select note from holder_mark`.execute(db);
      expect(held.rows).toEqual([{ note: 'held' }]);
    } finally {
      await db.destroy();
      await exited;
    }
  });
});
