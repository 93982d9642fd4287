import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sections } from '@bursary/shared';
import { findLiveSession } from '../../src/auth/sessions.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { planIndependent } from '../../src/db/plan-independent.ts';
import type { Database } from '../../src/db/types.ts';
import { dropIdlePublishSchedule } from '../../src/pending/idle-schedules.ts';
import { pendingTranslationsOf } from '../../src/pending/pending-translations-store.ts';
import { publicLanguages } from '../../src/site-health/translation-checks.ts';
import { fanOut } from '../../src/webhooks/fan-out.ts';
import { enqueueVisibleChange } from '../../src/webhooks/outbox.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { copyMigratedSqlite } from '../sqlite-template.ts';

const faqs = sections.find((section) => section.slug === 'faqs');
if (!faqs) throw new Error('the registry has no faqs section');

describe.each(dialects)('a value compared through planIndependent (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('matches what the plain value matches, text and numbers alike', async () => {
    const at = new Date().toISOString();
    await t.db
      .insertInto('logs')
      .values(
        [7, 8].map((recordId) => ({
          action: 'create' as const,
          content: `compared ${recordId}`,
          section: 'plan-independent',
          record_id: recordId,
          username: 'planner',
          created_at: at,
          updated_at: at,
          revision_id: null,
        })),
      )
      .execute();
    const found = await t.db
      .selectFrom('logs')
      .select('content')
      .where('section', '=', planIndependent(t.db, 'plan-independent'))
      .where('record_id', '=', planIndependent(t.db, 8))
      .orderBy('id')
      .execute();
    expect(found).toEqual([{ content: 'compared 8' }]);
  });
});

/**
 * Why SQLite would plan a statement again on every run (db/plan-independent.ts), or undefined: a LIMIT bound as a
 * value, a bare value compared in a join or under an ORDER BY, or a value compared with a column a partial index's
 * condition names.
 */
function replannedBecause(statement: string, partialConditions: { table: string; column: string }[]) {
  if (/\blimit \?/i.test(statement)) return 'a LIMIT bound as a value';
  if (/\b(join|order by)\b/i.test(statement) && /(=|\bin) \(?\?/i.test(statement))
    return 'a bare value compared in a join or under an ORDER BY';
  const partial = partialConditions.find(
    ({ table, column }) => statement.includes(`"${table}"`) && statement.includes(`"${column}" = ?`),
  );
  return partial && `a value compared with ${partial.table}.${partial.column}, which a partial index names`;
}

/** A migrated SQLite database of its own, with a webhook on (so a change queues its events), for `use`. */
async function withFreshDatabase<T>(use: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-plans-'));
  copyMigratedSqlite(dataDir);
  const db = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    const at = new Date().toISOString();
    await db
      .insertInto('webhooks')
      .values({ url: 'https://hooks.example/', events: '["*"]', secret: 'sealed', created_at: at, updated_at: at })
      .execute();
    return await use(db);
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The SQL `work` prepares on a fresh database: each statement it runs, prepared once, here. `explained` names the
 * value to ask SQLite's plan of a statement with, for the one whose plan is wanted.
 */
async function preparedBy(
  work: (db: Kysely<Database>) => Promise<unknown>,
  explained: (statement: string) => string | undefined = () => undefined,
) {
  return withFreshDatabase(async (db) => {
    const { rows } = await sql<{
      table: string;
      definition: string;
    }>`select tbl_name as "table", sql as definition from sqlite_master where type = 'index' and sql like '% where %'`.execute(
      db,
    );
    const partialConditions = rows.flatMap(({ table, definition }) =>
      [...definition.matchAll(/ where "(\w+)"/gi)].map(([, column = '']) => ({ table, column })),
    );
    const prepare = vi.spyOn(SqliteDatabase.prototype, 'prepare');
    let statements: string[];
    try {
      await work(db);
      statements = prepare.mock.calls.map(([statement]) => statement);
    } finally {
      prepare.mockRestore();
    }
    const plan: string[] = [];
    for (const statement of statements) {
      const value = explained(statement);
      if (value === undefined) continue;
      const { rows } = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${statement}`, [value]),
      );
      plan.push(...rows.map((row) => row.detail));
    }
    return { statements, partialConditions, plan };
  });
}

const noSession = (db: Kysely<Database>) =>
  findLiveSession(db, 'no such token', { absoluteMinutes: 60, idleMinutes: 60 }, new Date());

describe('the statements a write runs besides its record’s own (SQLite)', () => {
  it.each([
    ['the session lookup', noSession],
    ['the languages the site-health checks read', (db: Kysely<Database>) => publicLanguages(db)],
    ['the waiting changes in other languages', (db: Kysely<Database>) => pendingTranslationsOf(db, faqs, 1)],
    ['the drop of an idle publish schedule', (db: Kysely<Database>) => dropIdlePublishSchedule(db, faqs, 1)],
    [
      'the webhook events of a change',
      (db: Kysely<Database>) => enqueueVisibleChange(db, 'record.updated', { id: 1 }, new Date().toISOString()),
    ],
    ['the look for waiting events after a commit', (db: Kysely<Database>) => fanOut(db, new Date(), 60_000)],
  ])('%s: each prepared once, whatever values it runs with', async (_name, work) => {
    const { statements, partialConditions } = await preparedBy(work);
    expect(statements.length).toBeGreaterThan(0);
    expect(
      statements.flatMap((statement) => {
        const reason = replannedBecause(statement, partialConditions);
        return reason ? [`${reason}: ${statement}`] : [];
      }),
    ).toEqual([]);
  });

  it('still finds a session through its token’s index', async () => {
    const { statements, plan } = await preparedBy(noSession, (statement) =>
      statement.includes('"sessions"') ? 'token hash' : undefined,
    );
    expect(statements.some((statement) => statement.includes('"sessions"'))).toBe(true);
    expect(plan.join('\n')).toMatch(/SEARCH sessions USING INDEX/);
  });
});
