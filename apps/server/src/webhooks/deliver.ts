import type { Selectable } from 'kysely';
import { type SecretBox, SecretKeyError } from '../auth/secret-box.ts';
import type { Database, Db } from '../db/types.ts';
import { bookkeeping } from './bookkeeping.ts';
import { checkedAddress, parseWebhookUrl, RefusedAddressError, type Resolver } from '../lib/outbound-addresses.ts';
import { type PostOutcome, postOnce } from './http-post.ts';
import { signedHeaders } from './signing.ts';
import { openSecret } from './store.ts';

export type DeliveryRow = Selectable<Database['webhook_deliveries']>;

/** Pauses before each retry of a failed attempt: after the last, the delivery has failed. */
export const RETRY_DELAYS_MS = [5_000, 60_000, 600_000, 3_600_000, 21_600_000];

export interface DeliveryDeps {
  db: Db;
  box: SecretBox;
  allowPrivate: boolean;
  resolve: Resolver;
  now: () => Date;
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  /** How long a claimed attempt is its instance's; after that another may send it (its sender died). */
  leaseMs: number;
}

/** A test delivery is tried once: the administrator asking for it sees its outcome and tries again. */
const TRIED_ONCE = new Set(['ping']);

const iso = (at: Date, plusMs = 0) => new Date(at.getTime() + plusMs).toISOString();

/**
 * Claims the attempts for this instance in one write: only one instance's update finds an attempt pending and
 * unleased (or its lease run out). Answers the lease and the attempts this instance now holds.
 */
export async function claimAttempts(
  deps: DeliveryDeps,
  rows: DeliveryRow[],
): Promise<{ lease: string; held: DeliveryRow[] }> {
  const now = deps.now();
  const lease = iso(now, deps.leaseMs);
  const claimed = await bookkeeping(deps.db, (trx) =>
    trx
      .updateTable('webhook_deliveries')
      .set({ lease_until: lease })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .where('state', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', iso(now))]))
      .returning('id')
      .execute(),
  );
  const ids = new Set(claimed.map((row) => Number(row.id)));
  return { lease, held: rows.filter((row) => ids.has(Number(row.id))) };
}

type Hook = Selectable<Database['webhooks']>;
type Outcome = PostOutcome & { gone?: boolean };

async function send(deps: DeliveryDeps, hook: Hook | undefined, row: DeliveryRow): Promise<Outcome> {
  if (!hook || Number(hook.enabled) === 0)
    return { status: null, response: null, durationMs: 0, error: 'The webhook is turned off.', gone: true };
  try {
    const url = parseWebhookUrl(hook.url);
    const target = await checkedAddress(url, deps.allowPrivate, deps.resolve);
    const headers = signedHeaders(openSecret(deps.box, hook), row.event_id, deps.now(), row.payload);
    return await postOnce(url, target, { 'user-agent': 'Bursary-Webhooks', ...headers }, row.payload, deps.timeoutMs);
  } catch (error) {
    // a refused address or a secret the key no longer opens says so; nothing else reaches the delivery list
    const known = error instanceof RefusedAddressError || error instanceof SecretKeyError;
    return {
      status: null,
      response: null,
      durationMs: 0,
      error: known ? error.message : 'The delivery could not be prepared.',
    };
  }
}

/**
 * Records an attempt's outcome: sent on a 2xx; otherwise failed, with the next attempt queued after its pause
 * (same event id), unless the pauses are spent, the endpoint answered 410 Gone (the webhook is then turned off,
 * with the reason) or the webhook is off.
 */
async function record(deps: DeliveryDeps, trx: Db, row: DeliveryRow, lease: string, outcome: Outcome, now: Date) {
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const delay = deps.retryDelaysMs[row.attempt - 1];
  const retry = !ok && !outcome.gone && outcome.status !== 410 && delay !== undefined && !TRIED_ONCE.has(row.type);
  const recorded = await trx
    .updateTable('webhook_deliveries')
    .set({
      state: ok ? 'sent' : 'failed',
      sent_at: iso(now),
      status_code: outcome.status,
      duration_ms: outcome.durationMs,
      response: outcome.response,
      error: outcome.error ?? (ok ? null : `The endpoint answered ${outcome.status}.`),
      lease_until: null,
    })
    .where('id', '=', row.id)
    .where('lease_until', '=', lease)
    .executeTakeFirst();
  // the lease ran out and another instance took the attempt over: its outcome is the one kept
  if (Number(recorded.numUpdatedRows) !== 1) return;
  if (outcome.status === 410)
    await trx
      .updateTable('webhooks')
      .set({
        enabled: 0,
        disabled_reason: `Turned off on ${iso(now)}: the endpoint answered 410 Gone, asking to be sent nothing more.`,
        updated_at: iso(now),
      })
      .where('id', '=', row.webhook_id)
      .execute();
  if (retry)
    await trx
      .insertInto('webhook_deliveries')
      .values({
        webhook_id: row.webhook_id,
        event_id: row.event_id,
        type: row.type,
        payload: row.payload,
        attempt: row.attempt + 1,
        next_attempt_at: iso(now, delay),
        created_at: iso(now),
      })
      .execute();
}

/** The webhooks the attempts go to, by id. */
export async function hooksOf(db: Db, rows: DeliveryRow[]): Promise<Map<number, Hook>> {
  const hookIds = [...new Set(rows.map((row) => row.webhook_id))];
  if (hookIds.length === 0) return new Map();
  const hooks = await db.selectFrom('webhooks').selectAll().where('id', 'in', hookIds).execute();
  return new Map(hooks.map((hook) => [Number(hook.id), hook]));
}

/**
 * Sends one claimed attempt and records its outcome in a write of its own, so a slow answer holds up no other
 * attempt's record.
 */
export async function deliverClaimed(deps: DeliveryDeps, hook: Hook | undefined, row: DeliveryRow, lease: string) {
  const outcome = await send(deps, hook, row);
  const now = deps.now();
  await bookkeeping(deps.db, (trx) => record(deps, trx, row, lease, outcome, now));
}

/** Sends the pending attempts this instance claims and waits for their outcomes. Answers how many it sent. */
export async function attemptDeliveries(deps: DeliveryDeps, rows: DeliveryRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const { lease, held } = await claimAttempts(deps, rows);
  const hooks = await hooksOf(deps.db, held);
  await Promise.all(held.map((row) => deliverClaimed(deps, hooks.get(Number(row.webhook_id)), row, lease)));
  return held.length;
}
