import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type Locale, type SectionDef, type SectionRecord, type SubItems, subEditSchema } from '@bursary/shared';
import { checkTranslationWrite, writeInLanguage } from './translation-writes.ts';
import { writeLanguageOf } from './write-query.ts';
import { parseId } from '../lib/ids.ts';
import { summary } from '../audit/log-writes.ts';
import { requirePermission } from '../auth/permissions.ts';
import { writeContextOf } from './write-request.ts';
import { addSubItem, deleteSubItem, editSubItems, parentOf, parseBody } from './sub-item-writes.ts';
import { documented } from '../lib/api-doc.ts';
import { subItemSchemas } from './routes-schemas.ts';

interface SubItemRoutesOptions {
  section: SectionDef;
  sub: SubItems;
  /** The record as a read in the language written answers it. */
  answeredIn: (locale: Locale, record: SectionRecord) => Promise<SectionRecord>;
}

/**
 * Sub-item writes of a single-record section; trailing slashes work as the spec's clients send them. In another
 * language the list is the same items in the same order: only the whole-list edit takes a language, for the texts.
 */
const subItemRoutes: FastifyPluginAsync<SubItemRoutesOptions> = async (app, { section, sub, answeredIn }) => {
  const auth = requirePermission(app, 'content:write');
  const schemas = subItemSchemas(section, sub);
  const inDefaultOnly = async (request: FastifyRequest) => {
    await writeLanguageOf(request, app.locales, false);
  };

  app.put('/sub-edit', documented(schemas.edit, auth), async (request, reply) => {
    const locale = await writeLanguageOf(request, app.locales);
    if (locale) {
      const ctx = writeContextOf(app, request);
      const body = parseBody(subEditSchema(sub, 'other'), request.body, section);
      const write = await checkTranslationWrite(app.config, section, { body, uploads: new Map() });
      const read = await writeInLanguage(ctx, section, locale, async (trx) => parentOf(trx, section), write);
      return reply.header('ETag', read.etag).send(await answeredIn(locale, read.record));
    }
    const read = await editSubItems(writeContextOf(app, request), section, sub, request.body);
    return reply.header('ETag', read.etag).send(read.record);
  });

  app.post('/sub', documented(schemas.add, auth), async (request, reply) => {
    await inDefaultOnly(request);
    const { item, parent } = await addSubItem(writeContextOf(app, request), section, sub, request.body);
    return reply.status(201).header('ETag', parent.etag).send(item);
  });

  app.delete<{ Params: { id: string } }>('/sub/:id', documented(schemas.delete, auth), async (request, reply) => {
    await inDefaultOnly(request);
    const id = parseId(request.params.id, sub.itemKey);
    const { text, parent, undoRevisionId } = await deleteSubItem(writeContextOf(app, request), section, sub, id);
    return reply
      .header('ETag', parent.etag)
      .send({ message: `${summary(sub.itemLabel, text, 'delete', id)}.`, undo_revision_id: undoRevisionId });
  });
};

export default subItemRoutes;
