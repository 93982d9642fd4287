import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookWorker } from '../../src/webhooks/worker.ts';
import { SecretBox } from '../../src/auth/secret-box.ts';
import type { Db } from '../../src/db/types.ts';
import type { Config } from '../../src/config/config.ts';
import type { Resolver } from '../../src/lib/outbound-addresses.ts';
import { buildTestApp, type Dialect, type TestApp } from '../helper.ts';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

type Responder = (request: IncomingMessage, response: ServerResponse, n: number) => void;

/** A real HTTP endpoint on 127.0.0.1 that keeps what it received and answers as the test says (200 by default). */
export async function startReceiver(respond: Responder = (_q, r) => r.end('ok')) {
  const received: Received[] = [];
  let responder = respond;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: request.url ?? '',
      });
      responder(request, response, received.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    answerWith: (next: Responder) => {
      responder = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Standard Webhooks verification, written from the specification, apart from the server's signing code. */
export function verifies(secret: string, received: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const id = String(received.headers['webhook-id']);
  const timestamp = String(received.headers['webhook-timestamp']);
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${received.body}`).digest('base64');
  return String(received.headers['webhook-signature'])
    .split(' ')
    .some((signature) => signature === `v1,${expected}`);
}

/** Creates a webhook through the API as the first user (an administrator): its id and secret. */
export async function addWebhook(
  t: TestApp,
  url: string,
  events: string[] = ['*'],
): Promise<{ id: number; secret: string }> {
  const created = await t.injectAs({ method: 'POST', url: '/api/webhooks', payload: { url, events } });
  if (created.statusCode !== 201) throw new Error(`adding a webhook failed: ${created.statusCode} ${created.body}`);
  const body = created.json<{ webhook: { id: number }; secret: string }>();
  return { id: body.webhook.id, secret: body.secret };
}

/** A worker the test drives itself (the app's own runs with `background: false`). */
export function testWorker(
  db: Db,
  config: Config,
  options: {
    now?: () => Date;
    retryDelaysMs?: number[];
    timeoutMs?: number;
    leaseMs?: number;
    resolve?: Resolver;
  } = {},
): WebhookWorker {
  return new WebhookWorker({
    db,
    box: new SecretBox({ secretKey: config.secretKey, dataDir: config.dataDir }),
    allowPrivate: config.webhookAllowPrivate,
    resolve: options.resolve ?? (async () => [{ address: '127.0.0.1', family: 4 }]),
    now: options.now ?? (() => new Date()),
    retryDelaysMs: options.retryDelaysMs ?? [5_000, 60_000, 600_000, 3_600_000, 21_600_000],
    timeoutMs: options.timeoutMs ?? 10_000,
    leaseMs: options.leaseMs ?? 60_000,
    debounceMs: config.webhookDebounceSeconds * 1000,
  });
}

/** Waits until `check` holds (the worker sends after the commit, not before the answer). */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * What most webhook tests start from: a receiver on loopback (closed through `closers`), an app that may reach it
 * and sends nothing by itself, and a worker the test drives; `site.changed` is not held back.
 */
export async function appWithReceiver(dialect: Dialect, closers: (() => Promise<void>)[]) {
  const receiver = await startReceiver();
  closers.push(receiver.close);
  const t = await buildTestApp({
    dialect,
    config: { webhookAllowPrivate: true, webhookDebounceSeconds: 0 },
    webhooks: { background: false },
  });
  return { t, receiver, worker: testWorker(t.db, t.config) };
}
