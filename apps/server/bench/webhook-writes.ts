import { join } from 'node:path';
import { type Measure, errorsText, measureInTurn } from './load.ts';
import { type OwnServer, freePort, ownDataFolder, startOwnServer } from './own-server.ts';
import { readyMessage, startChild, stopChild } from './processes.ts';
import type { Part } from './report.ts';
import { json } from './run-server.ts';
import { postLoad } from './writes.ts';

/**
 * Webhooks on the write path: POST /api/faqs (c=10) on a server with three enabled webhooks
 * subscribed to every event, sent to a local receiver, against a server with none; measured in
 * turn. The events are queued in the write's transaction and sent after it commits, so the write
 * should lose little.
 */
const here = import.meta.dirname;
const HOOKS = 3;

export interface WebhookWritesOptions {
  seconds: { warm: number; run: number };
  slices: number;
}

/** Settings both servers share: webhooks may reach loopback, where the receiver listens. */
export const webhookServerEnv = { WEBHOOK_ALLOW_PRIVATE: 'true' };

/** Starts the local receiver; answers its URL and its process. */
export async function startReceiver(): Promise<{ url: string; child: ReturnType<typeof startChild> }> {
  const port = await freePort();
  const child = startChild(join(here, 'webhook-receiver.ts'), [String(port)]);
  await readyMessage(child);
  return { url: `http://127.0.0.1:${port}/hook`, child };
}

/** Adds an enabled webhook subscribed to every event, as an administrator does in the console. */
export async function addWebhook(server: OwnServer, url: string, n: number): Promise<void> {
  await json(`${server.base}/api/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...server.auth },
    body: JSON.stringify({ url, events: ['*'], description: `bench receiver ${n}` }),
  });
}

export async function measureWebhookWrites(options: WebhookWritesOptions): Promise<Part> {
  const receiver = await startReceiver();
  const folders = await Promise.all([ownDataFolder(() => {}), ownDataFolder(() => {})]);
  const servers: OwnServer[] = [];
  try {
    for (const folder of folders) servers.push(await startOwnServer(folder, webhookServerEnv));
    const [withHooks, without] = servers as [OwnServer, OwnServer];
    for (let n = 1; n <= HOOKS; n++) await addWebhook(withHooks, receiver.url, n);
    const [hooked, plain] = (await measureInTurn(
      [
        { base: withHooks.base, load: postLoad(withHooks.auth, 10) },
        { base: without.base, load: postLoad(without.auth, 10) },
      ],
      options.seconds,
      options.slices,
    )) as [Measure, Measure];
    const ratio = hooked.reqPerSec / Math.max(plain.reqPerSec, 1);
    const show = (name: string, m: Measure) =>
      `  ${name}: ${m.reqPerSec} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.requests} answered, ${errorsText(m)}`;
    return {
      title: `Webhooks on the write path (POST /api/faqs, c=10, measured in turn)`,
      lines: [
        show(`${HOOKS} webhooks subscribed to *`, hooked),
        show('no webhooks', plain),
        `  ratio ${ratio.toFixed(2)}×`,
      ],
      goals: [
        {
          goal: `POST req/s with ${HOOKS} webhooks vs none`,
          value: `${ratio.toFixed(2)}× (${hooked.reqPerSec} vs ${plain.reqPerSec})`,
          target: '≥ 0.90×',
          holds: ratio >= 0.9 && hooked.errors + plain.errors === 0,
        },
      ],
      figures: { withWebhooks: hooked, without: plain, ratio },
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await stopChild(receiver.child);
    for (const folder of folders) folder.remove();
  }
}
