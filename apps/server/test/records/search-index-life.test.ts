import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { createBackup } from '../../src/backup/create-backup.ts';
import { checkBackup, openBackup } from '../../src/backup/read-backup.ts';
import { restoreBackup } from '../../src/backup/restore-backup.ts';
import { listTables } from '../../src/db/introspect.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { ensureSearchIndexes, searchTableOf } from '../../src/db/search-indexes.ts';
import { buildTestApp, dialects, freshSchema, type TestApp } from '../helper.ts';
import { sampleRecord, storedImageUrl } from '../factories.ts';
import { create, uniqueText } from '../publishing/publishing-helpers.ts';
import { loadConfig } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { answeredSearch, expectSearchAsScanned } from './search-helpers.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;

describe.each(dialects)('the search index through a backup and its restore on %s', (dialect) => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    folder = mkdtempSync(join(tmpdir(), 'bursary-search-backup-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('leaves the full-text tables out of a backup, and a restore finds exactly the restored records', async () => {
    const imageUrl = await storedImageUrl(t.db);
    const kept = uniqueText('Keptword');
    const later = uniqueText('Laterword');
    const record = await create(t, faqs, { ...sampleRecord(faqs, 1, imageUrl), title: `A ${kept}` });
    const tables = (await listTables(t.db as unknown as Kysely<unknown>)).map((table) => table.name);
    expect(tables).toContain('faqs');
    expect(tables.filter((name) => name.startsWith(searchTableOf(faqs)))).toEqual([]);

    const { file } = await createBackup(t.db as unknown as Kysely<unknown>, join(folder, 'search.bursary-backup'));
    const checked = await checkBackup(file);
    expect(checked.tables.map((entry) => entry.name).filter((name) => name.includes('_fts'))).toEqual([]);

    // after the backup: the record renamed and another one written, which the restore takes back
    const renamed = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${String(record.id)}`,
      payload: { title: `B ${later}` },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await create(t, faqs, { ...sampleRecord(faqs, 2, imageUrl), title: `C ${later}` });
    expect((await answeredSearch(t, faqs, later, { publishedOnly: true })).total).toBe(2);

    const source = openBackup(file);
    try {
      await restoreBackup(t.db as unknown as Kysely<unknown>, checked, source);
    } finally {
      source.close();
    }
    // a restore signs everybody out: the public reads show what the index finds
    expect((await answeredSearch(t, faqs, kept, { publishedOnly: true })).ids).toEqual([record.id]);
    expect((await answeredSearch(t, faqs, later, { publishedOnly: true })).ids).toEqual([]);
    for (const q of [kept, later, 'word', 'sample']) await expectSearchAsScanned(t, faqs, q, [true]);
  });
});

describe.each(dialects)('an older database gets its search index on %s', (dialect) => {
  it('indexes the rows written before the index existed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bursary-search-older-'));
    const schema = dialect === 'postgres' ? await freshSchema() : undefined;
    const config = {
      ...loadConfig({}),
      dataDir,
      databaseUrl: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
    };
    const older = await openDatabase(config, schema ? { searchPath: schema.name } : {});
    try {
      // the migrations as they were before the search index
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '019'));
      const { error } = await new Migrator({
        db: older,
        provider: { getMigrations: async () => before },
        ...(schema ? { migrationTableSchema: schema.name } : {}),
      }).migrateToLatest();
      expect(error).toBeUndefined();
      for (const [n, title] of ['Older Loan question', 'older école answer', 'Another LOAN'].entries()) {
        await sql`insert into faqs (title, description, version, created_at, updated_at, status)
          values (${title}, ${`<p>Answer ${n}</p>`}, 1, '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z', 'published')`.execute(
          older,
        );
      }
    } finally {
      await older.destroy();
    }
    const t = await buildTestApp({
      dialect,
      config: { dataDir },
      ...(schema ? { pgSchema: schema.name } : {}),
    });
    try {
      expect((await answeredSearch(t, faqs, 'loan', { publishedOnly: true })).total).toBe(2);
      for (const q of ['loan', 'older', 'école', 'answer 1']) await expectSearchAsScanned(t, faqs, q);
    } finally {
      await t.close();
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the full-text table follows the search fields of the registry (SQLite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect: 'sqlite' });
  });
  afterAll(() => t.close());

  const columnsOf = async (table: string) =>
    (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(t.db)).rows.map((r) => r.name);

  it('is made again from the rows when a section searches other fields, and again when it goes back', async () => {
    const imageUrl = await storedImageUrl(t.db);
    const word = uniqueText('Answerword');
    await create(t, faqs, { ...sampleRecord(faqs, 1, imageUrl), title: 'Plain title', description: `<p>${word}</p>` });
    const db = t.db as unknown as Kysely<unknown>;
    await ensureSearchIndexes(db, [{ ...faqs, search: ['title'] }]);
    expect(await columnsOf(searchTableOf(faqs))).toEqual(['title']);
    await ensureSearchIndexes(db, sections);
    expect(await columnsOf(searchTableOf(faqs))).toEqual(['title', 'description']);
    expect((await answeredSearch(t, faqs, word, { publishedOnly: true })).total).toBe(1);
    await expectSearchAsScanned(t, faqs, word);
  });

  it('makes a full-text table of an older version, which kept positions, again without them from the rows', async () => {
    const imageUrl = await storedImageUrl(t.db);
    const word = uniqueText('Olderword');
    await create(t, faqs, { ...sampleRecord(faqs, 1, imageUrl), title: `Kept ${word}` });
    const db = t.db as unknown as Kysely<unknown>;
    const older = "content='', contentless_delete=1, tokenize='trigram case_sensitive 1'";
    for (const event of ['insert', 'update', 'delete'])
      await sql`drop trigger if exists ${sql.id(`${searchTableOf(faqs)}_${event}`)}`.execute(db);
    await sql`drop table ${sql.id(searchTableOf(faqs))}`.execute(db);
    await sql`create virtual table ${sql.id(searchTableOf(faqs))} using fts5(title, description, ${sql.raw(older)})`.execute(
      db,
    );
    await sql`drop table translations_fts`.execute(db);
    await sql`create virtual table translations_fts using fts5(value, ${sql.raw(older)})`.execute(db);
    await ensureSearchIndexes(db, sections);
    const made = async (table: string) =>
      (await sql<{ sql: string }>`select sql from sqlite_master where name = ${table}`.execute(db)).rows[0]?.sql;
    expect(await made(searchTableOf(faqs))).toContain('detail=none');
    expect(await made('translations_fts')).toContain('detail=none');
    expect((await answeredSearch(t, faqs, word, { publishedOnly: true })).total).toBe(1);
    await expectSearchAsScanned(t, faqs, word);
  });
});
