import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type SectionDef, sections } from '@bursary/shared';
import { requirePermission } from '../auth/permissions.ts';
import { documented, idParams } from '../lib/api-doc.ts';
import { UnauthorizedError } from '../lib/errors.ts';
import { parseParams } from '../lib/params.ts';
import { parseQuery } from '../lib/query.ts';
import { noWriteQuery } from '../records/write-query.ts';
import { parseScheduleBody } from './schedule-input.ts';
import { overviewSchema, scheduleSchemas } from './schedule-routes-schemas.ts';
import { listSchedules, recordSchedule } from './schedule-store.ts';
import { cancelSchedule, setSchedule } from './schedule-writes.ts';
import { requireScheduledRecord } from './scheduled-record.ts';

function usernameOf(request: FastifyRequest): string {
  // the role check ran as the route's first hook; a change without a user must never proceed
  if (!request.user) throw new UnauthorizedError();
  return request.user.username;
}

/**
 * `GET|PUT|DELETE /api/{section}/{id}/schedule` (a single-record section's without the id) for
 * editors, and `GET /api/schedules` for every signed-in role.
 */
const scheduleRoutes: FastifyPluginAsync = async (app) => {
  const editor = requirePermission(app, 'content:write');

  const routesOf = (section: SectionDef) => {
    const schemas = scheduleSchemas(section);
    const single = section.kind === 'single';
    const url = single ? `/api/${section.slug}/schedule` : `/api/${section.slug}/:id/schedule`;
    const idOf = (request: FastifyRequest) => (single ? undefined : parseParams(idParams, request).id);

    app.get(url, documented(schemas.get, editor), async (request) => {
      const record = await requireScheduledRecord(app.db, section, idOf(request));
      return recordSchedule(app.db, section, record.id);
    });
    // a parameter these writes do not take (locale=, say) is refused, not ignored
    app.put(url, documented(schemas.put, editor), async (request) => {
      parseQuery(noWriteQuery, request);
      const id = idOf(request);
      const times = parseScheduleBody(request.body, new Date());
      return setSchedule(app.db, section, id, times, usernameOf(request), new Date());
    });
    app.delete(url, documented(schemas.delete, editor), async (request) => {
      parseQuery(noWriteQuery, request);
      return cancelSchedule(app.db, section, idOf(request), usernameOf(request), new Date());
    });
  };
  for (const section of sections) routesOf(section);

  app.get('/api/schedules', documented(overviewSchema, requirePermission(app, 'schedules:read')), async () =>
    listSchedules(app.db),
  );
};

export default scheduleRoutes;
