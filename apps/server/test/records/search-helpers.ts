import { expect } from 'vitest';
import { sql } from 'kysely';
import type { SectionDef } from '@bursary/shared';
import { columnOf, tableOf } from '../../src/db/naming.ts';
import type { TestApp } from '../helper.ts';

type Body = Record<string, unknown>;

/**
 * A search as it was answered before any index: every row read, and the search fields matched with `like` just as
 * the records core wrote it then (kept here word for word, so the index's answers are compared with the scan's).
 * On PostgreSQL the planner is kept off the indexes, so the rows are found by reading them all.
 */
async function scannedSearch(
  t: TestApp,
  section: SectionDef,
  q: string,
  options: { publishedOnly: boolean; limit?: number; offset?: number },
): Promise<{ ids: number[]; total: number }> {
  const postgres = t.dialect === 'postgres';
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const column = (field: string) => (postgres ? sql`lower(${sql.ref(columnOf(field))})` : sql.ref(columnOf(field)));
  const contains = sql`(${sql.join(
    section.search.map((field) => sql`${column(field)} like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
  const where = options.publishedOnly ? sql`status = 'published' and ${contains}` : contains;
  const table = sql.table(tableOf(section));
  const page = options.limit === undefined ? sql`` : sql` limit ${options.limit} offset ${options.offset ?? 0}`;
  return t.db.transaction().execute(async (trx) => {
    if (postgres) {
      await sql`set local enable_bitmapscan = off`.execute(trx);
      await sql`set local enable_indexscan = off`.execute(trx);
    }
    const rows = await sql<{ id: number }>`select id from ${table} where ${where} order by id desc${page}`.execute(trx);
    const count = await sql<{ n: number | string }>`select count(*) as n from ${table} where ${where}`.execute(trx);
    return { ids: rows.rows.map((row) => Number(row.id)), total: Number(count.rows[0]?.n ?? 0) };
  });
}

/** The ids and X-Total-Count the API answers for a search: public, or signed in with status=all. */
export async function answeredSearch(
  t: TestApp,
  section: SectionDef,
  q: string,
  options: { publishedOnly: boolean; limit?: number; offset?: number },
): Promise<{ ids: number[]; total: number }> {
  const query: Record<string, string> = { q };
  if (!options.publishedOnly) query.status = 'all';
  if (options.limit !== undefined) query.limit = String(options.limit);
  if (options.offset !== undefined) query.offset = String(options.offset);
  const read = options.publishedOnly ? t.app.inject.bind(t.app) : t.injectAs;
  const res = await read({ method: 'GET', url: `/api/${section.slug}`, query });
  expect(res.statusCode, res.body).toBe(200);
  return {
    ids: (res.json() as Body[]).map((record) => Number(record.id)),
    total: Number(res.headers['x-total-count']),
  };
}

/** The API's answers to `q` are the scan's: the same records in the same order and the same total, public and status=all. */
export async function expectSearchAsScanned(
  t: TestApp,
  section: SectionDef,
  q: string,
  publishedOnlyViews = [true, false],
): Promise<void> {
  const trimmed = q.trim();
  for (const publishedOnly of publishedOnlyViews) {
    for (const page of [{}, { limit: 2 }, { limit: 3, offset: 1 }]) {
      const options = { publishedOnly, ...page };
      const label = `${section.slug} q=${JSON.stringify(q)} ${JSON.stringify(options)}`;
      expect(await answeredSearch(t, section, q, options), label).toEqual(
        await scannedSearch(t, section, trimmed, options),
      );
    }
  }
}
