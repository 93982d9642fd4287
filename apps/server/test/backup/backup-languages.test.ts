import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type SqliteDatabase from 'better-sqlite3';
import { MANIFEST_TABLE, CONTENTS_TABLE } from '../../src/backup/format.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { loadConfig } from '../../src/config/config.ts';
import { buildTestApp, dialects } from '../helper.ts';
import { CLI_TEST_TIMEOUT_MS, cli, forgedCopy } from './backup-cli.ts';
import { cliEnv } from '../cli-env.ts';
import { type Place, appOn, emptyPlace } from './backup-restore-helpers.ts';

/** The first migration of languages: a backup made before it has neither of its tables. */
const LANGUAGES_MIGRATION = '018-languages';

/**
 * A backup as Bursary wrote it before languages existed: its schema stops before the languages' migration, so it has
 * no `locales` or `translations` table (nor any table of a later migration).
 */
function asBeforeLanguages(database: SqliteDatabase.Database): void {
  const { value } = database.prepare(`select value from ${MANIFEST_TABLE} where key = 'migrations'`).get() as {
    value: string;
  };
  const migrations = (JSON.parse(value) as string[]).filter((name) => name < LANGUAGES_MIGRATION);
  database.prepare(`update ${MANIFEST_TABLE} set value = ? where key = 'migrations'`).run(JSON.stringify(migrations));
  for (const table of ['locales', 'translations']) {
    database.exec(`drop table ${table}`);
    database.prepare(`delete from ${CONTENTS_TABLE} where name = ?`).run(table);
  }
}

describe.each(dialects)('a backup from before languages, restored into %s', (dialect) => {
  let work: string;
  let file: string;
  let target: Place;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'bursary-backup-languages-'));
    const sourceDir = join(work, 'source');
    const source = await buildTestApp({ config: { dataDir: sourceDir } });
    try {
      const created = await source.injectAs({
        method: 'POST',
        url: '/api/faqs',
        payload: { title: 'How do I apply?', description: '<p>Online.</p>' },
      });
      expect(created.statusCode).toBe(201);
    } finally {
      await source.close();
    }
    const run = await cli('backup', cliEnv(sourceDir), [join(work, 'new.bursary-backup')]);
    expect(run.code, run.stderr).toBe(0);
    file = forgedCopy(join(work, 'new.bursary-backup'), work, 'before-languages.bursary-backup', asBeforeLanguages);
    target = await emptyPlace(dialect);
  }, CLI_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await target.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it(
    'restores as one language, the default, holding every record’s text',
    async () => {
      const checked = await cli('restore', target.env, [file, '--check']);
      expect(checked.code, checked.stderr).toBe(0);
      expect(checked.stdout).not.toMatch(/^\s+locales\s/m);
      const run = await cli('restore', target.env, [file]);
      expect(run.code, run.stderr).toBe(0);
      // the restore itself leaves the default language in place, before any server starts on the database
      const db = await openDatabase(loadConfig({ ...target.env, LOG_LEVEL: 'silent' }));
      try {
        expect(await db.selectFrom('locales').select(['code', 'fallback', 'public']).execute()).toEqual([
          { code: 'en', fallback: null, public: 1 },
        ]);
        expect(await db.selectFrom('translations').selectAll().execute()).toEqual([]);
      } finally {
        await db.destroy();
      }
      const restored = await appOn(target);
      try {
        expect((await restored.app.inject({ method: 'GET', url: '/api/locales' })).json()).toEqual([
          { code: 'en', name: 'English', fallback: null, public: true, default: true },
        ]);
        expect((await restored.app.inject({ method: 'GET', url: '/api/faqs?locale=en' })).json()).toEqual([
          expect.objectContaining({ title: 'How do I apply?', locale: 'en', fallback_fields: [] }),
        ]);
        // and the fund can add its second language
        await restored.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'fr' } });
        const french = await restored.injectAs({
          method: 'PUT',
          url: '/api/faqs/1?locale=fr',
          payload: { title: 'Comment postuler ?' },
        });
        expect(french.statusCode, french.body).toBe(200);
      } finally {
        await restored.close();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
