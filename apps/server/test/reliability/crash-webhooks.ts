import { startReceiver } from '../webhooks/receiver.ts';
import type { WriterLedger } from './writers.ts';

/**
 * A killed sender's claimed attempts wait for their lease (60 s) to run out before another instance sends them;
 * the last ones may also still sit in the debounce of the restarted server's first rounds.
 */
const SETTLE_MS = 90_000;

/** Settings that let the crash suite's servers send webhooks to the receiver on loopback. */
export const crashWebhookEnv = { WEBHOOK_ALLOW_PRIVATE: 'true' };

export interface CrashWebhooks {
  /** The receiver's port: the only outbound connection besides the database's that a server may hold. */
  port: number;
  /** Waits (bounded) until every acknowledged record's creation arrived at least once; answers the problems. */
  settle: (ledger: WriterLedger) => Promise<{ problems: string[]; received: number; repeated: number }>;
  close: () => Promise<void>;
}

/**
 * A webhook of `record.created` pointing at a real local receiver, added before the first kill: across kill -9
 * between commit and send, every acknowledged creation must still be announced, at least once.
 */
export async function watchCrashWebhooks(base: string, token: string): Promise<CrashWebhooks> {
  const receiver = await startReceiver();
  const added = await fetch(`${base}/api/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ url: `${receiver.url}/hook`, events: ['record.created'] }),
  });
  if (added.status !== 201) {
    await receiver.close();
    throw new Error(`adding the webhook answered ${added.status}: ${await added.text()}`);
  }
  const announced = () =>
    new Set(
      receiver.received.map((r) => {
        const { data } = JSON.parse(r.body) as { data: { section: string; id: number } };
        return `${data.section}/${data.id}`;
      }),
    );
  return {
    port: receiver.port,
    close: receiver.close,
    settle: async (ledger) => {
      const wanted = [...ledger.acked.keys()];
      const until = Date.now() + SETTLE_MS;
      let seen = announced();
      while (wanted.some((key) => !seen.has(key)) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        seen = announced();
      }
      const missing = wanted.filter((key) => !seen.has(key));
      const problems =
        missing.length > 0
          ? [`webhooks: ${missing.length} acknowledged records never announced (first: ${missing.slice(0, 5)})`]
          : [];
      const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
      return { problems, received: receiver.received.length, repeated: ids.length - new Set(ids).size };
    },
  };
}
