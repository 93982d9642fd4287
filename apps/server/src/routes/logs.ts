import type { FastifyPluginAsync } from 'fastify';
import { type LogEntry, type LogSummary, LOGS_DEFAULT_LIMIT, LOGS_MAX_LIMIT } from '@bursary/shared';
import { type Kysely, sql } from 'kysely';
import { LOGS_COUNTER } from '../db/change-counters.ts';
import type { Database } from '../db/types.ts';
import { MethodNotAllowedError } from '../lib/errors.ts';
import { intParam } from '../lib/query.ts';
import { requireRole } from '../auth/roles.ts';
import { setTotal } from '../sections/route-context.ts';

/**
 * The number of log rows, kept by triggers (migration 003): count(*) would walk a million rows on
 * every dashboard load; it moves in the writing transaction, so it is as exact as a count.
 */
async function logTotal(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('counters').select('value').where('name', '=', LOGS_COUNTER).executeTakeFirst();
  return Number(row?.value ?? 0);
}

const READ_ONLY = 'The audit log is written by the server as content changes; it cannot be created, edited or deleted. Read it with GET /api/logs.';

/** The audit trail (DESIGN.md 1): read-only, behind the token, newest first. */
const logRoutes: FastifyPluginAsync = async (app) => {
  // every signed-in role reads the log
  const auth = requireRole(app, 'viewer');

  app.get('/api/logs', auth, async (request, reply): Promise<LogEntry[]> => {
    const query = request.query as Record<string, unknown>;
    const limit = intParam(query, 'limit', { min: 1, max: LOGS_MAX_LIMIT }) ?? LOGS_DEFAULT_LIMIT;
    const offset = intParam(query, 'offset', { min: 0, max: 1_000_000_000 }) ?? 0;
    const [rows, total] = await Promise.all([
      app.db.selectFrom('logs').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      logTotal(app.db),
    ]);
    setTotal(reply, total);
    return rows.map((row) => ({ ...row, id: Number(row.id), record_id: row.record_id === null ? null : Number(row.record_id) }));
  });

  app.get('/api/logs/summary', auth, async (): Promise<LogSummary> => {
    const [total, row] = await Promise.all([
      logTotal(app.db),
      app.db.selectFrom('logs').select(sql<string | null>`max(updated_at)`.as('last_updated_at')).executeTakeFirst(),
    ]);
    return { total, last_updated_at: row?.last_updated_at ?? null };
  });

  // writes are refused, but only to a caller whose role writes: without a token the answer is 401, to a viewer 403, as for any write
  const refuse = async () => { throw new MethodNotAllowedError(READ_ONLY, 'GET'); };
  for (const url of ['/api/logs', '/api/logs/*']) {
    app.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE'], url, ...requireRole(app, 'editor'), handler: refuse });
  }
};

export default logRoutes;
