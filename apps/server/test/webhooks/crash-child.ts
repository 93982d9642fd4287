import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/connection.ts';

/**
 * A server process for the crash test: it makes one write with the token it is given, says so once the write
 * committed, and then waits to be killed. With SEND=0 its worker never runs (killed before sending); otherwise it
 * sends at once (killed while the endpoint has not answered yet).
 */
const config = { ...loadConfig(process.env), logLevel: 'silent' };
const db = await openDatabase(config);
const app = await buildApp({
  config,
  db,
  webhooks: process.env.SEND === '0' ? { background: false } : { pollMs: 20 },
});
await app.ready();
const answer = await app.inject({
  method: 'POST',
  url: '/api/faqs',
  headers: { authorization: `Bearer ${process.env.TOKEN}` },
  payload: { title: 'Written just before the crash' },
});
process.stdout.write(`committed ${answer.statusCode}\n`);
setInterval(() => {}, 1000);
