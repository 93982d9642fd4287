import type { Insertable } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { Database, Db } from '../db/types.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { ONE_ROW } from '../db/plan-independent.ts';
import { bookkeeping } from '../outbox/bookkeeping.ts';
import { subscribes } from './store.ts';

/** Outbox rows taken per transaction. */
const BATCH = 100;

const firstWaiting = preparedQuery((db: Db) => db.selectFrom('webhook_outbox').select('id').limit(ONE_ROW));

/**
 * Turns committed outbox events into one pending delivery per subscribed, enabled webhook, and deletes them, in
 * one transaction: an event becomes deliveries once, however many instances run this at once (PostgreSQL skips
 * rows another instance holds; on SQLite writers take turns, and the delete names only rows still there).
 * `site.changed` waits until its oldest note is `debounceMs` old; then every waiting note gives one event.
 * Answers how many events were taken.
 */
export async function fanOut(db: Db, now: Date, debounceMs: number): Promise<number> {
  // most commits queue no event (no webhook is on, or the change was a draft's): a read, not a write, tells
  if ((await firstWaiting(db)).rows.length === 0) return 0;
  return bookkeeping(db, async (trx) => {
    let query = trx.selectFrom('webhook_outbox').selectAll().orderBy('id').limit(BATCH);
    if (dialectOf(db) === 'postgres') query = query.forUpdate().skipLocked();
    const rows = await query.execute();
    const firstSiteChange = rows.find((row) => row.type === 'site.changed');
    const siteDue =
      firstSiteChange !== undefined && firstSiteChange.created_at <= new Date(now.getTime() - debounceMs).toISOString();
    const taken = rows.filter((row) => row.type !== 'site.changed' || siteDue);
    if (taken.length === 0) return 0;
    const deleted = await trx
      .deleteFrom('webhook_outbox')
      .where(
        'id',
        'in',
        taken.map((row) => row.id),
      )
      .returning('id')
      .execute();
    const stillThere = new Set(deleted.map((row) => Number(row.id)));
    // each webhook's event list is read once per round, not once per event
    const hooks = (await trx.selectFrom('webhooks').select(['id', 'events']).where('enabled', '=', 1).execute()).map(
      (hook) => ({ id: Number(hook.id), events: JSON.parse(hook.events) as string[] }),
    );
    const at = now.toISOString();
    const deliveries: Insertable<Database['webhook_deliveries']>[] = [];
    let siteSent = false;
    for (const row of taken) {
      if (!stillThere.has(Number(row.id))) continue;
      let payload = row.payload;
      if (row.type === 'site.changed') {
        if (siteSent) continue;
        siteSent = true;
        payload = JSON.stringify({ type: row.type, timestamp: at, data: {} });
      }
      for (const hook of hooks) {
        if (!subscribes(hook.events, row.type)) continue;
        deliveries.push({
          webhook_id: hook.id,
          event_id: row.event_id,
          type: row.type,
          payload,
          attempt: 1,
          next_attempt_at: at,
          created_at: at,
        });
      }
    }
    for (let start = 0; start < deliveries.length; start += BATCH)
      await trx
        .insertInto('webhook_deliveries')
        .values(deliveries.slice(start, start + BATCH))
        .execute();
    return stillThere.size;
  });
}
