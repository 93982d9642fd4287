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
  const { rows } = await sql<{ value: number | string }>`select value from counters where name = ${LAST_BACKUP}`.execute(db);
  return rows[0] ? new Date(Number(rows[0].value)) : undefined;
}

/**
 * Claims the next scheduled backup for this instance when the last one is at least `everyMs` old.
 * The claim is one conditional write: the database's row lock lets exactly one of several
 * instances that ask at once see its update count as 1.
 */
export async function claimScheduledBackup(db: Kysely<unknown>, everyMs: number, now: Date): Promise<boolean> {
  await sql`insert into counters (name, value) values (${LAST_BACKUP}, 0) on conflict (name) do nothing`.execute(db);
  const result = await sql`update counters set value = ${now.getTime()}
    where name = ${LAST_BACKUP} and value <= ${now.getTime() - everyMs}`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}
