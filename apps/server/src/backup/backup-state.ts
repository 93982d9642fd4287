import { type Kysely, sql } from 'kysely';

/**
 * When the last backup was made, kept in the database's `counters` table (milliseconds since
 * 1970) so every instance sees it: the metrics' backup age and the schedule read it. The counters
 * are not backed up, so a restored database starts with no backup recorded.
 */
const LAST_BACKUP = 'backup:last';

export async function recordBackupMade(db: Kysely<unknown>, at: Date): Promise<void> {
  try {
    await sql`insert into counters (name, value) values (${LAST_BACKUP}, ${at.getTime()})
      on conflict (name) do update set value = excluded.value`.execute(db);
  } catch {
    // a database older than the counters (migration 003) has nowhere to note it; the backup stands
  }
}

export async function lastBackupAt(db: Kysely<unknown>): Promise<Date | undefined> {
  const { rows } = await sql<{
    value: number | string;
  }>`select value from counters where name = ${LAST_BACKUP}`.execute(db);
  return rows[0] ? new Date(Number(rows[0].value)) : undefined;
}

/**
 * Claims the next scheduled backup for this instance when the last one is at least `everyMs` old,
 * and returns the time it replaces (to give the claim back if the backup fails), or undefined when
 * it is not due or another instance claimed it first. The claim is one conditional write: the
 * database's row lock lets exactly one of several instances asking at once update the row.
 */
export async function claimScheduledBackup(
  db: Kysely<unknown>,
  everyMs: number,
  now: Date,
): Promise<number | undefined> {
  await sql`insert into counters (name, value) values (${LAST_BACKUP}, 0) on conflict (name) do nothing`.execute(db);
  const { rows } = await sql<{
    value: number | string;
  }>`select value from counters where name = ${LAST_BACKUP}`.execute(db);
  const previous = Number(rows[0]?.value ?? 0);
  if (previous > now.getTime() - everyMs) return undefined;
  const result =
    await sql`update counters set value = ${now.getTime()} where name = ${LAST_BACKUP} and value = ${previous}`.execute(
      db,
    );
  return Number(result.numAffectedRows ?? 0) === 1 ? previous : undefined;
}

/** Gives a claim back after a failed backup, so the next check tries again. */
export async function releaseClaim(db: Kysely<unknown>, claimedAt: Date, previous: number): Promise<void> {
  await sql`update counters set value = ${previous} where name = ${LAST_BACKUP} and value = ${claimedAt.getTime()}`.execute(
    db,
  );
}
