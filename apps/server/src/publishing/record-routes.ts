import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale, SectionDef } from '@bursary/shared';
import { requirePermission } from '../auth/permissions.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { holdLanguage } from '../locales/store.ts';
import { documented, idParams } from '../lib/api-doc.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { PendingTranslation } from '../pending/pending-translations-store.ts';
import type { ReadRecord } from '../records/read.ts';
import {
  discardLanguageChanges,
  publishLanguageIn,
  readLanguageChanges,
  saveLanguageChanges,
} from './language-changes.ts';
import { recordWithLanguageChanges } from './language-changes-applied.ts';
import { parseParams } from '../lib/params.ts';
import { publishingSummary } from '../audit/log-writes.ts';
import { discardChanges, readChanges, saveChanges } from './changes-writes.ts';
import { type Target, targetRecord } from './target-record.ts';
import { readRecordBody } from '../records/multipart-input.ts';
import { publishIn, unpublishIn } from './publish-writes.ts';
import { publishingSchemas } from './record-routes-schemas.ts';
import { readIn } from '../records/view-reads.ts';
import { recordNotFound } from '../records/record-writes.ts';
import { writeContextOf } from '../records/write-request.ts';
import { recordWithAltText } from '../media/alt-text.ts';
import { emptyJsonBodyIsEmptyObject } from '../lib/empty-json-body.ts';
import { writeLanguageAsked, writeLanguageOf } from '../records/write-query.ts';

type Step = typeof unpublishIn;

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
  const auth = requirePermission(app, 'content:write');
  /** The record a route acts on: a single-record section's without an id in the address, else the one it names. */
  const targetOf = (request: FastifyRequest, single: boolean): Target =>
    single ? 'single' : parseParams(idParams, request).id;

  /**
   * The language a changes route or a publish asks for (undefined: the default language, as before languages
   * existed); any other query parameter is refused rather than ignored, since the write would not do what it asks.
   */
  const languageOf = async (request: FastifyRequest, takesLocale = true) =>
    writeLanguageOf(request, app.locales, takesLocale);

  /**
   * Publish or unpublish in one transaction; answers the record as status=all reads it. A publish without locale
   * publishes every language's waiting changes; with the default language's code, that language's only.
   */
  const step = (run: Step | 'publish', single: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    refuseBody(request.body);
    const { locale, asked } = await writeLanguageAsked(request, app.locales, run === 'publish');
    const askedDefault = locale === undefined && asked;
    const defaultOnly = askedDefault ? (await app.locales.current()).defaultCode : undefined;
    const ctx = writeContextOf(app, request);
    const target = targetOf(request, single);
    const read = await writeTransaction(ctx.db, async (trx) => {
      if (locale) await holdLanguage(trx, locale.code);
      const { record } = await targetRecord(trx, section, target);
      if (run !== 'publish') await run(trx, ctx, section, record.id);
      else if (locale) await publishLanguageIn(trx, ctx, section, record.id, locale);
      else await publishIn(trx, ctx, section, record.id, defaultOnly);
      const after = await readIn(trx, section, 'all', record.id);
      if (!after) throw recordNotFound(section, record.id);
      return after;
    });
    return reply.header('ETag', read.etag).send(read.record);
  };

  /** A language's waiting changes as answered: the record in that language as it will be once they are published. */
  const languageChangesAnswer = async (
    locale: Locale,
    { current, pending }: { current: ReadRecord; pending: PendingTranslation },
  ) => {
    const languages = await app.locales.current();
    const record = await recordWithLanguageChanges(app.db, section, languages, locale, current.record, pending);
    return { etag: pending.etag, record: await recordWithAltText(app.db, section, record) };
  };

  const register = (base: string, single: boolean) => {
    const schemas = publishingSchemas(section, single);
    app.get(`${base}/changes`, documented(schemas.readChanges, auth), async (request, reply) => {
      const locale = await languageOf(request);
      if (locale) {
        const answer = await languageChangesAnswer(
          locale,
          await readLanguageChanges(app.db, section, targetOf(request, single), locale),
        );
        return reply.header('ETag', answer.etag).send(answer.record);
      }
      const pending = await readChanges(app.db, section, targetOf(request, single));
      return reply.header('ETag', pending.etag).send(await recordWithAltText(app.db, section, pending.record));
    });
    app.put(`${base}/changes`, documented(schemas.saveChanges, auth), async (request, reply) => {
      const locale = await languageOf(request);
      const input = await readRecordBody(request, section, 'update');
      if (locale) {
        const ctx = writeContextOf(app, request);
        const saved = await saveLanguageChanges(ctx, section, targetOf(request, single), locale, input);
        const answer = await languageChangesAnswer(locale, saved);
        return reply.header('ETag', answer.etag).send(answer.record);
      }
      const saved = await saveChanges(writeContextOf(app, request), section, targetOf(request, single), input);
      return reply.header('ETag', saved.etag).send(await recordWithAltText(app.db, section, saved.record));
    });
    app.delete(`${base}/changes`, documented(schemas.discardChanges, auth), async (request, reply) => {
      const locale = await languageOf(request);
      const ctx = writeContextOf(app, request);
      const target = targetOf(request, single);
      const read = locale
        ? await discardLanguageChanges(ctx, section, target, locale)
        : await discardChanges(ctx, section, target);
      const message = publishingSummary(
        section.singular,
        read.record[section.titleField],
        read.record.id,
        'changes discarded',
      );
      return reply.header('ETag', read.etag).send({ message: `${message}${locale ? ` (${locale.name})` : ''}.` });
    });
    return app.register(async (scope) => {
      emptyJsonBodyIsEmptyObject(scope);
      scope.post(`${base}/publish`, documented(schemas.publish, auth), step('publish', single));
      // a record is on the website or not in every language at once
      scope.post(`${base}/unpublish`, documented(schemas.unpublish, auth), step(unpublishIn, single));
    });
  };

  await register('/:id', false);
  if (section.kind === 'single') await register('', true);
};

export default publishingRoutes;
