import type { Selectable } from 'kysely';
import { type SecretBox, SecretKeyError } from '../auth/secret-box.ts';
import type { Database, Db } from '../db/types.ts';
import { type AttemptRow, OutboxQueue, type Outcome as AttemptOutcome } from '../outbox/queue.ts';
import { checkedAddress, parseWebhookUrl, RefusedAddressError, type Resolver } from '../lib/outbound-addresses.ts';
import { type PostOutcome, postOnce } from './http-post.ts';
import { signedHeaders } from './signing.ts';
import { openSecret } from './store.ts';

export type DeliveryRow = AttemptRow<'webhook_deliveries'>;
type DeliveryOutcome = AttemptOutcome<'webhook_deliveries'>;

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

const iso = (at: Date) => at.toISOString();

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
 * An attempt's outcome as the outbox records it: sent on a 2xx; otherwise failed and tried again after its pause
 * (same event id), unless the endpoint answered 410 Gone (the webhook is then turned off, with the reason), the
 * webhook is off, or the delivery is one tried once.
 */
function outcomeOf(row: DeliveryRow, outcome: Outcome): DeliveryOutcome {
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  return {
    ok,
    error: outcome.error ?? (ok ? null : `The endpoint answered ${outcome.status}.`),
    final: outcome.gone === true || outcome.status === 410 || TRIED_ONCE.has(row.type),
    columns: { status_code: outcome.status, duration_ms: outcome.durationMs, response: outcome.response },
    ...(outcome.status === 410
      ? {
          whenRecorded: async (trx: Db, now: Date) => {
            await trx
              .updateTable('webhooks')
              .set({
                enabled: 0,
                disabled_reason: `Turned off on ${iso(now)}: the endpoint answered 410 Gone, asking to be sent nothing more.`,
                updated_at: iso(now),
              })
              .where('id', '=', row.webhook_id)
              .execute();
          },
        }
      : {}),
  };
}

/** The webhooks the attempts go to, by id. */
async function hooksOf(db: Db, rows: DeliveryRow[]): Promise<Map<number, Hook>> {
  const hookIds = [...new Set(rows.map((row) => row.webhook_id))];
  if (hookIds.length === 0) return new Map();
  const hooks = await db.selectFrom('webhooks').selectAll().where('id', 'in', hookIds).execute();
  return new Map(hooks.map((hook) => [Number(hook.id), hook]));
}

/**
 * Webhook deliveries as an outbox queue: one attempt per event and webhook, grouped by webhook, sent as a signed
 * POST to the webhook's address.
 */
export function deliveryQueue(deps: DeliveryDeps): OutboxQueue<'webhook_deliveries'> {
  return new OutboxQueue({
    db: deps.db,
    table: 'webhook_deliveries',
    group: 'webhook_id',
    now: deps.now,
    retryDelaysMs: deps.retryDelaysMs,
    leaseMs: deps.leaseMs,
    deliverer: async (held) => {
      const hooks = await hooksOf(deps.db, held);
      return async (row) => outcomeOf(row, await send(deps, hooks.get(Number(row.webhook_id)), row));
    },
    carried: (row) => ({ webhook_id: row.webhook_id, event_id: row.event_id, type: row.type, payload: row.payload }),
  });
}

/** Sends the pending attempts this instance claims and waits for their outcomes. Answers how many it sent. */
export const attemptDeliveries = (deps: DeliveryDeps, rows: DeliveryRow[]): Promise<number> =>
  deliveryQueue(deps).attempt(rows);
