import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { can, type LogDetail, type LogEntry, type LogSummary, LOGS_DEFAULT_LIMIT, sections } from '@bursary/shared';
import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { LOGS_COUNTER } from '../db/change-counters.ts';
import type { Database, LogsTable } from '../db/types.ts';
import { changesBetween, type FieldChange } from '../revisions/changes.ts';
import { findRevision, previousRevision } from '../revisions/revisions.ts';
import { parseId } from '../lib/ids.ts';
import { MethodNotAllowedError, NotFoundError } from '../lib/errors.ts';
import { parseQuery } from '../lib/query.ts';
import { setTotalCount } from '../lib/reply-headers.ts';
import { requirePermission } from '../auth/permissions.ts';
import { documented } from '../lib/api-doc.ts';
import { logsPage, schemas } from './routes-schemas.ts';
import { ADMINISTRATION_SECTIONS } from './log-writes.ts';

/**
 * The number of log rows, kept by triggers (migration 003): count(*) would walk a million rows on
 * every dashboard load; it moves in the writing transaction, so it is as exact as a count.
 */
async function logTotal(db: Kysely<Database>, seesUsers: boolean): Promise<number> {
  const row = await db.selectFrom('counters').select('value').where('name', '=', LOGS_COUNTER).executeTakeFirst();
  const total = Number(row?.value ?? 0);
  if (seesUsers) return total;
  // administration rows are few (one per account or webhook change) and indexed by section (migration 008):
  // counting them stays cheap
  const users = await db
    .selectFrom('logs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('section', 'in', ADMINISTRATION_SECTIONS)
    .executeTakeFirst();
  return total - Number(users?.n ?? 0);
}

/**
 * Administration rows (who was made an administrator, whose second factor was turned off, where webhooks
 * send) tell an attacker whom or what to target: only administrators read them; to anyone else they do not exist.
 */
const seesUserAdministration = (request: FastifyRequest) => can(request.user, 'logs:administration');
const visibleTo = <Q extends SelectQueryBuilder<Database, 'logs', object>>(query: Q, seesUsers: boolean): Q =>
  seesUsers ? query : (query.where('section', 'not in', ADMINISTRATION_SECTIONS) as Q);

/** Log columns with revision_id only while that revision is kept (HISTORY_KEEP_DAYS purges; rows keep their text). */
const withLiveRevision = (query: SelectQueryBuilder<Database, 'logs', object>) =>
  query
    .select(['logs.id', 'action', 'content', 'section', 'record_id', 'username', 'created_at', 'updated_at'])
    .select(
      sql<number | string | null>`(select r.id from revisions r where r.id = logs.revision_id)`.as('revision_id'),
    );

const toEntry = (
  row: Omit<Selectable<LogsTable>, 'revision_id'> & { revision_id: number | string | null },
): LogEntry => ({
  ...row,
  id: Number(row.id),
  record_id: row.record_id === null ? null : Number(row.record_id),
  revision_id: row.revision_id === null ? null : Number(row.revision_id),
});

/** The change a log row's revision made, against the revision of the same record before it. */
async function changesOf(db: Kysely<Database>, revisionId: number | string | null): Promise<FieldChange[]> {
  const revision = revisionId === null ? undefined : await findRevision(db, Number(revisionId));
  const section = revision && sections.find((s) => s.slug === revision.section);
  if (!revision || !section) return [];
  if (revision.action === 'delete') return changesBetween(section, revision.record, undefined);
  return changesBetween(section, (await previousRevision(db, revision))?.record, revision.record);
}

const READ_ONLY =
  'The audit log is written by the server as content changes; it cannot be created, edited or deleted. Read it with GET /api/logs.';

/** The audit trail: read-only, behind the token, newest first. */
const logRoutes: FastifyPluginAsync = async (app) => {
  // every signed-in role reads the log
  const auth = requirePermission(app, 'logs:read');

  app.get('/api/logs', documented(schemas.list, auth), async (request, reply): Promise<LogEntry[]> => {
    const page = parseQuery(logsPage, request);
    const limit = page.limit ?? LOGS_DEFAULT_LIMIT;
    const offset = page.offset ?? 0;
    const seesUsers = seesUserAdministration(request);
    const [rows, total] = await Promise.all([
      visibleTo(withLiveRevision(app.db.selectFrom('logs')), seesUsers)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      logTotal(app.db, seesUsers),
    ]);
    setTotalCount(reply, total);
    return rows.map(toEntry);
  });

  app.get<{ Params: { id: string } }>(
    '/api/logs/:id',
    documented(schemas.one, auth),
    async (request): Promise<LogDetail> => {
      const id = parseId(request.params.id, 'log row');
      const row = await visibleTo(withLiveRevision(app.db.selectFrom('logs')), seesUserAdministration(request))
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw new NotFoundError(`No log row with id ${id}.`);
      return { ...toEntry(row), changes: await changesOf(app.db, row.revision_id) };
    },
  );

  app.get('/api/logs/summary', documented(schemas.summary, auth), async (request): Promise<LogSummary> => {
    const seesUsers = seesUserAdministration(request);
    const [total, row] = await Promise.all([
      logTotal(app.db, seesUsers),
      visibleTo(app.db.selectFrom('logs'), seesUsers)
        .select(sql<string | null>`max(updated_at)`.as('last_updated_at'))
        .executeTakeFirst(),
    ]);
    return { total, last_updated_at: row?.last_updated_at ?? null };
  });

  // writes are refused, but only to a caller whose role writes: without a token the answer is 401, to a viewer 403, as
  // for any write. The API document leaves them out: a generated client would offer calls that can only fail.
  const refuse = async () => {
    throw new MethodNotAllowedError(READ_ONLY, 'GET');
  };
  for (const url of ['/api/logs', '/api/logs/*']) {
    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url,
      ...requirePermission(app, 'content:write'),
      handler: refuse,
    });
  }
};

export default logRoutes;
