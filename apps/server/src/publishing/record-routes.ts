import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SectionDef } from '@bursary/shared';
import { requireRole } from '../auth/roles.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { documented } from '../lib/api-doc.ts';
import { BadRequestError } from '../lib/errors.ts';
import { parseId } from '../lib/ids.ts';
import { publishingSummary } from '../audit/log-writes.ts';
import { type Target, discardChanges, readChanges, saveChanges, targetRecord } from './changes-writes.ts';
import { readRecordBody } from '../records/multipart-input.ts';
import { publishIn, unpublishIn } from './publish-writes.ts';
import { publishingSchemas } from './record-routes-schemas.ts';
import { readIn } from '../records/view-reads.ts';
import { recordNotFound } from '../records/record-writes.ts';
import { writeContextOf } from '../records/write-request.ts';
import { recordWithAltText } from '../media/alt-text.ts';
import { emptyJsonBodyIsEmptyObject } from '../lib/empty-json-body.ts';
import { writeLanguageOf } from '../records/write-query.ts';

type Step = typeof publishIn;

/**
 * Publishing takes nothing but its address: a body (a record's fields, say) would look as if it were
 * applied, so anything but none or an empty object is refused.
 */
function refuseBody(body: unknown): void {
  const empty = body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0);
  if (!empty) throw new BadRequestError('Publishing and unpublishing take no body: send the request without one.');
}

/**
 * A record's waiting changes and its publishing steps: under /{id}, and for a single-record section
 * also without an id. Editors and administrators only, reads of the waiting changes included.
 */
const publishingRoutes: FastifyPluginAsync<{ section: SectionDef }> = async (app, { section }) => {
  const auth = requireRole(app, 'editor');
  const targetOf = (request: FastifyRequest): Target => {
    const { id } = request.params as { id?: string };
    return id === undefined ? 'single' : parseId(id);
  };

  /**
   * Waiting changes and publishing are kept for the default language: a language asked for is refused rather than
   * ignored, as is any other query parameter, since the write would not do what it asks.
   */
  const inDefaultLanguage = async (request: FastifyRequest, takesLocale: boolean) => {
    const locale = writeLanguageOf(request, await app.locales.current(), takesLocale);
    if (locale)
      throw new BadRequestError(
        `Waiting changes are kept in the default language only: write the ${locale.name} text with PUT and locale=${locale.code} (it goes live at once).`,
      );
  };

  /** Publish or unpublish in one transaction; answers the record as status=all reads it. */
  const step = (run: Step) => async (request: FastifyRequest, reply: FastifyReply) => {
    refuseBody(request.body);
    await inDefaultLanguage(request, false);
    const ctx = writeContextOf(app, request);
    const target = targetOf(request);
    const read = await writeTransaction(ctx.db, async (trx) => {
      const { record } = await targetRecord(trx, section, target);
      await run(trx, ctx, section, record.id);
      const after = await readIn(trx, section, 'all', record.id);
      if (!after) throw recordNotFound(section, record.id);
      return after;
    });
    return reply.header('ETag', read.etag).send(read.record);
  };

  const register = (base: string, single: boolean) => {
    const schemas = publishingSchemas(section, single);
    app.get(`${base}/changes`, documented(schemas.readChanges, auth), async (request, reply) => {
      await inDefaultLanguage(request, true);
      const pending = await readChanges(app.db, section, targetOf(request));
      return reply.header('ETag', pending.etag).send(await recordWithAltText(app.db, section, pending.record));
    });
    app.put(`${base}/changes`, documented(schemas.saveChanges, auth), async (request, reply) => {
      await inDefaultLanguage(request, true);
      const input = await readRecordBody(request, section, 'update');
      const saved = await saveChanges(writeContextOf(app, request), section, targetOf(request), input);
      return reply.header('ETag', saved.etag).send(await recordWithAltText(app.db, section, saved.record));
    });
    app.delete(`${base}/changes`, documented(schemas.discardChanges, auth), async (request, reply) => {
      await inDefaultLanguage(request, true);
      const read = await discardChanges(writeContextOf(app, request), section, targetOf(request));
      const message = publishingSummary(
        section.singular,
        read.record[section.titleField],
        read.record.id,
        'changes discarded',
      );
      return reply.header('ETag', read.etag).send({ message: `${message}.` });
    });
    return app.register(async (scope) => {
      emptyJsonBodyIsEmptyObject(scope);
      scope.post(`${base}/publish`, documented(schemas.publish, auth), step(publishIn));
      scope.post(`${base}/unpublish`, documented(schemas.unpublish, auth), step(unpublishIn));
    });
  };

  await register('/:id', false);
  if (section.kind === 'single') await register('', true);
};

export default publishingRoutes;
