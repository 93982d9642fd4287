import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type { ListReplay } from './list-replay.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How many answers the list replay gave (tests: a replayed answer is otherwise the same as Fastify's). */
    listReplays: () => number;
  }
}

interface ListReplayOptions {
  replay: ListReplay;
  /** Whether Fastify logs each request (buildApp's requestLogging); its lines are written at info. */
  requestLogging: boolean;
}

/**
 * Starts the list replay (list-replay.ts) once the counters are open, and stops it as the server closes, before
 * Fastify answers 503. It stays off where every request must pass through Fastify: with metrics on (each answer is
 * counted in an onResponse hook) or with a log line per request.
 */
export default fp<ListReplayOptions>(
  async (app, { replay, requestLogging }) => {
    app.decorate('listReplays', () => replay.replayed);
    // without a logger Fastify's is a silent stand-in, which has no levels at all
    const log = app.log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    const requestLines = requestLogging && log.isLevelEnabled?.('info') === true;
    if (app.config.metricsToken || requestLines) return;
    replay.start(app.counters);
    // Fastify runs preClose as it starts answering 503, before the server reads another request
    app.addHook('preClose', (done) => {
      replay.stop();
      done();
    });
  },
  { name: 'bursary-list-replay', dependencies: ['bursary-db'] },
);
