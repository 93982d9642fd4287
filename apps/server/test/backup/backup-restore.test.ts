import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { createUser } from '../../src/auth/users.ts';
import { sqliteFilePath } from '../../src/db/connection.ts';
import { storeImage } from '../../src/media/store.ts';
import {
  type Dialect,
  type TestApp,
  buildTestApp,
  dialects,
  freshSchema,
  pgUrlWithSchema,
  TEST_USERNAME,
} from '../helper.ts';
import { sampleRecord, storedImageUrl } from '../factories.ts';
import { svg } from '../fixtures/images.ts';
import { CLI_TEST_TIMEOUT_MS, baseEnv, cli } from './backup-cli.ts';

const serverDir = new URL('../..', import.meta.url).pathname;

/** An empty database of either kind, and the environment that points the commands at it. */
interface Place {
  dialect: Dialect;
  dataDir: string;
  schema?: string;
  env: NodeJS.ProcessEnv;
  drop: () => Promise<void>;
}

async function emptyPlace(dialect: Dialect): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-restore-'));
  if (dialect === 'sqlite')
    return {
      dialect,
      dataDir,
      env: baseEnv(dataDir),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  const schema = await freshSchema();
  return {
    dialect,
    dataDir,
    schema: schema.name,
    env: { ...baseEnv(dataDir), DATABASE_URL: pgUrlWithSchema(schema.name) },
    drop: async () => {
      await schema.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const appOn = (place: Place) =>
  buildTestApp({
    dialect: place.dialect,
    config: { dataDir: place.dataDir },
    ...(place.schema ? { pgSchema: place.schema } : {}),
  });

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every section, sub-items included, a second user, three images and the log rows the writes made. */
async function fill(t: TestApp): Promise<void> {
  const imageUrl = await storedImageUrl(t.db, 1);
  for (const section of sections) {
    for (let n = 1; n <= (section.kind === 'single' ? 1 : 3); n++) {
      const res = await t.injectAs({
        method: 'POST',
        url: `/api/${section.slug}`,
        payload: sampleRecord(section, n, imageUrl),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const sub = section.subItems;
    if (sub) {
      for (const text of ['First', 'Second']) {
        expect(
          (await t.injectAs({ method: 'POST', url: `/api/${section.slug}/sub`, payload: { [sub.itemKey]: text } }))
            .statusCode,
        ).toBe(201);
      }
    }
  }
  // an SVG and a second PNG that no record uses: media are backed up whether used or not
  await storeImage(t.db, { bytes: svg() }, 1024 * 1024);
  await storedImageUrl(t.db, 2);
  const deleted = await t.injectAs({
    method: 'DELETE',
    url: `/api/${sections.find((s) => s.kind === 'collection')!.slug}/1`,
  });
  expect(deleted.statusCode).toBe(200);
  await createUser(t.db, { username: 'second', password: 'a second long password', name: 'Second Editor' });
}

interface Dump {
  sections: Record<string, unknown>;
  logs: unknown;
  trash: unknown;
  revisions: Record<string, unknown>;
  media: Record<string, string>;
  users: unknown[];
}

/** What the API answers for every section and the log, the media bytes' digests, and the users' rows. */
async function dump(t: TestApp): Promise<Dump> {
  const result: Dump = { sections: {}, logs: undefined, trash: undefined, revisions: {}, media: {}, users: [] };
  for (const section of sections) {
    result.sections[section.slug] = (await t.app.inject({ method: 'GET', url: `/api/${section.slug}` })).json();
    // the history of the first record, deleted or not: revisions are backed up and restored too
    result.revisions[section.slug] = (
      await t.injectAs({ method: 'GET', url: `/api/${section.slug}/1/revisions?limit=500` })
    ).json();
  }
  result.logs = (await t.injectAs({ method: 'GET', url: '/api/logs?limit=1000' })).json();
  result.trash = (await t.injectAs({ method: 'GET', url: '/api/trash?limit=500' })).json();
  for (const row of await t.db.selectFrom('media').select(['sha256', 'ext', 'content_type', 'size']).execute()) {
    const res = await t.app.inject({ method: 'GET', url: `/media/${row.sha256}.${row.ext}` });
    expect(res.statusCode).toBe(200);
    result.media[row.sha256] = `${row.content_type} ${row.size} ${sha256(res.rawPayload)}`;
  }
  result.users = (
    await t.db
      .selectFrom('users')
      .select(['id', 'username', 'name', 'email', 'password_hash', 'disabled', 'created_at', 'updated_at'])
      .orderBy('id')
      .execute()
  ).map((u) => ({ ...u, disabled: Number(u.disabled) }));
  return result;
}

const pairs = dialects.flatMap((from) => dialects.map((to) => [from, to] as const));

describe.each(pairs)('backup from %s, restored into %s', (from, to) => {
  let source: TestApp;
  let sourcePlace: Place;
  let target: Place;
  let before: Dump;
  let file: string;

  beforeAll(async () => {
    sourcePlace = await emptyPlace(from);
    source = await appOn(sourcePlace);
    await fill(source);
    before = await dump(source);
    expect(before.trash).toEqual([expect.objectContaining({ record_id: 1, username: TEST_USERNAME })]);
    target = await emptyPlace(to);
  });
  afterAll(async () => {
    await source.close();
    await sourcePlace.drop();
    await target.drop();
  });

  it(
    'writes one backup file while the server runs, its checksum beside it, and prints what it wrote',
    async () => {
      const run = await cli('backup', sourcePlace.env, []);
      expect(run.code, run.stderr).toBe(0);
      const written = readdirSync(join(sourcePlace.dataDir, 'backups'));
      const backups = written.filter((name) => /^bursary-\d{8}T\d{6}\.\d{3}Z\.bursary-backup$/.test(name));
      expect(backups).toHaveLength(1);
      expect(written.filter((name) => name.includes('partial'))).toEqual([]);
      file = join(sourcePlace.dataDir, 'backups', backups[0]!);
      expect(run.stdout).toContain(`Backup written: ${file}`);
      expect(run.stdout).toMatch(/^\s+users\s+2 rows$/m);
      expect(run.stdout).toMatch(/^\s+media\s+3 rows$/m);
      expect(run.stdout).not.toMatch(/^\s+sessions\s/m);
      const fileSha = sha256(readFileSync(file));
      expect(run.stdout).toContain(`SHA-256 ${fileSha}`);
      expect(readFileSync(`${file}.sha256`, 'utf8')).toBe(`${fileSha}  ${backups[0]}\n`);
      expect(run.stdout).toMatch(/size \d+ kB/);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'restores into an empty database: equal answers, byte-identical media, users with their passwords, no sessions',
    async () => {
      const run = await cli('restore', target.env, [file]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('counts and checksums verified');
      expect(run.stdout).toMatch(/^\s+logs\s+\d+ rows$/m);
      const restored = await appOn(target);
      try {
        expect(await dump(restored)).toEqual(before);
        const oldSession = await restored.app.inject({ method: 'GET', url: '/api/me', headers: source.auth() });
        expect(oldSession.statusCode).toBe(401);
        const second = await restored.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'second', password: 'a second long password' },
        });
        expect(second.statusCode).toBe(200);
        // ids go on after the restored ones
        const collection = sections.find((s) => s.kind === 'collection')!;
        const ids = (before.sections[collection.slug] as { id: number }[]).map((r) => r.id);
        const created = await restored.injectAs({
          method: 'POST',
          url: `/api/${collection.slug}`,
          payload: sampleRecord(collection, 9, await storedImageUrl(restored.db, 1)),
        });
        expect(created.statusCode, created.body).toBe(201);
        expect((created.json() as { id: number }).id).toBeGreaterThan(Math.max(...ids, 3));
      } finally {
        await restored.close();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a target that holds content unless --force, and then keeps a backup of what it replaces',
    async () => {
      const refused = await cli('restore', target.env, [file]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^error: .* is not empty \(.*users 2.*\): restore into an empty database, or add --force/,
      );
      expect(refused.stderr).not.toMatch(/\n\s+at /);
      const forced = await cli('restore', target.env, [file, '--force']);
      expect(forced.code, forced.stderr).toBe(0);
      const kept = readdirSync(join(target.dataDir, 'backups')).filter(
        (name) => name.startsWith('bursary-before-restore-') && name.endsWith('.bursary-backup'),
      );
      expect(kept).toHaveLength(1);
      expect(forced.stdout).toContain(`Kept what --force replaces: ${join(target.dataDir, 'backups', kept[0]!)}`);
      const restored = await appOn(target);
      try {
        expect(await dump(restored)).toEqual(before);
      } finally {
        await restored.close();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

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
