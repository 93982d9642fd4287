import { type Kysely, sql } from 'kysely';
import { claimPeriod, releasePeriod } from '../db/period-claims.ts';

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
 * Claims the next scheduled backup for this instance when the last one is at least `everyMs` old (see
 * claimPeriod): the time it replaces, or undefined when it is not due or another instance claimed it first.
 */
export const claimScheduledBackup = (db: Kysely<unknown>, everyMs: number, now: Date): Promise<number | undefined> =>
  claimPeriod(db, LAST_BACKUP, everyMs, now);

/** Gives a claim back after a failed backup, so the next check tries again. */
export const releaseClaim = (db: Kysely<unknown>, claimedAt: Date, previous: number): Promise<void> =>
  releasePeriod(db, LAST_BACKUP, claimedAt, previous);
