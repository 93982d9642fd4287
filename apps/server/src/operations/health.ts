import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { can, type HealthResponse } from '@bursary/shared';
import { migrations } from '../db/migrations/index.ts';
import { documented } from '../lib/api-doc.ts';
import { healthApi } from './health-schemas.ts';
import { sameToken } from './metrics.ts';

type Checks = NonNullable<HealthResponse['checks']>;
type MigrationState = Checks['migrations'];

/** How long a migration check is trusted: the ledger changes only when some instance upgrades. */
const MIGRATIONS_CHECK_MS = 10_000;

/**
 * Whether the caller may read the checks behind the status: the scraper holding METRICS_TOKEN, or
 * a signed-in administrator. Anyone else learns only up or down, not which part of the instance
 * fails. A load balancer sends no token, so its probe never costs a session look-up.
 */
async function mayReadChecks(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!given) return false;
  const { metricsToken } = app.config;
  if (metricsToken && sameToken(given, metricsToken)) return true;
  try {
    await app.authenticate.call(app, request, reply);
  } catch {
    return false;
  }
  return can(request.user, 'installation:read');
}

/**
 * GET /api/health: 200 `{status: "ok"}` while the database answers and holds at least this
 * server's migrations; 503 `{status: "unavailable"}` otherwise, so a load balancer takes the
 * instance out; with the checks behind it for the metrics token or an administrator. The
 * database is asked through the change-counter reader (on SQLite a connection of its own, never
 * queued behind writes).
 */
const healthRoutes: FastifyPluginAsync = async (app) => {
  let migrationsCheckedAt = 0;
  let migrationState: MigrationState = 'unknown';
  const known = Object.keys(migrations);

  async function checkMigrations(): Promise<MigrationState> {
    if (Date.now() - migrationsCheckedAt < MIGRATIONS_CHECK_MS) return migrationState;
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(app.db);
    const applied = new Set(rows.map((r) => r.name));
    migrationState = rows.some((r) => !known.includes(r.name))
      ? 'newer'
      : known.every((name) => applied.has(name))
        ? 'current'
        : 'pending';
    migrationsCheckedAt = Date.now();
    return migrationState;
  }

  app.get('/api/health', documented(healthApi), async (request, reply): Promise<HealthResponse> => {
    let checks: Checks;
    try {
      await app.counters.read('logs');
      checks = { database: 'ok', migrations: await checkMigrations() };
    } catch {
      checks = { database: 'unreachable', migrations: 'unknown' };
    }
    // a newer ledger means another instance was upgraded first: migrations only add, so this one still serves
    const ok = checks.database === 'ok' && checks.migrations !== 'pending' && checks.migrations !== 'unknown';
    if (!ok) void reply.code(503);
    const status = ok ? 'ok' : 'unavailable';
    return (await mayReadChecks(app, request, reply)) ? { status, checks } : { status };
  });
};

export default healthRoutes;
