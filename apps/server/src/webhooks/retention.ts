import type { Db } from '../db/types.ts';
import { pruneAttempts, pruneOncePerPeriod, startPruning } from '../outbox/retention.ts';

/** Finished attempts kept per webhook whatever their age: a dead address retried for weeks stays bounded. */
const KEEP_PER_WEBHOOK = 1_000;
/** How often an instance looks whether pruning is due, and how often it is done (by one instance). */
const PRUNE_EVERY_MS = 3_600_000;
const CLAIM = 'webhooks:pruned';

/**
 * Deletes finished delivery attempts (sent or failed; pending ones are never touched) older than `keepDays`, and
 * beyond the newest KEEP_PER_WEBHOOK of each webhook. Each webhook's newest finished attempt is kept whatever its
 * age: the webhook list shows it, and a failing webhook stays on the dashboard until a delivery succeeds. Answers
 * how many were deleted.
 */
export const pruneDeliveries = (db: Db, keepDays: number, now: Date, keep = KEEP_PER_WEBHOOK): Promise<number> =>
  pruneAttempts(db, { table: 'webhook_deliveries', group: 'webhook_id', keepDays, keepPerGroup: keep }, now);

/** Prunes once per PRUNE_EVERY_MS, by whichever instance claims it; answers how many were deleted, or undefined. */
export const pruneWhenDue = (db: Db, keepDays: number, now = new Date()): Promise<number | undefined> =>
  pruneOncePerPeriod(db, CLAIM, PRUNE_EVERY_MS, now, () => pruneDeliveries(db, keepDays, now));

/** Looks at start and then every PRUNE_EVERY_MS while the server runs; the returned stop waits for a prune in progress. */
export function startDeliveryRetention(db: Db, keepDays: number, onError: (error: unknown) => void) {
  return startPruning(PRUNE_EVERY_MS, () => pruneWhenDue(db, keepDays), onError);
}
