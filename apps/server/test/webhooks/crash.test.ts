import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, freshSchema, pgUrlWithSchema } from '../helper.ts';
import { addWebhook, eventually, startReceiver, testWorker, verifies } from './receiver.ts';

const CHILD = new URL('./crash-child.ts', import.meta.url).pathname;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe.each(dialects)('webhooks across a kill -9 between commit and send (%s)', (dialect) => {
  it.each([
    ['before the worker took the event', '0'],
    ['while the endpoint had not answered yet', '1'],
  ])(
    'delivers the committed change at least once when the server is killed %s',
    { timeout: 60_000 },
    async (_when, send) => {
      const receiver = await startReceiver();
      closers.push(receiver.close);
      const schema = dialect === 'postgres' ? await freshSchema() : undefined;
      if (schema) closers.push(schema.drop);
      const t = await buildTestApp({
        dialect,
        config: { webhookAllowPrivate: true },
        webhooks: { background: false },
        ...(schema ? { pgSchema: schema.name } : {}),
      });
      closers.push(t.close);
      const hook = await addWebhook(t, receiver.url, ['record.created']);
      let killed = false;
      // the first request is left unanswered: the sender dies waiting for it
      receiver.answerWith(() => {});
      const child = spawn(process.execPath, [CHILD], {
        env: {
          ...process.env,
          TOKEN: t.token,
          SEND: send,
          WEBHOOK_ALLOW_PRIVATE: 'true',
          // the data folder holds the key the webhook's secret is sealed with, whatever the database
          DATA_DIR: t.config.dataDir,
          ...(schema ? { DATABASE_URL: pgUrlWithSchema(schema.name) } : {}),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      closers.push(async () => {
        if (!killed) child.kill('SIGKILL');
        await exited;
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await eventually(() => output.includes('committed'), 'the child’s write', 30_000);
      expect(output).toContain('committed 201');
      if (send === '1') await eventually(() => receiver.received.length === 1, 'the child’s attempt');
      child.kill('SIGKILL');
      killed = true;
      await exited;

      receiver.answerWith((_q, r) => r.end('ok'));
      // an attempt claimed by the dead process is taken over once its lease has run out
      await testWorker(t.db, t.config, { now: () => new Date(Date.now() + 61_000) }).runOnce();
      const expected = send === '1' ? 2 : 1;
      expect(receiver.received).toHaveLength(expected);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      expect(receiver.received.every((r) => verifies(hook.secret, r))).toBe(true);
      expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({
        type: 'record.created',
        data: { title: 'Written just before the crash' },
      });
      const rows = await t.db.selectFrom('webhook_deliveries').select(['state', 'status_code']).execute();
      expect(rows).toEqual([{ state: 'sent', status_code: 200 }]);
    },
  );
});
