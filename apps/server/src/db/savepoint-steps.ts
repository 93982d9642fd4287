import type { Db } from './types.ts';

/**
 * Runs the steps in one transaction, each inside its own savepoint, so that one commit carries them all
 * (a commit per step would bound a long batch by the commit's latency). A step that throws is rolled back to
 * its savepoint alone and handed to `stepFailed` at once; the others commit together. Answers each step
 * that landed with its value, in step order, once committed. If the transaction itself fails it is rolled
 * back and the error thrown: none of the steps happened.
 */
export async function commitInSavepoints<S, T>(
  db: Db,
  steps: readonly S[],
  run: (trx: Db, step: S) => Promise<T>,
  stepFailed: (step: S, error: unknown) => void,
): Promise<[S, T][]> {
  const landed: [S, T][] = [];
  const trx = await db.startTransaction().execute();
  try {
    for (const step of steps) {
      const savepoint = await trx.savepoint('step').execute();
      try {
        landed.push([step, await run(savepoint, step)]);
      } catch (error) {
        await savepoint.rollbackToSavepoint('step').execute();
        stepFailed(step, error);
      }
      await savepoint.releaseSavepoint('step').execute();
    }
    await trx.commit().execute();
  } catch (error) {
    await trx
      .rollback()
      .execute()
      .catch(() => {});
    throw error;
  }
  return landed;
}
