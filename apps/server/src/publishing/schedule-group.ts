import type { Db } from '../db/types.ts';
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
  const outcomes = new Map<DueSchedule, Outcome>();
  const thrown = new Map<DueSchedule, unknown>();
  const trx = await db.startTransaction().execute();
  try {
    for (const due of group) {
      const section = sectionOf(due);
      if (!section) {
        thrown.set(due, undefined);
        continue;
      }
      const savepoint = await trx.savepoint('schedule').execute();
      try {
        outcomes.set(due, (await claimAndRun(savepoint, due, section, options)) ? 'done' : 'skipped');
      } catch (error) {
        await savepoint.rollbackToSavepoint('schedule').execute();
        thrown.set(due, error);
      }
      await savepoint.releaseSavepoint('schedule').execute();
    }
    await trx.commit().execute();
  } catch (error) {
    await trx
      .rollback()
      .execute()
      .catch(() => {});
    throw error;
  }
  for (const [due, error] of thrown) outcomes.set(due, await settleFailure(db, due, error, options));
  return group.map((due) => outcomes.get(due) ?? 'skipped');
}
