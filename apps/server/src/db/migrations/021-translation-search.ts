import type { Kysely } from 'kysely';
import { sections } from '@bursary/shared';
import { ensureTranslationSearch } from '../search-indexes.ts';

/**
 * Indexes the translations' values a search in a language matches (db/search-indexes.ts): on SQLite a full-text
 * table kept by triggers on `translations`, filled from its rows; on PostgreSQL a trigram index on their lower case
 * when pg_trgm is installed. A search in a language then reads the rows that match, as the default language's does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await ensureTranslationSearch(db, sections);
}
