import type { Db } from '../db/types.ts';
import { claimPeriod, releasePeriod } from '../db/period-claims.ts';
import { startPeriodicTask } from '../lib/periodic-task.ts';

const DAY_MS = 86_400_000;
/** Finished attempts kept per webhook whatever their age: a dead address retried for weeks stays bounded. */
const KEEP_PER_WEBHOOK = 1_000;
/** Rows deleted per transaction, so a first prune of a large table never holds the writers long. */
const BATCH = 1_000;
/** How often an instance looks whether pruning is due, and how often it is done (by one instance). */
const PRUNE_EVERY_MS = 3_600_000;
const CLAIM = 'webhooks:pruned';

/**
 * Deletes finished delivery attempts (sent or failed; pending ones are never touched) older than `keepDays`, and
 * beyond the newest KEEP_PER_WEBHOOK of each webhook. Each webhook's newest finished attempt is kept whatever its
 * age: the webhook list shows it, and a failing webhook stays on the dashboard until a delivery succeeds. Answers
 * how many were deleted.
 */
export async function pruneDeliveries(db: Db, keepDays: number, now: Date, keep = KEEP_PER_WEBHOOK): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * DAY_MS).toISOString();
  const hooks = await db.selectFrom('webhooks').select('id').execute();
  let deleted = 0;
  for (const { id } of hooks) {
    const finished = () =>
      db.selectFrom('webhook_deliveries').where('webhook_id', '=', id).where('state', '!=', 'pending');
    const newest = await finished().select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (!newest) continue;
    // past the cap: everything older than the keep-th newest finished attempt
    const last = await finished()
      .select('id')
      .orderBy('id', 'desc')
      .offset(keep - 1)
      .limit(1)
      .executeTakeFirst();
    const capped = last ? Number(last.id) : 0;
    for (;;) {
      const batch = await db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('webhook_id', '=', id)
          .where('state', '!=', 'pending')
          .where('id', '<', newest.id)
          .where((eb) => eb.or([eb('created_at', '<', cutoff), eb('id', '<', capped)]))
          .orderBy('id')
          .limit(BATCH)
          .execute();
        if (rows.length === 0) return 0;
        await trx
          .deleteFrom('webhook_deliveries')
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
        return rows.length;
      });
      deleted += batch;
      if (batch < BATCH) break;
    }
  }
  return deleted;
}

/** Prunes once per PRUNE_EVERY_MS, by whichever instance claims it; answers how many were deleted, or undefined. */
export async function pruneWhenDue(db: Db, keepDays: number, now = new Date()): Promise<number | undefined> {
  const previous = await claimPeriod(db, CLAIM, PRUNE_EVERY_MS, now);
  if (previous === undefined) return undefined;
  try {
    return await pruneDeliveries(db, keepDays, now);
  } catch (error) {
    await releasePeriod(db, CLAIM, now, previous).catch(() => {});
    throw error;
  }
}

/** Looks at start and then every PRUNE_EVERY_MS while the server runs; the returned stop waits for a prune in progress. */
export function startDeliveryRetention(db: Db, keepDays: number, onError: (error: unknown) => void) {
  return startPeriodicTask(() => pruneWhenDue(db, keepDays), PRUNE_EVERY_MS, onError);
}
