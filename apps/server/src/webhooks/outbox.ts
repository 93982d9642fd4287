import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { ONE_ROW } from '../db/plan-independent.ts';

export type { WebhookEvent };

/** The `data` of a record event: which record, what happened, and the revision that keeps it. */
export interface RecordEventData {
  section: string;
  id: number;
  title: string | null;
  action: string;
  revision_id: number | null;
  username: string;
  /** A change written in one language: that language, or null when it changed shared fields or the default's. */
  locale: string | null;
}

/** The Standard Webhooks message id of an event: the same on every attempt, so receivers can drop repeats. */
export const newEventId = (): string => `msg_${randomUUID().replaceAll('-', '')}`;

const firstWebhookOn = preparedQuery((db: Db) =>
  db.selectFrom('webhooks').select('id').where('enabled', '=', 1).limit(ONE_ROW),
);

/**
 * Whether any webhook is on, read in the caller's transaction: with none, a write queues nothing and pays one
 * indexed read. A webhook turned on after this transaction began hears of later changes only, as it would anyway.
 */
async function anyWebhookOn(trx: Db): Promise<boolean> {
  return (await firstWebhookOn(trx)).rows.length > 0;
}

async function insertEvent(trx: Db, type: WebhookEvent, data: object, now: string): Promise<void> {
  await trx
    .insertInto('webhook_outbox')
    .values({
      event_id: newEventId(),
      type,
      payload: JSON.stringify({ type, timestamp: now, data }),
      created_at: now,
    })
    .execute();
}

/**
 * Queues an event in the caller's transaction: it exists once the change commits, and never when the change
 * is rolled back (to its savepoint too), so nothing is sent for a change that did not happen.
 */
export async function enqueueEvent(trx: Db, type: WebhookEvent, data: object, now: string): Promise<void> {
  if (await anyWebhookOn(trx)) await insertEvent(trx, type, data, now);
}

const firstSiteChange = preparedQuery((db: Db) =>
  db.selectFrom('webhook_outbox').select('id').where('type', '=', 'site.changed').limit(ONE_ROW),
);

/**
 * Queues a change the website can see: its record event, and a note that the website's content changed. One
 * waiting note is enough: the worker sends `site.changed` once the oldest waiting note is old enough, so a burst
 * of changes gives one event. Two writers that both find none may each add one; the worker sends them as one.
 */
export async function enqueueVisibleChange(trx: Db, type: WebhookEvent, data: object, now: string): Promise<void> {
  if (!(await anyWebhookOn(trx))) return;
  await insertEvent(trx, type, data, now);
  const { rows: waiting } = await firstSiteChange(trx);
  if (waiting.length === 0) await insertEvent(trx, 'site.changed', {}, now);
}

/**
 * Queues only the note that the website's content changed, for a change that is no record's (a language launched,
 * hidden or removed): the worker sends it as `site.changed` with the others, debounced the same way.
 */
export async function enqueueSiteChanged(trx: Db, now: string): Promise<void> {
  if (!(await anyWebhookOn(trx))) return;
  const { rows: waiting } = await firstSiteChange(trx);
  if (waiting.length === 0) await insertEvent(trx, 'site.changed', {}, now);
}
