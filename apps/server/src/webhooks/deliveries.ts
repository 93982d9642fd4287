import type { WebhookDelivery } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { DeliveryRow } from './deliver.ts';
import { newEventId } from './outbox.ts';

/** An attempt as the deliveries list answers it. */
export type DeliveryView = WebhookDelivery;

export const toDeliveryView = (row: DeliveryRow): DeliveryView => ({
  id: Number(row.id),
  event_id: row.event_id,
  type: row.type,
  attempt: Number(row.attempt),
  // the column holds only these three (the worker writes no other)
  state: row.state as DeliveryView['state'],
  status_code: row.status_code === null ? null : Number(row.status_code),
  duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
  response: row.response,
  error: row.error,
  next_attempt_at: row.next_attempt_at,
  sent_at: row.sent_at,
  created_at: row.created_at,
});

/** A webhook's attempts, newest first, and how many there are. */
export async function listDeliveries(
  db: Db,
  webhookId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: DeliveryView[]; total: number }> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { total } = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('webhook_id', '=', webhookId)
    .executeTakeFirstOrThrow();
  return { rows: rows.map(toDeliveryView), total: Number(total) };
}

/** One more attempt of a finished delivery, now, under the same event id (receivers see it as the same event). */
export async function queueRetry(trx: Db, webhookId: number, deliveryId: number, now: string): Promise<DeliveryRow> {
  const row = await trx
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', deliveryId)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(`No delivery with id ${deliveryId} for webhook ${webhookId}.`);
  const attempts = await trx
    .selectFrom('webhook_deliveries')
    .select(['attempt', 'state'])
    .where('webhook_id', '=', webhookId)
    .where('event_id', '=', row.event_id)
    .execute();
  if (attempts.some((a) => a.state === 'pending'))
    throw new ConflictError('This delivery already has an attempt waiting to be sent.');
  const attempt = Math.max(...attempts.map((a) => Number(a.attempt))) + 1;
  return insertAttempt(trx, { ...row, attempt }, now);
}

/** A test delivery: a `ping` event naming the webhook, tried once. */
export const queuePing = (trx: Db, webhookId: number, now: string): Promise<DeliveryRow> =>
  insertAttempt(
    trx,
    {
      webhook_id: webhookId,
      event_id: newEventId(),
      type: 'ping',
      payload: JSON.stringify({ type: 'ping', timestamp: now, data: { webhook_id: webhookId } }),
      attempt: 1,
    },
    now,
  );

async function insertAttempt(
  trx: Db,
  of: Pick<DeliveryRow, 'webhook_id' | 'event_id' | 'type' | 'payload' | 'attempt'>,
  now: string,
): Promise<DeliveryRow> {
  return trx
    .insertInto('webhook_deliveries')
    .values({
      webhook_id: of.webhook_id,
      event_id: of.event_id,
      type: of.type,
      payload: of.payload,
      attempt: of.attempt,
      next_attempt_at: now,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
