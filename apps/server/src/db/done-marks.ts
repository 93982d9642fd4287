import { type Kysely, sql } from 'kysely';

/**
 * One-off jobs (moving pasted images out of rich text, checking every record's site health) note in `counters` that
 * they finished, and for which version of themselves, so a later start-up asks one row and moves on. Every mark's
 * name starts with `done:`, so a restore, which may bring back content older than any job, forgets them all at once.
 */
const PREFIX = 'done:';

export const doneMark = (job: string): string => `${PREFIX}${job}`;

/** The version the job last finished at, or undefined when it never did (or a restore forgot it). */
export async function doneVersion<T>(db: Kysely<T>, mark: string): Promise<number | undefined> {
  const { rows } = await sql<{ value: number | string }>`select value from counters where name = ${mark}`.execute(db);
  return rows[0] === undefined ? undefined : Number(rows[0].value);
}

export async function markDone<T>(db: Kysely<T>, mark: string, version = 1): Promise<void> {
  await sql`insert into counters (name, value) values (${mark}, ${version})
    on conflict (name) do update set value = excluded.value`.execute(db);
}

/** Makes every one-off job look at all the content again at the next start. */
export async function forgetDoneMarks<T>(db: Kysely<T>): Promise<void> {
  await sql`delete from counters where name like ${`${PREFIX}%`}`.execute(db);
}
