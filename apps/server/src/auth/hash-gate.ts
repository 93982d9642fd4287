import { hashingBusy } from './errors.ts';

/**
 * At most `concurrency` password hashes at once and at most `queueLength` waiting; past that a
 * hash is refused at once (503). Each scrypt takes 128 MiB and a thread of the pool that file
 * reads and compression share, so an uncapped burst of sign-ins stalls every other request
 * (issue 11). p-limit and p-queue wait without bound; refusing when the queue is full is the part
 * that matters here, so this is the few lines it takes.
 */
export class HashGate {
  readonly #concurrency: number;
  readonly #queueLength: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(concurrency: number, queueLength: number) {
    this.#concurrency = concurrency;
    this.#queueLength = queueLength;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running < this.#concurrency) this.#running++;
    else if (this.#waiting.length < this.#queueLength) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else throw hashingBusy();
    try {
      return await work();
    } finally {
      // the slot passes straight to the next in line, or is freed
      const next = this.#waiting.shift();
      if (next) next(); else this.#running--;
    }
  }
}
