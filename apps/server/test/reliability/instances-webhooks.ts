import { startReceiver } from '../webhooks/receiver.ts';
import { call } from './instances-http.ts';

/** How long the deliveries of the last writes may take to arrive after the load ends. */
const SETTLE_MS = 30_000;

export interface WebhookWatch {
  /** Waits until every created record's event arrived (bounded), then says what went wrong: missing or repeated events. */
  settle: (createdIds: readonly number[]) => Promise<{ problems: string[]; received: number; repeated: number }>;
  close: () => Promise<void>;
}

/**
 * A webhook subscribed to `record.created`, added through nginx, pointing at a real local receiver: whichever
 * instance takes a write and however many instances look for work, each event must arrive once, the same
 * Standard Webhooks message id never twice.
 */
export async function watchWebhooks(proxyBase: string, token: string): Promise<WebhookWatch> {
  const receiver = await startReceiver();
  const added = await call(proxyBase, '/api/webhooks', {
    method: 'POST',
    token,
    body: { url: `${receiver.url}/hook`, events: ['record.created'], description: 'reliability receiver' },
  });
  if (added.status !== 201) {
    await receiver.close();
    throw new Error(`adding the webhook through nginx answered ${added.status}: ${added.body}`);
  }
  const recordIds = () =>
    receiver.received.map((r) => (JSON.parse(r.body) as { data: { id: number } }).data.id).filter(Number.isInteger);
  return {
    close: receiver.close,
    settle: async (createdIds) => {
      const until = Date.now() + SETTLE_MS;
      const wanted = new Set(createdIds);
      const arrived = () => new Set(recordIds());
      while ([...wanted].some((id) => !arrived().has(id)) && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const problems: string[] = [];
      const seen = arrived();
      const missing = [...wanted].filter((id) => !seen.has(id));
      if (missing.length > 0)
        problems.push(`webhooks: ${missing.length} created records never announced (first: ${missing.slice(0, 5)})`);
      const messageIds = receiver.received.map((r) => String(r.headers['webhook-id']));
      const repeated = messageIds.length - new Set(messageIds).size;
      if (repeated > 0) problems.push(`webhooks: ${repeated} events arrived more than once`);
      const perRecord = recordIds().length - seen.size;
      if (perRecord > 0) problems.push(`webhooks: ${perRecord} records announced more than once`);
      return { problems, received: receiver.received.length, repeated };
    },
  };
}
