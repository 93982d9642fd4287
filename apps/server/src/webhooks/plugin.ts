import type { FastifyInstance } from 'fastify';
import { SecretBox } from '../auth/secret-box.ts';
import { onWriteCommitted } from '../db/write-transaction.ts';
import { type Resolver, systemResolver } from '../lib/outbound-addresses.ts';
import { RETRY_DELAYS_MS } from './deliver.ts';
import { startDeliveryRetention } from './retention.ts';
import { registerWebhookRoutes } from './routes.ts';
import { WebhookWorker } from './worker.ts';

/** What tests change: the clock, the pauses, the time limits and the resolver; and whether the worker runs at all. */
export interface WebhookOptions {
  /** false: no timer and no kicks (a test drives a worker itself); a ping is still sent at once. */
  background?: boolean;
  now?: () => Date;
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  leaseMs?: number;
  pollMs?: number;
  resolve?: Resolver;
}

/** An attempt gets this long for an answer. */
const TIMEOUT_MS = 10_000;
/** Well beyond the time limit: a live sender has always finished by then. */
const LEASE_MS = 60_000;
/** How often waiting retries and the debounced `site.changed` are looked for. */
const POLL_MS = 2_000;

/** The webhooks API and the worker that sends them, started when the app is ready and stopped when it closes. */
export default async function webhooksPlugin(app: FastifyInstance, options: WebhookOptions) {
  const { config, db } = app;
  const worker = new WebhookWorker({
    db,
    box: new SecretBox({ secretKey: config.secretKey, dataDir: config.dataDir }),
    allowPrivate: config.webhookAllowPrivate,
    resolve: options.resolve ?? systemResolver,
    now: options.now ?? (() => new Date()),
    retryDelaysMs: options.retryDelaysMs ?? RETRY_DELAYS_MS,
    timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
    leaseMs: options.leaseMs ?? LEASE_MS,
    debounceMs: config.webhookDebounceSeconds * 1000,
  });
  const onError = (error: unknown) =>
    app.log.error({ err: error }, 'sending webhooks failed; the next round tries again');
  const background = options.background !== false;
  registerWebhookRoutes(app, worker, () => {
    if (background) void worker.kick(onError);
  });
  if (!background) return;
  let stop: (() => Promise<void>) | undefined;
  let stopPruning: (() => Promise<void>) | undefined;
  let stopListening: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopListening = onWriteCommitted(db, () => void worker.kick(onError, true));
    stop = worker.start(options.pollMs ?? POLL_MS, onError);
    stopPruning = startDeliveryRetention(db, config.webhookKeepDays, (error) =>
      app.log.error({ err: error }, 'pruning old webhook deliveries failed; the next hour tries again'),
    );
  });
  app.addHook('onClose', async () => {
    stopListening?.();
    await stopPruning?.();
    await stop?.();
  });
}
