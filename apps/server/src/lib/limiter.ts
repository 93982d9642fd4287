import { HttpError } from './errors.ts';

export interface Limiter {
  /** Runs `task` once fewer than the limit are running; refuses with 503 when too many already wait. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * At most `limit` tasks at once, the others in order of arrival. A bounded queue: past `maxWaiting`
 * a request is told to come back (503 with Retry-After) instead of holding memory for minutes.
 */
export function createLimiter(limit: number, maxWaiting: number, busyMessage: string): Limiter {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    // a waiting task takes over the slot, so `running` stays as it is
    if (next) next();
    else running -= 1;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limit) running += 1;
      else if (queue.length >= maxWaiting)
        throw new HttpError(503, 'Service Unavailable', busyMessage, { headers: { 'Retry-After': '2' } });
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
