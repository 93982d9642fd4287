import type { Kysely } from 'kysely';
import type { SectionDef } from '@bursary/shared';
import { columnOf, tableOf } from './naming.ts';
import { dialectOf } from './dialect.ts';

/**
 * On SQLite, an index holding a section's search columns lets a search's count scan that narrow
 * index instead of every whole row (a `like '%…%'` cannot seek, but it can scan less): the content
 * area's total over 100,000 items. Only sections searched on plain text get one, so rich text is not
 * stored twice. PostgreSQL limits the size of a b-tree entry, and counts in parallel: it gets none.
 */
export async function ensureSearchIndexes(db: Kysely<unknown>, registry: readonly SectionDef[]): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const section of registry) {
    if (section.search.some((field) => section.fields[field]?.kind === 'richtext')) continue;
    const table = tableOf(section);
    await db.schema
      .createIndex(`${table}_search`)
      .ifNotExists()
      .on(table)
      .columns(section.search.map(columnOf))
      .execute();
  }
}
