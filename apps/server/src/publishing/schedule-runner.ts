import { dialectOf } from '../db/dialect.ts';
import type { Db } from '../db/types.ts';
import { retryWhenBusy, writeTransaction } from '../db/write-transaction.ts';
import {
  type DueSchedule,
  type Outcome,
  type RunnerOptions,
  claimAndRun,
  sectionOf,
  settleFailure,
} from './schedule-claim.ts';
import { runGroup } from './schedule-group.ts';

/** Due schedules read per round: SQLite's group commit takes them together, and few enough to hold in memory. */
const BATCH = 200;
/** Steps one PostgreSQL commit carries (schedule-group.ts). */
const GROUP = 50;
/**
 * On SQLite, the pause after a full batch. Writers in other processes on the same file wait for the lock by
 * polling it (every 100 ms once they have waited a while); back-to-back batches would leave them no gap to take
 * it, and their writes would fail busy.
 */
const SQLITE_PAUSE_MS = 120;

export interface RunResult {
  done: number;
  failed: number;
}

/** Runs one due schedule in its own write transaction (SQLite's group commit shares the fsync). */
async function runOne(db: Db, due: DueSchedule, options: RunnerOptions): Promise<Outcome> {
  const section = sectionOf(due);
  if (!section) return settleFailure(db, due, undefined, options);
  try {
    const ran = await retryWhenBusy(() => writeTransaction(db, (trx) => claimAndRun(trx, due, section, options)));
    return ran ? 'done' : 'skipped';
  } catch (error) {
    return settleFailure(db, due, error, options);
  }
}

async function runBatch(db: Db, batch: DueSchedule[], options: RunnerOptions): Promise<Outcome[]> {
  if (dialectOf(db) !== 'postgres') return Promise.all(batch.map((due) => runOne(db, due, options)));
  // one group after another: their steps would wait for each other's commits anyway, and two groups
  // at once could each hold a row the other's next step needs
  const outcomes: Outcome[] = [];
  for (let start = 0; start < batch.length; start += GROUP)
    outcomes.push(...(await runGroup(db, batch.slice(start, start + GROUP), options)));
  return outcomes;
}

/**
 * Runs every schedule due by `now`, a batch at a time, each claimed in the transaction (or, on
 * PostgreSQL, the savepoint) of its own step. Several instances may run this at once: each schedule
 * is claimed by exactly one. Ones left pending by an error are not taken again in the same pass.
 */
export async function runDueSchedules(db: Db, options: RunnerOptions, now = new Date()): Promise<RunResult> {
  const result: RunResult = { done: 0, failed: 0 };
  const dueBy = now.toISOString();
  let after = 0;
  for (;;) {
    const batch = await db
      .selectFrom('schedules')
      .select(['id', 'section', 'record_id', 'action', 'due_at', 'set_by'])
      .where('state', '=', 'pending')
      .where('due_at', '<=', dueBy)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (batch.length === 0) return result;
    after = Number(batch[batch.length - 1]?.id ?? after);
    const outcomes = await runBatch(
      db,
      batch.map((row) => ({ ...row, id: Number(row.id), record_id: Number(row.record_id) })),
      options,
    );
    for (const outcome of outcomes) if (outcome !== 'skipped') result[outcome] += 1;
    if (batch.length < BATCH) return result;
    if (dialectOf(db) !== 'postgres') await new Promise((resolve) => setTimeout(resolve, SQLITE_PAUSE_MS));
  }
}
