import { commitInSavepoints } from '../db/savepoint-steps.ts';
import type { Db } from '../db/types.ts';
import { loadedForWrites } from '../db/write-transaction.ts';
import {
  type DueSchedule,
  type Outcome,
  type RunnerOptions,
  claimAndRun,
  sectionOf,
  settleFailure,
} from './schedule-claim.ts';

/**
 * Runs due schedules in one PostgreSQL transaction, each claimed and done inside its own savepoint:
 * every step still commits with its claim or not at all, but one commit carries many steps. Every
 * write of a step waits for the one before it to commit (the change counters are one row), so a
 * commit per step would bound a large batch by the commit's latency. A step that throws is rolled
 * back to its savepoint alone and settled after the commit; if the commit fails, none of the group's
 * steps happened and their schedules are still pending.
 */
export async function runGroup(db: Db, group: DueSchedule[], options: RunnerOptions): Promise<Outcome[]> {
  const thrown = new Map<DueSchedule, unknown>();
  const runnable = group.flatMap((due) => {
    const section = sectionOf(due);
    return section ? [{ due, section }] : [];
  });
  // the steps run the site-health checks, whose modules load on first use and never inside the transaction
  await loadedForWrites();
  const landed = await commitInSavepoints(
    db,
    runnable,
    async (trx, { due, section }): Promise<Outcome> =>
      (await claimAndRun(trx, due, section, options)) ? 'done' : 'skipped',
    ({ due }, error) => thrown.set(due, error),
  );
  const outcomes = new Map<DueSchedule, Outcome>(landed.map(([{ due }, outcome]) => [due, outcome]));
  // what did not land threw, or belongs to a section this server does not have: settled as failed
  for (const due of group)
    if (!outcomes.has(due)) outcomes.set(due, await settleFailure(db, due, thrown.get(due), options));
  return group.map((due) => outcomes.get(due) ?? 'skipped');
}
