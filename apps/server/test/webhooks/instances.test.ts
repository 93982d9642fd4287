import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, freshSchema, type TestApp } from '../helper.ts';
import { addWebhook, eventually, startReceiver } from './receiver.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const WRITES = 36;

describe.each(dialects)('webhooks with three instances on one database (%s)', (dialect) => {
  it(
    'sends each event once, whichever instance wrote it and however many look for work',
    { timeout: 60_000 },
    async () => {
      const receiver = await startReceiver();
      closers.push(receiver.close);
      const schema = dialect === 'postgres' ? await freshSchema() : undefined;
      if (schema) closers.push(schema.drop);
      const instance = (dataDir?: string) =>
        buildTestApp({
          dialect,
          config: { webhookAllowPrivate: true, webhookDebounceSeconds: 0, ...(dataDir ? { dataDir } : {}) },
          webhooks: { pollMs: 25 },
          ...(schema ? { pgSchema: schema.name } : {}),
        });
      const first = await instance();
      closers.push(first.close);
      const others: TestApp[] = [];
      for (let n = 0; n < 2; n += 1) {
        const other = await instance(first.config.dataDir);
        closers.push(other.close);
        others.push(other);
      }
      const apps = [first, ...others];
      await addWebhook(first, receiver.url, ['record.created', 'site.changed']);
      const answers = await Promise.all(
        Array.from({ length: WRITES }, (_, n) =>
          apps[n % apps.length]!.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: `Q${n}` } }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(WRITES).fill(201));
      const records = () => receiver.received.filter((r) => JSON.parse(r.body).type === 'record.created');
      await eventually(() => records().length >= WRITES, 'every record event', 30_000);
      // time for a second sending of anything to show up
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ids = records().map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(WRITES);
      expect(new Set(ids).size).toBe(WRITES);
      const titles = records().map((r) => (JSON.parse(r.body) as { data: { title: string } }).data.title);
      expect(new Set(titles).size).toBe(WRITES);
      const siteChanges = receiver.received.filter((r) => JSON.parse(r.body).type === 'site.changed');
      expect(new Set(siteChanges.map((r) => r.headers['webhook-id'])).size).toBe(siteChanges.length);
      const rows = await first.db.selectFrom('webhook_deliveries').select(['state', 'attempt']).execute();
      expect(rows.every((r) => r.state === 'sent' && Number(r.attempt) === 1)).toBe(true);
      expect(rows).toHaveLength(receiver.received.length);
      expect(await first.db.selectFrom('webhook_outbox').selectAll().execute()).toEqual([]);
    },
  );
});
