import type { Db } from '../db/types.ts';
import { startPeriodicTask } from '../lib/periodic-task.ts';
import { attemptDeliveries, type DeliveryDeps, type DeliveryRow } from './deliver.ts';
import { fanOut } from './fan-out.ts';

/** Attempts sent at once by one instance. */
const PARALLEL = 16;

export interface WorkerDeps extends DeliveryDeps {
  debounceMs: number;
}

/** Due attempts nobody holds, oldest first. */
async function dueAttempts(db: Db, now: Date): Promise<DeliveryRow[]> {
  const at = now.toISOString();
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
    .orderBy('next_attempt_at')
    .limit(PARALLEL)
    .execute();
}

/**
 * Moves committed events into deliveries and sends the due ones. Runs after each commit (a kick) and on a timer
 * (retries, the debounced `site.changed`, and whatever a stopped instance left); kicks while a round runs give
 * one more round, never two at once.
 */
export class WebhookWorker {
  readonly #deps: WorkerDeps;
  #running: Promise<void> | undefined;
  #again = false;

  constructor(deps: WorkerDeps) {
    this.#deps = deps;
  }

  get deps(): WorkerDeps {
    return this.#deps;
  }

  /** One round: every waiting event fanned out, then due attempts sent until none is left. */
  async runOnce(): Promise<void> {
    const { db, now, debounceMs } = this.#deps;
    while ((await fanOut(db, now(), debounceMs)) > 0);
    for (;;) {
      const due = await dueAttempts(db, now());
      if (due.length === 0) return;
      // none claimed: the rest are another instance's now, leave them to it
      if ((await attemptDeliveries(this.#deps, due)) === 0) return;
    }
  }

  /** Runs a round soon; a round already running is followed by one more. */
  kick(onError: (error: unknown) => void): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          await this.runOnce().catch(onError);
        } while (this.#again);
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }

  /** The timer; the returned stop waits for a round in progress. */
  start(intervalMs: number, onError: (error: unknown) => void): () => Promise<void> {
    const stopTimer = startPeriodicTask(() => this.kick(onError), intervalMs, onError);
    return async () => {
      await stopTimer();
      await this.#running;
    };
  }
}
