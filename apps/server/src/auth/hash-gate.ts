import { hashingBusy } from './errors.ts';

/**
 * Which line a hash waits in. A sign-in from a known device (one that has signed in as that user
 * before) waits in a line of its own, served first, so a flood of sign-ins to unknown usernames
 * from rotating addresses cannot keep the owner's browser out.
 */
export type HashLane = 'known-device' | 'other';

/**
 * At most `concurrency` password hashes at once and at most `queueLength` waiting per lane; past
 * that a hash is refused at once (503). Each scrypt takes 128 MiB and a thread of the pool that file
 * reads and compression share, so an uncapped burst of sign-ins stalls every other request
 *. p-limit and p-queue wait without bound; refusing when the queue is full is the part
 * that matters here, so this is the few lines it takes.
 */
export class HashGate {
  readonly #concurrency: number;
  readonly #queueLength: number;
  #running = 0;
  readonly #waiting: Record<HashLane, (() => void)[]> = { 'known-device': [], other: [] };

  constructor(concurrency: number, queueLength: number) {
    this.#concurrency = concurrency;
    this.#queueLength = queueLength;
  }

  async run<T>(work: () => Promise<T>, lane: HashLane = 'other'): Promise<T> {
    const line = this.#waiting[lane];
    if (this.#running < this.#concurrency) this.#running++;
    else if (line.length < this.#queueLength) await new Promise<void>((resolve) => line.push(resolve));
    else throw hashingBusy();
    try {
      return await work();
    } finally {
      // the slot passes straight to the next in line, known devices first, or is freed
      const next = this.#waiting['known-device'].shift() ?? this.#waiting.other.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
