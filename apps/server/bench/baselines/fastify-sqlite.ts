import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import SqliteDatabase from 'better-sqlite3';

/**
 * The common way: Fastify 5 and better-sqlite3 with one SELECT per read and one INSERT per write,
 * durable as the server is (WAL, synchronous=FULL), without auth, audit or sanitising.
 * Usage: node fastify-sqlite.ts PORT LIST_FILE DATA_DIR
 */
const port = Number(process.argv[2]);
const seed = JSON.parse(readFileSync(String(process.argv[3]), 'utf8')) as {
  title: string;
  description: string;
  created_at: string;
  updated_at: string;
}[];
const database = new SqliteDatabase(join(String(process.argv[4]), 'baseline.sqlite'));
database.pragma('journal_mode = WAL');
database.pragma('synchronous = FULL');
database.exec(
  'create table if not exists faqs (id integer primary key autoincrement, title text, description text, created_at text not null, updated_at text not null)',
);
const insert = database.prepare(
  'insert into faqs (title, description, created_at, updated_at) values (?, ?, ?, ?) returning *',
);
database.transaction(() => {
  for (const faq of [...seed].reverse()) insert.run(faq.title, faq.description, faq.created_at, faq.updated_at);
})();
const list = database.prepare('select * from faqs order by id desc');

const app = Fastify({ logger: false });
app.get('/api/faqs', async () => list.all());
app.post('/api/faqs', async (request, reply) => {
  const body = request.body as { title: string; description: string };
  const now = new Date().toISOString();
  return reply.status(201).send(insert.get(body.title, body.description, now, now));
});
await app.listen({ host: '127.0.0.1', port });
process.send?.('ready');
process.on('SIGTERM', () => {
  void app.close().then(() => {
    database.close();
    process.exit(0);
  });
});
