import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { parseBody } from '../auth/account-input.ts';
import { requirePermission } from '../auth/permissions.ts';
import { documented } from '../lib/api-doc.ts';
import { parseParams } from '../lib/params.ts';
import { canonicalCode } from '../locales/codes.ts';
import { readSingle } from './read.ts';
import { markCurrentBody, markTranslationCurrent } from './translation-current.ts';
import { deleteRecordTranslation } from './translation-removal.ts';
import { translationParams, translationSchemas } from './translation-routes-schemas.ts';
import { writeLanguageOf } from './write-query.ts';
import { writeContextOf } from './write-request.ts';

interface TranslationRoutesOptions {
  section: SectionDef;
  /** The address without an id, of a single-record section's record; else the address of a record by id. */
  single: boolean;
  /** The record as a write answers it: with its images' alternative texts. */
  answered: (record: SectionRecord) => Promise<SectionRecord>;
}

/**
 * One language's values of a record, each step an ordinary change answered with the record in the default language:
 * DELETE …/translations/{code} removes them, POST …/translations/{code}/current marks their outdated texts up to
 * date. Registered under /{id}, and again without an id for a single-record section.
 */
const translationRoutes: FastifyPluginAsync<TranslationRoutesOptions> = async (app, { section, single, answered }) => {
  const auth = requirePermission(app, 'content:write');
  const schemas = translationSchemas(section, single);
  const base = single ? '' : '/:id';

  /** The record's id as the write's transaction finds it: a single-record section's record may come or go. */
  const findIdOf = (request: FastifyRequest): ((trx: Db) => Promise<number | undefined>) => {
    if (single) return async (trx) => (await readSingle(trx, section))?.record.id;
    const { id } = parseParams(translationParams.byId, request);
    return async () => id;
  };
  /** The language code in the address; the query is checked as every write's is, and here takes no locale. */
  const codeOf = async (request: FastifyRequest) => {
    await writeLanguageOf(request, app.locales, false);
    const { code } = parseParams(single ? translationParams.single : translationParams.byId, request);
    return canonicalCode(code) ?? code;
  };

  app.delete(`${base}/translations/:code`, documented(schemas.deleteTranslation, auth), async (request, reply) => {
    const findId = findIdOf(request);
    const code = await codeOf(request);
    const languages = await app.locales.current();
    const read = await deleteRecordTranslation(writeContextOf(app, request), languages, section, findId, code);
    return reply.header('ETag', read.etag).send(await answered(read.record));
  });

  app.post(`${base}/translations/:code/current`, documented(schemas.markCurrent, auth), async (request, reply) => {
    const findId = findIdOf(request);
    const code = await codeOf(request);
    const { fields } = parseBody(markCurrentBody, request.body);
    const ctx = writeContextOf(app, request);
    const read = await markTranslationCurrent(ctx, await app.locales.current(), section, findId, code, fields);
    return reply.header('ETag', read.etag).send(await answered(read.record));
  });
};

export default translationRoutes;
