import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { sections } from '@bursary/shared';
import { dialectOf } from './dialect.ts';
import { ensureSectionTriggers } from './change-counters.ts';
import { migrations } from './migrations/index.ts';
import { ensureSearchIndexes } from './search-indexes.ts';
import { syncSectionTables } from './section-schema.ts';
import type { Database } from './types.ts';
import { type BusyRetry, isBusyError, retryWhenBusy } from './write-transaction.ts';

/** Any fixed number: the advisory lock that keeps two starting instances from syncing at once. */
const SECTION_SYNC_LOCK = 4_207_731;
/**
 * A start-up step meeting a busy database tries again for about a minute: another process on the same SQLite file
 * may be writing almost without pause (thousands of due schedules at once). Once a step's busy wait has run out,
 * its retries were seen refused at once while the other process still held the lock, so the pauses carry the wait.
 */
const START_UP_RETRY: BusyRetry = { attempts: 240, pauseMs: () => 200 + Math.random() * 100 };

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
  await retryWhenBusy(async () => {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return;
    // a busy database is tried again; any other failure is told as the migration that failed
    if (isBusyError(error)) throw error;
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(
      `Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }, START_UP_RETRY);
  await retryWhenBusy(
    () =>
      db.transaction().execute(async (trx) => {
        if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${SECTION_SYNC_LOCK})`.execute(trx);
        await syncSectionTables(trx as unknown as Kysely<unknown>, sections);
        await ensureSectionTriggers(trx as unknown as Kysely<unknown>, sections);
        await ensureSearchIndexes(trx as unknown as Kysely<unknown>, sections);
      }),
    START_UP_RETRY,
  );
}
