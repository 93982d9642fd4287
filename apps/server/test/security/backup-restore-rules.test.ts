import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScheduledBackup } from '../../src/backup/schedule.ts';
import { openDatabase, sqliteFilePath } from '../../src/db/connection.ts';
import type { ValueKind } from '../../src/db/introspect.ts';
import { CLI_TEST_TIMEOUT_MS, cli, forgedCopy, listTable } from '../backup/backup-cli.ts';
import { cliEnv } from '../cli-env.ts';
import { type Dialect, buildTestApp, dialects, freshSchema, pgUrlWithSchema, TEST_USERNAME } from '../helper.ts';

const kindOf = (type: string): ValueKind =>
  /int/i.test(type) ? 'integer' : /real|floa|doub/i.test(type) ? 'real' : /blob/i.test(type) ? 'blob' : 'text';

/**
 * Copies a table of the live database `from` into a backup, with `edit` applied to each row, as
 * someone crafting a backup would: a backup never holds it, so a restore must refuse it.
 */
function smuggle(
  backup: SqliteDatabase.Database,
  from: string,
  table: string,
  edit: (row: Record<string, unknown>) => Record<string, unknown>,
): void {
  const live = new SqliteDatabase(from, { readonly: true });
  try {
    const columns = (live.pragma(`table_info(${table})`) as { name: string; type: string }[]).map((c) => ({
      name: c.name,
      kind: kindOf(c.type),
    }));
    const rows = (live.prepare(`select * from ${table}`).all() as Record<string, unknown>[]).map(edit);
    expect(rows.length, `${table} has rows to smuggle`).toBeGreaterThan(0);
    backup.exec(`create table ${table} (${columns.map((c) => `"${c.name}" ${c.kind}`).join(', ')})`);
    const insert = backup.prepare(`insert into ${table} values (${columns.map(() => '?').join(', ')})`);
    for (const row of rows) insert.run(...columns.map((c) => row[c.name]));
    listTable(backup, table, columns);
  } finally {
    live.close();
  }
}

const FAR_FUTURE = '2099-01-01T00:00:00.000Z';

/** Restore keeps today's rules (backup half): a backup restores only the tables a backup is made of. */
describe.each(dialects)('a crafted backup restored into %s', (dialect: Dialect) => {
  let work: string;
  let token: string;
  const forged: Record<string, string> = {};
  const drops: (() => Promise<void>)[] = [];

  /** An empty place to restore into, each test its own. */
  async function emptyTarget(name: string): Promise<{ env: NodeJS.ProcessEnv; dataDir: string; schema?: string }> {
    const dataDir = join(work, name);
    if (dialect === 'sqlite') return { env: cliEnv(dataDir), dataDir };
    const schema = await freshSchema();
    drops.push(schema.drop);
    return { env: { ...cliEnv(dataDir), DATABASE_URL: pgUrlWithSchema(schema.name) }, dataDir, schema: schema.name };
  }

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'bursary-crafted-'));
    const sourceDir = join(work, 'source');
    const source = await buildTestApp({ config: { dataDir: sourceDir } });
    token = source.token;
    // a failed sign-in, so the live database has a sign-in counter to forge from
    await source.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: TEST_USERNAME, password: 'not the password at all' },
    });
    const file = join(work, 'genuine.bursary-backup');
    const made = await cli('backup', cliEnv(sourceDir), [file]);
    expect(made.code, made.stderr).toBe(0);
    const live = sqliteFilePath(sourceDir);
    forged.session = forgedCopy(file, work, 'with-session.bursary-backup', (d) =>
      smuggle(d, live, 'sessions', (row) => ({ ...row, expires_at: FAR_FUTURE, last_seen_at: FAR_FUTURE })),
    );
    forged.counter = forgedCopy(file, work, 'with-counter.bursary-backup', (d) =>
      smuggle(d, live, 'login_attempts', (row) => ({ ...row, window_start: FAR_FUTURE, count: 1_000_000 })),
    );
    await source.close();
  }, CLI_TEST_TIMEOUT_MS);
  afterAll(async () => {
    for (const drop of drops) await drop();
    rmSync(work, { recursive: true, force: true });
  });

  it.each([
    ['session', 'sessions'],
    ['counter', 'login_attempts'],
  ])(
    'with a forged %s: refused by restore and by --check with one sentence, and nothing restored',
    async (which, table) => {
      const target = await emptyTarget(`target-${which}`);
      for (const args of [[forged[which]!], [forged[which]!, '--check']]) {
        const run = await cli('restore', target.env, args);
        expect(run.code, `${args.join(' ')}: ${run.stdout}`).toBe(1);
        expect(run.stderr.trim()).toBe(
          `error: The backup has a table "${table}" that a backup never holds (sessions and sign-in counters are never restored): it was not made by npm run backup, and nothing is restored from it`,
        );
      }
      if (dialect === 'sqlite') expect(existsSync(sqliteFilePath(target.dataDir))).toBe(false);
      const restored = await buildTestApp({
        dialect,
        signIn: false,
        config: { dataDir: target.dataDir },
        ...(target.schema ? { pgSchema: target.schema } : {}),
      });
      try {
        const me = await restored.app.inject({
          method: 'GET',
          url: '/api/me',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(me.statusCode).toBe(401);
        expect(
          await restored.db.selectFrom('login_attempts').selectAll().where('window_start', '=', FAR_FUTURE).execute(),
        ).toEqual([]);
        const signIn = await restored.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: TEST_USERNAME, password: restored.config.adminPassword },
        });
        expect(signIn.statusCode).toBe(200);
      } finally {
        await restored.close();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** Backup and database files are readable by their owner alone. */
describe('files Bursary writes', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'bursary-modes-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it(
    'the database with its -wal and -shm, every kind of backup and their checksums are 0600; folders Bursary makes are 0700',
    async () => {
      const dataDir = join(work, 'made-by-bursary', 'data');
      const backupDir = join(dataDir, 'backups');
      const t = await buildTestApp({ config: { dataDir, backupDir } });
      // set after the build, so the app's own schedule stays off and only the call below makes one
      Object.assign(t.config, { backupEveryHours: 1 });
      const database = sqliteFilePath(dataDir);
      expect([join(work, 'made-by-bursary'), dataDir].map(modeOf)).toEqual(['700', '700']);
      expect([database, `${database}-wal`, `${database}-shm`].map(modeOf)).toEqual(['600', '600', '600']);
      const scheduled = await runScheduledBackup(t.app, new Date('2031-03-01T02:00:00Z'));
      expect(modeOf(backupDir)).toBe('700');
      const manual = await cli('backup', cliEnv(dataDir), []);
      expect(manual.code, manual.stderr).toBe(0);
      await t.close();
      const forced = await cli('restore', cliEnv(dataDir), [scheduled!.file, '--force']);
      expect(forced.code, forced.stderr).toBe(0);
      const written = readdirSync(backupDir);
      expect(
        written
          .filter((name) => name.endsWith('.bursary-backup'))
          .map((name) => name.replace(/-\d{8}T.*$/, ''))
          .sort(),
        written.join(' '),
      ).toEqual(['bursary', 'bursary-before-restore', 'bursary-scheduled']);
      expect(written).toHaveLength(6);
      for (const name of written) expect(modeOf(join(backupDir, name)), name).toBe('600');
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it('a database file an older version left readable by all is narrowed to 0600 when it is opened', async () => {
    const dataDir = join(work, 'older');
    const first = await openDatabase({ dataDir, databaseUrl: undefined });
    await first.destroy();
    chmodSync(sqliteFilePath(dataDir), 0o644);
    const again = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      expect(modeOf(sqliteFilePath(dataDir))).toBe('600');
    } finally {
      await again.destroy();
    }
  });
});
