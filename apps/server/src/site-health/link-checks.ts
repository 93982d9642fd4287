import { sql } from 'kysely';
import type { Db } from '../db/types.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import type { LinkOutcome } from './link-request.ts';

/** An address is checked again this long after its last check. */
const CHECK_EVERY_MS = 86_400_000;
/** How long a claimed address stays this instance's: an instance that dies mid-check frees it after this. */
export const LEASE_MS = 120_000;
/** Failing on this many days in a row makes a link broken: one bad day may be the other site's maintenance. */
const BROKEN_AFTER_DAYS = 2;

const iso = (at: Date, plusMs = 0) => new Date(at.getTime() + plusMs).toISOString();

/**
 * Keeps the checker's list to the addresses the content uses: new ones are due at once, ones no record uses any
 * more are forgotten (never requested again).
 */
export async function syncAddresses(db: Db, now: Date): Promise<void> {
  const fresh = await db
    .selectFrom('record_links as l')
    .leftJoin('link_checks as c', 'c.url', 'l.url')
    .select('l.url')
    .distinct()
    .where('c.url', 'is', null)
    .limit(1_000)
    .execute();
  if (fresh.length > 0)
    await writeTransaction(
      db,
      (trx) =>
        trx
          .insertInto('link_checks')
          .values(fresh.map(({ url }) => ({ url, host: new URL(url).host, due_at: iso(now) })))
          .onConflict((conflict) => conflict.column('url').doNothing())
          .execute(),
      { quiet: true },
    );
  await writeTransaction(
    db,
    (trx) =>
      sql`delete from link_checks where not exists (select 1 from record_links l where l.url = link_checks.url)`.execute(
        trx,
      ),
    { quiet: true },
  );
}

/**
 * Claims up to `limit` due addresses for this instance: each is taken by one conditional update, so of several
 * instances asking at once exactly one gets it, and an address whose lease ran out (its checker died) is due again.
 */
export async function claimDue(db: Db, now: Date, limit: number): Promise<{ url: string; host: string }[]> {
  const due = await db
    .selectFrom('link_checks')
    .select(['url', 'host'])
    .where('due_at', '<=', iso(now))
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', iso(now))]))
    .orderBy('due_at')
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  return writeTransaction(
    db,
    async (trx) => {
      const held: { url: string; host: string }[] = [];
      for (const row of due) {
        const taken = await trx
          .updateTable('link_checks')
          .set({ lease_until: iso(now, LEASE_MS) })
          .where('url', '=', row.url)
          .where('due_at', '<=', iso(now))
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', iso(now))]))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1) held.push(row);
      }
      return held;
    },
    { quiet: true },
  );
}

/** Keeps what a check found and when the address is due next; a failure on a new day counts towards broken. */
export async function recordOutcome(db: Db, url: string, outcome: LinkOutcome, now: Date): Promise<void> {
  const today = iso(now).slice(0, 10);
  await writeTransaction(
    db,
    async (trx) => {
      const row = await trx
        .selectFrom('link_checks')
        .select(['failed_days', 'last_failed_on'])
        .where('url', '=', url)
        .executeTakeFirst();
      if (!row) return;
      const next = { due_at: iso(now, CHECK_EVERY_MS), lease_until: null, checked_at: iso(now) };
      if (outcome.skipped) {
        await trx.updateTable('link_checks').set(next).where('url', '=', url).execute();
        return;
      }
      if (outcome.ok) {
        await trx
          .updateTable('link_checks')
          .set({ ...next, status: outcome.status, error: null, failed_days: 0, last_failed_on: null, broken: 0 })
          .where('url', '=', url)
          .execute();
        return;
      }
      const days = row.last_failed_on === today ? Number(row.failed_days) : Number(row.failed_days) + 1;
      await trx
        .updateTable('link_checks')
        .set({
          ...next,
          status: outcome.status,
          error: outcome.error,
          failed_days: days,
          last_failed_on: today,
          broken: days >= BROKEN_AFTER_DAYS ? 1 : 0,
        })
        .where('url', '=', url)
        .execute();
    },
    { quiet: true },
  );
}
