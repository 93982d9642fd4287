import { startPeriodicTask } from '../lib/periodic-task.ts';
import type { AttemptRow, OutboxQueue, OutboxTable, Outcome } from './queue.ts';

export interface WorkerLimits {
  /** Attempts one instance has on the wire at once, over all groups. */
  parallel: number;
  /**
   * Attempts one instance has on the wire at once for any one group: a recipient that never answers holds this
   * many slots for its time limit, and the others stay free for every other group.
   */
  perGroup: number;
}

/**
 * Moves messages waiting into attempts before a round looks for due ones (e.g. one attempt per recipient of an
 * event); answers how many messages it took, and is called again until it takes none.
 */
export type Prepare = () => Promise<number>;

/**
 * Sends a queue's due attempts. Runs after each commit (a kick), when an attempt finishes and frees its slot, and
 * on a timer (retries, and whatever a stopped instance left); kicks while a round runs give one more round, never
 * two at once. A round starts attempts and does not wait for their answers, so one slow recipient delays only its
 * own group's attempts.
 */
export class OutboxWorker<T extends OutboxTable> {
  readonly #queue: OutboxQueue<T>;
  readonly #limits: WorkerLimits;
  readonly #prepare: Prepare | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  /** A kick other than a commit's came since the last round began. */
  #fullRound = false;
  /** Attempts on the wire, by group. */
  readonly #busy = new Map<number, number>();
  readonly #sending = new Set<Promise<void>>();
  /** Called when an attempt finishes (the timer's owner kicks another round). */
  #onFinished: (() => void) | undefined;

  constructor(queue: OutboxQueue<T>, limits: WorkerLimits, prepare?: Prepare) {
    this.#queue = queue;
    this.#limits = limits;
    this.#prepare = prepare;
  }

  /**
   * Every waiting message prepared, then due attempts started while there is room. Answers how many started.
   * `newOnly`: only what preparing adds is looked for (after a commit, which adds no attempt that is due for
   * another reason: retries and what another instance left are the timer's).
   */
  async #startDue(newOnly = false): Promise<number> {
    let prepared = 0;
    if (this.#prepare)
      for (let taken = await this.#prepare(); taken > 0; taken = await this.#prepare()) prepared += taken;
    if (newOnly && prepared === 0) return 0;
    const { parallel, perGroup } = this.#limits;
    let started = 0;
    for (;;) {
      const room = parallel - this.#sending.size;
      if (room <= 0) return started;
      const full = [...this.#busy].filter(([, n]) => n >= perGroup).map(([id]) => id);
      const picked = this.#pick(await this.#queue.due(this.#queue.kind.now(), full, parallel), room);
      if (picked.length === 0) return started;
      const { lease, held } = await this.#queue.claim(picked);
      // none claimed: the rest are another instance's now, leave them to it
      if (held.length === 0) return started;
      const send = await this.#queue.kind.deliverer(held);
      for (const row of held) this.#send(send, row, lease);
      started += held.length;
    }
  }

  /** Of the due attempts, those that fit: at most `room`, and at most perGroup on the wire for each group. */
  #pick(due: AttemptRow<T>[], room: number): AttemptRow<T>[] {
    const taken = new Map<number, number>();
    const picked: AttemptRow<T>[] = [];
    for (const row of due) {
      const id = this.#queue.groupOf(row);
      const n = (this.#busy.get(id) ?? 0) + (taken.get(id) ?? 0);
      if (n >= this.#limits.perGroup || picked.length >= room) continue;
      taken.set(id, (taken.get(id) ?? 0) + 1);
      picked.push(row);
    }
    return picked;
  }

  #send(send: (row: AttemptRow<T>) => Promise<Outcome<T>>, row: AttemptRow<T>, lease: string): void {
    const id = this.#queue.groupOf(row);
    this.#busy.set(id, (this.#busy.get(id) ?? 0) + 1);
    const sending: Promise<void> = this.#queue
      .deliverClaimed(send, row, lease)
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

  /** Every waiting message prepared and every due attempt sent, waiting for their outcomes, until none is left. */
  async runOnce(): Promise<void> {
    for (;;) {
      const started = await this.#startDue();
      if (started === 0 && this.#sending.size === 0) return;
      await Promise.race(this.#sending);
    }
  }

  /**
   * Starts a round soon; a round already running is followed by one more. `afterCommit`: the kick of a commit, whose
   * round looks for due attempts only when preparing took some messages (most commits queue none).
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
