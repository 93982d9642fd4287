import { type Kysely, sql } from 'kysely';

/**
 * A periodic job several instances share (a scheduled backup, pruning) is done once per period by whichever
 * instance claims it. The time of the last claim is a row of `counters` (milliseconds since 1970); a claim is one
 * conditional write, so of several instances asking at once exactly one updates the row.
 *
 * Answers the time the claim replaced (to give it back if the job fails), or undefined when the job is not due or
 * another instance claimed it first.
 */
export async function claimPeriod<T>(
  db: Kysely<T>,
  name: string,
  everyMs: number,
  now: Date,
): Promise<number | undefined> {
  await sql`insert into counters (name, value) values (${name}, 0) on conflict (name) do nothing`.execute(db);
  const { rows } = await sql<{
    value: number | string;
  }>`select value from counters where name = ${name}`.execute(db);
  const previous = Number(rows[0]?.value ?? 0);
  if (previous > now.getTime() - everyMs) return undefined;
  const result =
    await sql`update counters set value = ${now.getTime()} where name = ${name} and value = ${previous}`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1 ? previous : undefined;
}

/** Gives a claim back after a failed job, so the next look tries again. */
export async function releasePeriod<T>(db: Kysely<T>, name: string, claimedAt: Date, previous: number): Promise<void> {
  await sql`update counters set value = ${previous} where name = ${name} and value = ${claimedAt.getTime()}`.execute(
    db,
  );
}
