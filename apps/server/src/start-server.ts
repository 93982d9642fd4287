import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from './app.ts';
import { ensureFirstUser } from './auth/bootstrap.ts';
import { checkSecretKey } from './auth/secret-key-check.ts';
import type { Config } from './config/config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { searchIndexNotice } from './db/search-indexes-postgres.ts';
import { movePastedImagesAtStart } from './media-library/pasted-images-at-start.ts';
import { startBanner } from './start-up-banner.ts';
import { loggingFor } from './lib/logging.ts';
import { lowerThreadPoolPriority } from './lib/thread-pool-priority.ts';
import { collectStartUpGarbage } from './lib/start-up-garbage.ts';
import type { Database } from './db/types.ts';

export interface StartOptions {
  /** Runs after migrations and the first user, before listening (the demo fills its content here). */
  prepare?: (db: Kysely<Database>) => Promise<void>;
  print?: (line: string) => void;
}

/** How long a stopping server goes on serving the connections it accepted before it closes them. */
const DRAIN_MS = 1000;

/**
 * Opens and migrates the database, makes sure a first user exists, then listens. SIGTERM and
 * SIGINT close the server gracefully: in-flight requests finish, then the database closes.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<FastifyInstance> {
  const print = options.print ?? ((line: string) => console.log(line));
  const db = await openDatabase(config);
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(db);
    const notice = await searchIndexNotice(db);
    if (notice) print(notice);
    await checkSecretKey(db, config);
    await movePastedImagesAtStart(db, config, print);
    await ensureFirstUser(db, config, print);
    await options.prepare?.(db);
    const { logger, requestLogging } = await loggingFor(config);
    app = await buildApp({ config, db, logger, requestLogging });
    await lowerThreadPoolPriority();
    await app.ready();
    collectStartUpGarbage();
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    if (app) await app.close();
    else await db.destroy();
    throw error;
  }
  const running = app;
  const address = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  for (const line of startBanner(config, address)) print(line);
  let closing = false;
  // While it drains, every answer says Connection: close, so that a client or a proxy keeping connections open
  // stops sending on them and reconnects to another instance. Without it the connections stayed kept alive until
  // the final close dropped them, and a request sent on one at that moment was lost (a proxy answers it 502).
  running.server.prependListener('request', (_request, response) => {
    if (closing) response.setHeader('connection', 'close');
  });
  const shutdown = (signal: string) => {
    if (closing) process.exit(1); // a second signal: stop waiting
    closing = true;
    print(`${signal} received: finishing open requests, then stopping.`);
    // Stop accepting first and keep serving what was already accepted: Node's HTTP close() also
    // drops accepted connections whose request is not read yet, which a proxy answers with 502.
    NetServer.prototype.close.call(running.server);
    setTimeout(() => {
      running.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    }, DRAIN_MS);
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  return running;
}
