import type { Db } from '../db/types.ts';
import { claimPeriod, releasePeriod } from '../db/period-claims.ts';
import { startPeriodicTask } from '../lib/periodic-task.ts';
import { attemptsOf, type GroupColumn, type OutboxTable } from './queue.ts';

const DAY_MS = 86_400_000;
/** Rows deleted per transaction, so a first prune of a large table never holds the writers long. */
const BATCH = 1_000;

export interface Pruning<T extends OutboxTable> {
  table: T;
  group: GroupColumn<T>;
  keepDays: number;
  /** Finished attempts kept per group whatever their age: a dead recipient retried for weeks stays bounded. */
  keepPerGroup: number;
}

/**
 * Deletes finished attempts (sent or failed; pending ones are never touched) older than `keepDays`, and beyond the
 * newest `keepPerGroup` of each group. Each group's newest finished attempt is kept whatever its age (what a list of
 * recipients shows as their last outcome). Answers how many were deleted.
 */
export async function pruneAttempts<T extends OutboxTable>(db: Db, pruning: Pruning<T>, now: Date): Promise<number> {
  const { db: attempts, table, group } = attemptsOf(db, pruning.table, pruning.group);
  const cutoff = new Date(now.getTime() - pruning.keepDays * DAY_MS).toISOString();
  // aliased: the column's own name is the kind's
  const groups = await attempts
    .selectFrom(table)
    .select((eb) => eb.ref(group).as('group_key'))
    .distinct()
    .where('state', '!=', 'pending')
    .execute();
  let deleted = 0;
  for (const { group_key: id } of groups) {
    const finished = () => attempts.selectFrom(table).where(group, '=', id).where('state', '!=', 'pending');
    const newest = await finished().select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (!newest) continue;
    // past the cap: everything older than the keep-th newest finished attempt
    const last = await finished()
      .select('id')
      .orderBy('id', 'desc')
      .offset(pruning.keepPerGroup - 1)
      .limit(1)
      .executeTakeFirst();
    const capped = last ? Number(last.id) : 0;
    for (;;) {
      const batch = await attempts.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom(table)
          .select('id')
          .where(group, '=', id)
          .where('state', '!=', 'pending')
          .where('id', '<', newest.id)
          .where((eb) => eb.or([eb('created_at', '<', cutoff), eb('id', '<', capped)]))
          .orderBy('id')
          .limit(BATCH)
          .execute();
        if (rows.length === 0) return 0;
        await trx
          .deleteFrom(table)
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

/**
 * Runs `prune` once per `everyMs`, by whichever instance claims the period named `claim`; answers what it answered,
 * or undefined when another instance has the period (or pruned within it).
 */
export async function pruneOncePerPeriod(
  db: Db,
  claim: string,
  everyMs: number,
  now: Date,
  prune: () => Promise<number>,
): Promise<number | undefined> {
  const previous = await claimPeriod(db, claim, everyMs, now);
  if (previous === undefined) return undefined;
  try {
    return await prune();
  } catch (error) {
    await releasePeriod(db, claim, now, previous).catch(() => {});
    throw error;
  }
}

/** Looks at start and then every `everyMs` while the server runs; the returned stop waits for a prune in progress. */
export function startPruning(everyMs: number, pruneWhenDue: () => Promise<unknown>, onError: (error: unknown) => void) {
  return startPeriodicTask(pruneWhenDue, everyMs, onError);
}
