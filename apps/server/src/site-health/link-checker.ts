import fp from 'fastify-plugin';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/types.ts';
import { startPeriodicTask } from '../lib/periodic-task.ts';
import { systemResolver, type Resolver } from '../lib/outbound-addresses.ts';
import { claimDue, recordOutcome, syncAddresses } from './link-checks.ts';
import { checkLink } from './link-request.ts';

/** Requests at once, across all hosts. */
const CONCURRENCY = 4;
/** At most one request a second to any one host: a fund's links must never look like an attack. */
const HOST_SPACING_MS = 1_000;
/** Addresses claimed at a time: few enough to be done well within a lease even when each one times out. */
const BATCH = 8;
const TIMEOUT_MS = 10_000;
/** How often an instance looks for due addresses. */
const LOOK_EVERY_MS = 60_000;

export interface LinkCheckerOptions {
  resolve?: Resolver;
  /** Tests only: their servers listen on loopback. */
  allowPrivate?: boolean;
  now?: () => Date;
  timeoutMs?: number;
  /** Asked before each batch: a closing server claims nothing more and finishes what it holds. */
  stopping?: () => boolean;
}

/**
 * Checks every due address once: claims a batch, checks it with at most CONCURRENCY requests at once and one a
 * second per host, records each outcome, and goes on until nothing is due. Answers how many it checked.
 */
export async function runLinkChecks(db: Db, options: LinkCheckerOptions = {}): Promise<number> {
  const now = options.now ?? (() => new Date());
  const request = {
    resolve: options.resolve ?? systemResolver,
    allowPrivate: options.allowPrivate ?? false,
    timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
  };
  await syncAddresses(db, now());
  const nextAllowed = new Map<string, number>();
  let checked = 0;
  for (;;) {
    if (options.stopping?.()) return checked;
    const queue = await claimDue(db, now(), BATCH);
    if (queue.length === 0) return checked;
    const worker = async () => {
      while (queue.length > 0) {
        const wait = Math.min(...queue.map((item) => (nextAllowed.get(item.host) ?? 0) - Date.now()));
        if (wait > 0) await sleep(wait);
        const index = queue.findIndex((item) => (nextAllowed.get(item.host) ?? 0) <= Date.now());
        if (index < 0) continue;
        const [item] = queue.splice(index, 1);
        if (!item) continue;
        nextAllowed.set(item.host, Date.now() + HOST_SPACING_MS);
        const outcome = await checkLink(item.url, request);
        await recordOutcome(db, item.url, outcome, now());
        checked += 1;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }
}

/**
 * LINK_CHECK=on: every instance looks for due addresses each minute; each address is checked once a day by
 * whichever instance claims it. Off by default: it sends requests to other people's servers.
 */
export default fp<LinkCheckerOptions>(
  async (app, options) => {
    if (!app.config.linkCheck) return;
    let stop: (() => Promise<void>) | undefined;
    let closing = false;
    let running = false;
    const look = async () => {
      // a long day of checks outlasts the minute: the next look waits for it instead of starting beside it
      if (running) return;
      running = true;
      try {
        await runLinkChecks(app.db, { ...options, stopping: () => closing });
      } finally {
        running = false;
      }
    };
    app.addHook('onReady', async () => {
      stop = startPeriodicTask(look, LOOK_EVERY_MS, (error) =>
        app.log.error({ err: error }, 'checking links failed; the next look tries again'),
      );
    });
    app.addHook('onClose', async () => {
      closing = true;
      await stop?.();
    });
  },
  { name: 'bursary-link-checker', dependencies: ['bursary-db'] },
);
