import type { Kysely } from 'kysely';
import { sections } from '@bursary/shared';
import { syncSectionTables } from '../section-schema.ts';

/**
 * One table per section and one child table per sub-item list, derived from the registry.
 * Later registry changes are applied by syncSectionTables at every start-up
 * (docs/decisions/002-section-tables-follow-the-registry.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await syncSectionTables(db, sections);
}
