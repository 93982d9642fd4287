import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { sections } from '@bursary/shared';
import { dialectOf } from './dialect.ts';
import { ensureSectionTriggers } from './change-counters.ts';
import { migrations } from './migrations/index.ts';
import { ensureSearchIndexes } from './search-indexes.ts';
import { syncSectionTables } from './section-schema.ts';
import type { Database } from './types.ts';

/** Any fixed number: the advisory lock that keeps two starting instances from syncing at once. */
const SECTION_SYNC_LOCK = 4_207_731;

/**
 * Runs every pending migration, then adds what the registry gained since (new sections, new
 * fields, and their change triggers). Both steps are safe when several instances start together on one PostgreSQL.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // The migrator looks for its ledger by name; on PostgreSQL it must look in our own schema only,
  // or a ledger in another schema of the same database passes for ours.
  const schema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(
      `Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  await db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${SECTION_SYNC_LOCK})`.execute(trx);
    await syncSectionTables(trx as unknown as Kysely<unknown>, sections);
    await ensureSectionTriggers(trx as unknown as Kysely<unknown>, sections);
    await ensureSearchIndexes(trx as unknown as Kysely<unknown>, sections);
  });
}
