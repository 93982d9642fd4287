import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQueries, preparedQuery } from '../../src/db/prepared-query.ts';
import type { Db } from '../../src/db/types.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

/** A log row by its content and section, with a constant the query carries itself. */
const logsNamed = preparedQuery((db: Db, content: string, section: string) =>
  db
    .selectFrom('logs')
    .select(['content', 'section', 'action'])
    .where('content', '=', content)
    .where('section', '=', section)
    .where('action', '=', 'create')
    .orderBy('id'),
);

const insertLog = preparedQuery((db: Db, content: string, section: string, at: string) =>
  db.insertInto('logs').values({
    action: 'create',
    content,
    section,
    record_id: null,
    username: 'prepared',
    created_at: at,
    updated_at: at,
    revision_id: null,
  }),
);

describe.each(dialects)('a query compiled once (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('runs with each call’s values in their places, a value used twice included, and keeps its own constants', async () => {
    const at = new Date().toISOString();
    await insertLog(t.db, 'first prepared row', 'faqs', at);
    await insertLog(t.db, 'second prepared row', 'heroes', at);
    await t.db
      .insertInto('logs')
      .values({
        action: 'delete',
        content: 'first prepared row',
        section: 'faqs',
        username: 'x',
        created_at: at,
        updated_at: at,
      })
      .execute();
    expect((await logsNamed(t.db, 'first prepared row', 'faqs')).rows).toEqual([
      { content: 'first prepared row', section: 'faqs', action: 'create' },
    ]);
    expect((await logsNamed(t.db, 'second prepared row', 'heroes')).rows).toHaveLength(1);
    expect((await logsNamed(t.db, 'second prepared row', 'faqs')).rows).toEqual([]);
    const stored = await t.db.selectFrom('logs').selectAll().where('username', '=', 'prepared').execute();
    expect(stored.map((row) => [row.created_at, row.updated_at])).toEqual([
      [at, at],
      [at, at],
    ]);
  });

  it('runs inside a transaction as the transaction sees it', async () => {
    await t.db
      .transaction()
      .execute(async (trx) => {
        await insertLog(trx, 'rolled back row', 'faqs', new Date().toISOString());
        expect((await logsNamed(trx, 'rolled back row', 'faqs')).rows).toHaveLength(1);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await logsNamed(t.db, 'rolled back row', 'faqs')).rows).toEqual([]);
  });

  it('refuses, at its first call, a query that does not take a parameter as it is given', () => {
    const transformed = preparedQuery((db: Db, content: string) =>
      db.selectFrom('logs').select('id').where('content', '=', content.toUpperCase()),
    );
    expect(() => transformed(t.db, 'anything')).toThrow(/parameter 0 is not a value/);
  });
});

describe.each(dialects)('queries compiled once per shape (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('builds each shape on its first call only, and runs each call with its own values', async () => {
    const queries = preparedQueries<[string], { content: string }>();
    const built: string[] = [];
    /** Log rows by content, reading one column or another: two shapes. */
    const byContent = (column: 'content' | 'section') =>
      queries(column, (db: Db, content: string) => {
        built.push(column);
        return db.selectFrom('logs').select(`${column} as content`).where('content', '=', content).orderBy('id');
      });
    const at = new Date().toISOString();
    await insertLog(t.db, 'shaped row', 'faqs', at);
    await insertLog(t.db, 'other shaped row', 'heroes', at);
    expect((await byContent('content')(t.db, 'shaped row')).rows).toEqual([{ content: 'shaped row' }]);
    expect((await byContent('content')(t.db, 'other shaped row')).rows).toEqual([{ content: 'other shaped row' }]);
    expect((await byContent('section')(t.db, 'other shaped row')).rows).toEqual([{ content: 'heroes' }]);
    expect(built).toEqual(['content', 'section']);
  });

  it('keeps a bounded number of shapes, building a dropped one again when it comes back', async () => {
    const queries = preparedQueries<[], { n: number }>();
    let builds = 0;
    const constant = (n: number) =>
      queries(`select ${n}`, (db: Db) => {
        builds += 1;
        return db.selectFrom('logs').select(sql.lit(n).as('n')).limit(sql.lit(1));
      });
    await insertLog(t.db, 'bounded row', 'faqs', new Date().toISOString());
    await constant(0)(t.db);
    for (let n = 1; n <= 300; n++) await constant(n)(t.db);
    expect(builds).toBe(301);
    expect((await constant(0)(t.db)).rows).toEqual([{ n: 0 }]);
    expect(builds).toBe(302);
  });
});
