import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { HealthResponse } from '@bursary/shared';
import { migrations } from '../db/migrations/index.ts';
import { documented } from '../lib/api-doc.ts';
import { healthApi } from './health-schemas.ts';

type MigrationState = HealthResponse['checks']['migrations'];

/** How long a migration check is trusted: the ledger changes only when some instance upgrades. */
const MIGRATIONS_CHECK_MS = 10_000;

/**
 * GET /api/health: 200 `{status: "ok", checks}` while the database answers and holds at least this
 * server's migrations; 503 `{status: "unavailable", checks}` otherwise, so a load balancer takes
 * the instance out. The database is asked through the change-counter reader (on SQLite a
 * connection of its own, never queued behind writes).
 */
const healthRoutes: FastifyPluginAsync = async (app) => {
  let migrationsCheckedAt = 0;
  let migrationState: MigrationState = 'unknown';
  const known = Object.keys(migrations);

  async function checkMigrations(): Promise<MigrationState> {
    if (Date.now() - migrationsCheckedAt < MIGRATIONS_CHECK_MS) return migrationState;
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(app.db);
    const applied = new Set(rows.map((r) => r.name));
    migrationState = rows.some((r) => !known.includes(r.name)) ? 'newer' : known.every((name) => applied.has(name)) ? 'current' : 'pending';
    migrationsCheckedAt = Date.now();
    return migrationState;
  }

  app.get('/api/health', documented(healthApi), async (_request, reply): Promise<HealthResponse> => {
    let checks: HealthResponse['checks'];
    try {
      await app.counters.read('logs');
      checks = { database: 'ok', migrations: await checkMigrations() };
    } catch {
      checks = { database: 'unreachable', migrations: 'unknown' };
    }
    // a newer ledger means another instance was upgraded first: migrations only add, so this one still serves
    const ok = checks.database === 'ok' && checks.migrations !== 'pending' && checks.migrations !== 'unknown';
    if (!ok) void reply.code(503);
    return { status: ok ? 'ok' : 'unavailable', checks };
  });
};

export default healthRoutes;
