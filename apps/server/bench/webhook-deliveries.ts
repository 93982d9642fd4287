import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { SQLITE_FILE_NAME } from '../src/db/connection.ts';
import { ownDataFolder, startOwnServer } from './own-server.ts';
import { stopChild } from './processes.ts';
import type { Part } from './report.ts';
import { faqAnswer } from './seed.ts';
import { addWebhook, startReceiver, webhookServerEnv } from './webhook-writes.ts';

/**
 * How fast one server sends: 10,000 events waiting in the outbox (written straight into SQLite, as
 * 10,000 committed changes would have left them), one webhook subscribed to every event, a local
 * receiver that answers 200 at once. Timed from the events' commit until every delivery is sent.
 */
const EVENTS = 10_000;
const GIVE_UP_MS = 180_000;

function queueEvents(file: string): void {
  const database = new SqliteDatabase(file);
  try {
    database.pragma('busy_timeout = 10000');
    const insert = database.prepare(
      'insert into webhook_outbox (event_id, type, payload, created_at) values (?, ?, ?, ?)',
    );
    database.transaction(() => {
      for (let n = 1; n <= EVENTS; n++) {
        const now = new Date().toISOString();
        const data = {
          section: 'faqs',
          id: n,
          title: `Question ${n}`,
          action: 'update',
          revision_id: null,
          username: 'bench',
        };
        const payload = JSON.stringify({ type: 'record.updated', timestamp: now, data });
        insert.run(`msg_${randomUUID().replaceAll('-', '')}`, 'record.updated', payload, now);
      }
    })();
  } finally {
    database.close();
  }
}

export async function measureWebhookDeliveries(): Promise<Part> {
  const receiver = await startReceiver();
  const folder = await ownDataFolder(() => {});
  const server = await startOwnServer(folder, webhookServerEnv);
  const file = join(folder.dataDir, SQLITE_FILE_NAME);
  const reader = new SqliteDatabase(file, { readonly: true });
  const count = (state: string) =>
    Number(
      reader
        .prepare(`select count(*) from webhook_deliveries where type = 'record.updated' and state = ?`)
        .pluck()
        .get(state) as number,
    );
  try {
    await addWebhook(server, receiver.url, 1);
    queueEvents(file);
    const since = performance.now();
    // a write through the API wakes the worker now rather than at its next look
    await fetch(`${server.base}/api/faqs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...server.auth },
      body: JSON.stringify({ title: 'Wake the webhook worker', description: faqAnswer(1) }),
    }).then((res) => res.arrayBuffer());
    let sent = 0;
    while (sent < EVENTS && count('failed') === 0 && performance.now() - since < GIVE_UP_MS) {
      await sleep(100);
      sent = count('sent');
    }
    const ms = Math.round(performance.now() - since);
    const failed = count('failed');
    const perSecond = Math.round((sent / ms) * 1000);
    return {
      title: `Webhook deliveries (${EVENTS.toLocaleString('en')} queued events, one webhook, a receiver answering 200 at once)`,
      lines: [`  ${sent} sent, ${failed} failed in ${ms} ms: ${perSecond} deliveries/s`],
      goals: [
        {
          goal: `${EVENTS.toLocaleString('en')} queued events delivered, none failed`,
          value: `${sent} sent, ${failed} failed (${perSecond}/s)`,
          target: `${EVENTS} sent`,
          holds: sent === EVENTS && failed === 0,
        },
      ],
      figures: { sent, failed, ms, perSecond },
    };
  } finally {
    reader.close();
    await server.stop();
    await stopChild(receiver.child);
    folder.remove();
  }
}
