import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config/config.ts';
import { type CounterReader, openCounterReader } from './counter-reader.ts';
import type { Database } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: Config;
    /** The change counters cached answers are checked against (db/counter-reader.ts). */
    counters: CounterReader;
  }
}

interface DbPluginOptions {
  db: Kysely<Database>;
  config: Config;
}

/** Decorates the migrated database and the configuration; the app owns the database from here on. */
export default fp<DbPluginOptions>(
  async (app, { db, config }) => {
    app.decorate('db', db);
    app.decorate('config', config);
    const counters = openCounterReader(db, config);
    app.decorate('counters', counters);
    app.addHook('onClose', async () => {
      counters.close();
      await db.destroy();
    });
  },
  { name: 'bursary-db' },
);
