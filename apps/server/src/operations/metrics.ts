import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { lastBackupAt } from '../backup/backup-state.ts';
import { poolStatsOf } from '../db/connection.ts';
import { NotFoundError, UnauthorizedError } from '../lib/errors.ts';
import { ALWAYS, documented, errors, type RouteApi } from '../lib/api-doc.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a backup this process made (the schedule). */
    countBackup: () => void;
  }
}

/** Compares a bearer token with METRICS_TOKEN in constant time. */
export const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Each app has its own registry: tests build several apps in one process. */
async function createMetrics(db: Kysely<unknown>) {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = await import('prom-client');
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'bursary_' });
  const requests = new Counter({
    name: 'bursary_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [register],
  });
  const latency = new Histogram({
    name: 'bursary_http_request_duration_seconds',
    help: 'Time from request to answer, by route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [register],
  });
  const backups = new Counter({
    name: 'bursary_backups_made_total',
    help: 'Scheduled backups this process made',
    registers: [register],
  });
  new Gauge({
    name: 'bursary_backup_age_seconds',
    help: 'Seconds since the last backup of this database by any instance or npm run backup (-1: none yet)',
    registers: [register],
    async collect() {
      const last = await lastBackupAt(db).catch(() => undefined);
      this.set(last && last.getTime() > 0 ? (Date.now() - last.getTime()) / 1000 : -1);
    },
  });
  new Gauge({
    name: 'bursary_db_pool_connections',
    help: 'PostgreSQL pool connections by state (SQLite: one connection, always open)',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const stats = poolStatsOf(db);
      if (!stats) return void this.set({ state: 'total' }, 1);
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  return { register, requests, latency, backups };
}

/**
 * GET /api/metrics in the Prometheus text format, for a scraper holding METRICS_TOKEN as a bearer
 * token. Without METRICS_TOKEN the route answers 404: metrics are off, and nothing is counted or
 * loaded for them. Requests are labelled by their route pattern (never the raw address, which
 * would let a client create labels at will).
 */
/** The API declaration of GET /api/metrics, whether metrics are on or off. */
const metricsApi: RouteApi = {
  operationId: 'getMetrics',
  summary: 'Metrics in the Prometheus text format (only with METRICS_TOKEN set, as the bearer token)',
  token: true,
  answers: {
    200: {
      description: 'Requests by route and status, latency, database pool, backups',
      content: { 'text/plain': { schema: { type: 'string' } } },
    },
    ...errors(...ALWAYS, 401, 404),
  },
};

export default fp(
  async (app) => {
    const token = app.config.metricsToken;
    if (!token) {
      app.decorate('countBackup', () => {});
      app.get('/api/metrics', documented(metricsApi), async () => {
        throw new NotFoundError('Metrics are off. Set METRICS_TOKEN to read them here with that bearer token.');
      });
      return;
    }
    const metrics = await createMetrics(app.db as unknown as Kysely<unknown>);
    app.decorate('countBackup', () => metrics.backups.inc());
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      metrics.latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
    app.get('/api/metrics', documented(metricsApi), async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = /^Bearer (.+)$/.exec(header)?.[1] ?? '';
      if (!sameToken(given, token)) throw new UnauthorizedError('Metrics need the METRICS_TOKEN as a bearer token.');
      const body = await metrics.register.metrics();
      return reply.header('Content-Type', metrics.register.contentType).header('Cache-Control', 'no-store').send(body);
    });
  },
  { name: 'bursary-metrics', dependencies: ['bursary-db'] },
);
