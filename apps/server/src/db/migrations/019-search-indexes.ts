import type { Kysely } from 'kysely';
import { sections } from '@bursary/shared';
import { dialectOf } from '../dialect.ts';
import { ensureSearchIndexes } from '../search-indexes.ts';
import { installTrigramExtension } from '../search-indexes-postgres.ts';
import { syncSectionTables } from '../section-schema.ts';

/**
 * Indexes every section's search (db/search-indexes.ts): on SQLite a full-text table per section filled from its
 * rows, on PostgreSQL the pg_trgm extension when the database allows it and a trigram index per search field.
 * Sections and search fields added later are indexed at start-up, as their tables are made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await installTrigramExtension(db);
  // an older database gets the fields its registry gained first, so every search field has its column
  await syncSectionTables(db, sections);
  await ensureSearchIndexes(db, sections);
}
