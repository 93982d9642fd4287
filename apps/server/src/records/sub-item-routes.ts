import type { FastifyPluginAsync } from 'fastify';
import type { SectionDef, SubItems } from '@bursary/shared';
import { parseId } from '../lib/ids.ts';
import { summary } from '../audit/log-writes.ts';
import { requireRole } from '../auth/roles.ts';
import { writeContextOf } from './write-request.ts';
import { addSubItem, deleteSubItem, editSubItems } from './sub-item-writes.ts';
import { documented } from '../lib/api-doc.ts';
import { subItemSchemas } from './routes-schemas.ts';

/** Sub-item writes of a single-record section; trailing slashes work as the spec's clients send them. */
const subItemRoutes: FastifyPluginAsync<{ section: SectionDef; sub: SubItems }> = async (app, { section, sub }) => {
  const auth = requireRole(app, 'editor');
  const schemas = subItemSchemas(section, sub);

  app.put('/sub-edit', documented(schemas.edit, auth), async (request, reply) => {
    const read = await editSubItems(writeContextOf(app, request), section, sub, request.body);
    return reply.header('ETag', read.etag).send(read.record);
  });

  app.post('/sub', documented(schemas.add, auth), async (request, reply) => {
    const { item, parent } = await addSubItem(writeContextOf(app, request), section, sub, request.body);
    return reply.status(201).header('ETag', parent.etag).send(item);
  });

  app.delete<{ Params: { id: string } }>('/sub/:id', documented(schemas.delete, auth), async (request, reply) => {
    const id = parseId(request.params.id, sub.itemKey);
    const { text, parent, undoRevisionId } = await deleteSubItem(writeContextOf(app, request), section, sub, id);
    return reply
      .header('ETag', parent.etag)
      .send({ message: `${summary(sub.itemLabel, text, 'delete', id)}.`, undo_revision_id: undoRevisionId });
  });
};

export default subItemRoutes;
