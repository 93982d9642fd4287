import type { Db } from '../db/types.ts';
import { startPeriodicTask } from '../lib/periodic-task.ts';
import { claimAttempts, deliverClaimed, type DeliveryDeps, type DeliveryRow, hooksOf } from './deliver.ts';
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

/** Due attempts nobody holds, oldest first, leaving out the webhooks named in `full`. */
async function dueAttempts(db: Db, now: Date, full: number[], limit: number): Promise<DeliveryRow[]> {
  const at = now.toISOString();
  let query = db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]));
  if (full.length > 0) query = query.where('webhook_id', 'not in', full);
  return query.orderBy('next_attempt_at').orderBy('id').limit(limit).execute();
}

/**
 * Moves committed events into deliveries and sends the due ones. Runs after each commit (a kick), when an attempt
 * finishes and frees its slot, and on a timer (retries, the debounced `site.changed`, and whatever a stopped
 * instance left); kicks while a round runs give one more round, never two at once. A round starts attempts and
 * does not wait for their answers, so one slow receiver delays only its own webhook's attempts.
 */
export class WebhookWorker {
  readonly #deps: WorkerDeps;
  #running: Promise<void> | undefined;
  #again = false;
  /** A kick other than a commit's came since the last round began. */
  #fullRound = false;
  /** Attempts on the wire, by webhook id. */
  readonly #busy = new Map<number, number>();
  readonly #sending = new Set<Promise<void>>();
  /** Called when an attempt finishes (the timer's owner kicks another round). */
  #onFinished: (() => void) | undefined;

  constructor(deps: WorkerDeps) {
    this.#deps = deps;
  }

  get deps(): WorkerDeps {
    return this.#deps;
  }

  /**
   * Every waiting event fanned out, then due attempts started while there is room. Answers how many started.
   * `newOnly`: only what fanning out adds is looked for (after a commit, which adds no attempt that is due for
   * another reason: retries and what another instance left are the timer's).
   */
  async #startDue(newOnly = false): Promise<number> {
    const { db, now, debounceMs } = this.#deps;
    let fanned = 0;
    for (let taken = await fanOut(db, now(), debounceMs); taken > 0; taken = await fanOut(db, now(), debounceMs))
      fanned += taken;
    if (newOnly && fanned === 0) return 0;
    let started = 0;
    for (;;) {
      const room = PARALLEL - this.#sending.size;
      if (room <= 0) return started;
      const full = [...this.#busy].filter(([, n]) => n >= PER_WEBHOOK).map(([id]) => id);
      const picked = this.#pick(await dueAttempts(db, now(), full, PARALLEL), room);
      if (picked.length === 0) return started;
      const { lease, held } = await claimAttempts(this.#deps, picked);
      // none claimed: the rest are another instance's now, leave them to it
      if (held.length === 0) return started;
      const hooks = await hooksOf(db, held);
      for (const row of held) this.#send(row, hooks, lease);
      started += held.length;
    }
  }

  /** Of the due attempts, those that fit: at most `room`, and at most PER_WEBHOOK on the wire for each webhook. */
  #pick(due: DeliveryRow[], room: number): DeliveryRow[] {
    const taken = new Map<number, number>();
    const picked: DeliveryRow[] = [];
    for (const row of due) {
      const id = Number(row.webhook_id);
      const n = (this.#busy.get(id) ?? 0) + (taken.get(id) ?? 0);
      if (n >= PER_WEBHOOK || picked.length >= room) continue;
      taken.set(id, (taken.get(id) ?? 0) + 1);
      picked.push(row);
    }
    return picked;
  }

  #send(row: DeliveryRow, hooks: Awaited<ReturnType<typeof hooksOf>>, lease: string): void {
    const id = Number(row.webhook_id);
    this.#busy.set(id, (this.#busy.get(id) ?? 0) + 1);
    const sending: Promise<void> = deliverClaimed(this.#deps, hooks.get(id), row, lease)
      // an outcome not recorded is sent again once the lease runs out
      .catch(() => undefined)
      .finally(() => {
        const left = (this.#busy.get(id) ?? 1) - 1;
        if (left > 0) this.#busy.set(id, left);
        else this.#busy.delete(id);
        this.#sending.delete(sending);
        this.#onFinished?.();
      });
    this.#sending.add(sending);
  }

  /** Every waiting event fanned out and every due attempt sent, waiting for their outcomes, until none is left. */
  async runOnce(): Promise<void> {
    for (;;) {
      const started = await this.#startDue();
      if (started === 0 && this.#sending.size === 0) return;
      await Promise.race(this.#sending);
    }
  }

  /**
   * Starts a round soon; a round already running is followed by one more. `afterCommit`: the kick of a commit, whose
   * round looks for due attempts only when the commit's events gave some (most commits queue none).
   */
  kick(onError: (error: unknown) => void, afterCommit = false): Promise<void> {
    // a full round asked for while one runs is not narrowed by a commit's kick that follows it
    this.#fullRound ||= !afterCommit;
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          const newOnly = !this.#fullRound;
          this.#fullRound = false;
          await this.#startDue(newOnly).catch(onError);
        } while (this.#again);
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }

  /** The timer; the returned stop waits for a round in progress and the attempts on the wire. */
  start(intervalMs: number, onError: (error: unknown) => void): () => Promise<void> {
    this.#onFinished = () => void this.kick(onError);
    const stopTimer = startPeriodicTask(() => this.kick(onError), intervalMs, onError);
    return async () => {
      this.#onFinished = undefined;
      await stopTimer();
      await this.#running;
      await Promise.all(this.#sending);
    };
  }
}
