import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type SectionDef, LOGS_DEFAULT_LIMIT, sections } from '@bursary/shared';
import { parseId } from '../lib/ids.ts';
import { parseQuery } from '../lib/query.ts';
import { readRecord, readSingle } from '../records/read.ts';
import { requirePermission } from '../auth/permissions.ts';
import { setTotalCount } from '../lib/reply-headers.ts';
import { recordNotFound } from '../records/record-writes.ts';
import { writeContextOf } from '../records/write-request.ts';
import type { Db } from '../db/types.ts';
import { restoreRevision } from './restore.ts';
import { recordWithAltText } from '../media/alt-text.ts';
import { listRevisions } from '../revisions/revisions.ts';
import { listTrash } from './trash.ts';
import { documented } from '../lib/api-doc.ts';
import { historyPage, revisionsApi, schemas } from './routes-schemas.ts';

function pageOf(request: FastifyRequest): { limit: number; offset: number } {
  const { limit, offset } = parseQuery(historyPage, request);
  return { limit: limit ?? LOGS_DEFAULT_LIMIT, offset: offset ?? 0 };
}

/** A single-record section's record id: its record's, or, while it is deleted, the last one it had. */
async function singleRecordId(db: Db, section: SectionDef): Promise<number | undefined> {
  const single = await readSingle(db, section);
  if (single) return single.record.id;
  const last = await db
    .selectFrom('revisions')
    .select('record_id')
    .where('section', '=', section.slug)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last && Number(last.record_id);
}

/**
 * History and undo: every route of it, each behind the token. Any signed-in role reads
 * history and the trash; the restore, the one write here, needs an editor.
 */
const historyRoutes: FastifyPluginAsync = async (app) => {
  const auth = requirePermission(app, 'history:read');

  for (const section of sections) {
    const base = `/api/${section.slug}`;
    if (section.kind === 'single') {
      app.get(`${base}/revisions`, documented(revisionsApi(section, true), auth), async (request, reply) => {
        const page = pageOf(request);
        const id = await singleRecordId(app.db, section);
        const { items, total } =
          id === undefined ? { items: [], total: 0 } : await listRevisions(app.db, section, id, page);
        setTotalCount(reply, total);
        return items;
      });
    }
    app.get<{ Params: { id: string } }>(
      `${base}/:id/revisions`,
      documented(revisionsApi(section, false), auth),
      async (request, reply) => {
        const id = parseId(request.params.id);
        const page = pageOf(request);
        const { items, total } = await listRevisions(app.db, section, id, page);
        // a record that never was has no history; a deleted one keeps its own, one older than history an empty one
        if (total === 0 && !(await readRecord(app.db, section, id))) throw recordNotFound(section, id);
        setTotalCount(reply, total);
        return items;
      },
    );
  }

  app.post<{ Params: { id: string } }>(
    '/api/revisions/:id/restore',
    documented(schemas.restore, requirePermission(app, 'content:write')),
    async (request, reply) => {
      const { section, read } = await restoreRevision(
        writeContextOf(app, request),
        parseId(request.params.id, 'revision'),
      );
      // answered as reads answer the record: with its images' alternative text
      return reply.header('ETag', read.etag).send(await recordWithAltText(app.db, section, read.record));
    },
  );

  app.get('/api/trash', documented(schemas.trash, auth), async (request, reply) => {
    const { items, total } = await listTrash(app.db, pageOf(request));
    setTotalCount(reply, total);
    return items;
  });
};

export default historyRoutes;
