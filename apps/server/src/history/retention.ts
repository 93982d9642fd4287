import { sql } from 'kysely';
import type { Db } from '../db/types.ts';
import { startPeriodicTask } from '../lib/periodic-task.ts';

/** Revisions purged per transaction, so a first purge of years of history never holds the writers long. */
const PURGE_BATCH = 1000;
const DAY_MS = 86_400_000;

/**
 * Purges revisions older than `keepDays` (HISTORY_KEEP_DAYS). A record's latest revision is kept
 * whatever its age, unless it is a delete: a record in the trash longer than the limit is gone
 * for good, one deleted more recently keeps its delete and can be restored. Log rows of purged
 * revisions keep their text; the log routes answer their revision_id as null. Answers how many were purged.
 */
export async function purgeOldRevisions(db: Db, keepDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * DAY_MS).toISOString();
  let purged = 0;
  // revisions are walked in id order (the order they were written), not through an index on their
  // time that every write would have to keep up; kept ones are passed over once
  let after = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('revisions as r')
        .select('r.id')
        .where('r.id', '>', after)
        .where('r.created_at', '<', cutoff)
        .where(({ or, eb, exists, selectFrom }) =>
          or([
            eb('r.action', '=', 'delete'),
            exists(
              selectFrom('revisions as n')
                .select(sql`1`.as('one'))
                .whereRef('n.section', '=', 'r.section')
                .whereRef('n.record_id', '=', 'r.record_id')
                .whereRef('n.id', '>', 'r.id'),
            ),
          ]),
        )
        .orderBy('r.id')
        .limit(PURGE_BATCH)
        .execute();
      const ids = rows.map((row) => Number(row.id));
      if (ids.length === 0) return 0;
      after = ids[ids.length - 1] ?? after;
      await trx.deleteFrom('revisions').where('id', 'in', ids).execute();
      return ids.length;
    });
    purged += batch;
    if (batch < PURGE_BATCH) return purged;
  }
}

/** Purges at start and then daily while the server runs; the returned stop waits for a purge in progress. */
export function startRetention(db: Db, keepDays: number, onError: (error: unknown) => void): () => Promise<void> {
  return startPeriodicTask(() => purgeOldRevisions(db, keepDays), DAY_MS, onError);
}
