import { OutboxWorker } from '../outbox/worker.ts';
import { type DeliveryDeps, deliveryQueue } from './deliver.ts';
import { fanOut } from './fan-out.ts';

/** Attempts one instance has on the wire at once, over all webhooks. */
const PARALLEL = 16;
/**
 * Attempts one instance has on the wire at once for any one webhook: a receiver that never answers holds this
 * many slots for its time limit, and the others stay free for every other webhook.
 */
const PER_WEBHOOK = 4;

export interface WorkerDeps extends DeliveryDeps {
  debounceMs: number;
}

/**
 * The webhooks' outbox worker: before each round it moves committed events into deliveries (one per subscribed
 * webhook, `site.changed` debounced), then sends the due ones as the outbox does, at most PER_WEBHOOK at once to
 * any one webhook.
 */
export class WebhookWorker extends OutboxWorker<'webhook_deliveries'> {
  readonly #deps: WorkerDeps;

  constructor(deps: WorkerDeps) {
    super(deliveryQueue(deps), { parallel: PARALLEL, perGroup: PER_WEBHOOK }, () =>
      fanOut(deps.db, deps.now(), deps.debounceMs),
    );
    this.#deps = deps;
  }

  get deps(): WorkerDeps {
    return this.#deps;
  }
}
