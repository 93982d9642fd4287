import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Locale, SectionDef, SectionRecord } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { BadRequestError } from '../lib/errors.ts';
import { type ReadRecord, readRecord, readSingle } from './read.ts';
import { checkTranslationWrite, writeInLanguage } from './translation-writes.ts';
import { writeLanguageOf } from './write-query.ts';
import { recordWithAltText } from '../media/alt-text.ts';
import { parseId } from '../lib/ids.ts';
import { parseQuery } from '../lib/query.ts';
import { readRecordBody } from './multipart-input.ts';
import { sectionCounter } from '../db/change-counters.ts';
import { SectionListCache } from './list-cache.ts';
import { languageListVersion, noteKeptListAnswer } from './kept-list-answers.ts';
import { absoluteMediaUrls } from './media-urls.ts';
import { buildList, builtPage, sendList, sendPage } from './list-reply.ts';
import { PublicPageCache } from './page-cache.ts';
import { listIn, readIn, readSingleIn } from './view-reads.ts';
import { answeredNotModified, isPlainPublicRead, publicListLanguage, readViewOf } from './read-view.ts';
import { ListCachesByLanguage } from './list-cache.ts';
import { localeReadOf, publicLocaleReads } from './locale-query.ts';
import { editorReadIn, localized, viewTag } from './localized-read.ts';
import { createRecord, putSingleRecord, recordNotFound, updateRecord } from './record-writes.ts';
import { deleteRecord } from './record-removal.ts';
import { setTotalCount } from '../lib/reply-headers.ts';
import { requirePermission } from '../auth/permissions.ts';
import { writeContextOf } from './write-request.ts';
import { summary } from '../audit/log-writes.ts';
import subItemRoutes from './sub-item-routes.ts';
import translationRoutes from './translation-routes.ts';
import { documented } from '../lib/api-doc.ts';
import { listQuery, SECTION_MAX_LIMIT, viewQuery } from './read-query.ts';
import { sectionSchemas } from './routes-schemas.ts';

/** A plugin that adds routes of a higher domain under each section (publishing's `/{id}/publish`, …). */
type SectionRoutesExtension = FastifyPluginAsync<{ section: SectionDef }>;

interface SectionRoutesOptions {
  section: SectionDef;
  /**
   * Registered inside the section's own scope, so they answer through its hooks (absolute media URLs)
   * like its reads and writes; the records core cannot import them, since they are built on it.
   */
  extensions?: readonly SectionRoutesExtension[];
}

/**
 * The routes of one section, derived from its registry entry.
 * Registered once per section under /api/{slug}; no section has routes of its own.
 */
const sectionRoutes: FastifyPluginAsync<SectionRoutesOptions> = async (app, { section, extensions = [] }) => {
  const auth = requirePermission(app, 'content:write');
  const schemas = sectionSchemas(section);

  const cache = new SectionListCache();
  const pages = new PublicPageCache();
  const localeCaches = new ListCachesByLanguage();
  const publicRead = publicLocaleReads();
  const counter = sectionCounter(section);
  const { publicUrl } = app.config;
  const mediaUrls = publicUrl ? absoluteMediaUrls(section, publicUrl) : undefined;
  // a write answers the record as a read would: with its images' alternative texts
  const answered = (record: SectionRecord) => recordWithAltText(app.db, section, record);
  // every JSON answer of the section, its publishing and sub-item routes included
  if (mediaUrls) app.addHook('preSerialization', async (_request, _reply, payload) => mediaUrls(payload));

  app.get('/', documented(schemas.list), async (request, reply) => {
    // the plain public list is what the website reads: served from bytes made once per version, and
    // while they are current without a single await
    if (isPlainPublicRead(request)) {
      const version = app.counters.read(counter);
      if (typeof version === 'number') {
        const kept = cache.peek(version);
        if (kept) {
          noteKeptListAnswer(reply.raw, version);
          return sendList(request, reply, kept);
        }
      }
      const current = await version;
      const list = await cache.current(current, () => buildList(app.db, section, mediaUrls));
      // a list too long to keep was built for this answer alone
      if (cache.peek(current) === list) noteKeptListAnswer(reply.raw, current);
      return sendList(request, reply, list);
    }
    // the website's list in one language is cached the same way, per language
    const asked = publicListLanguage(request);
    if (asked !== undefined) {
      const known = app.locales.current();
      const version = app.counters.read(counter);
      const languages = known instanceof Promise ? await known : known;
      const locale = publicRead(languages, asked);
      if (locale?.kind === 'one') {
        const cache = localeCaches.of(locale.code);
        const key = languageListVersion(typeof version === 'number' ? version : await version, languages.version);
        const kept = cache.peek(key);
        if (kept) {
          noteKeptListAnswer(reply.raw, key);
          return sendList(request, reply, kept);
        }
        const list = await cache.current(key, () => buildList(app.db, section, mediaUrls, locale));
        if (cache.peek(key) === list) noteKeptListAnswer(reply.raw, key);
        return sendList(request, reply, list);
      }
    }
    const query = parseQuery(listQuery, request);
    const view = await readViewOf(app, request, query);
    const languages = await app.locales.current();
    const locale = localeReadOf(languages, view, query);
    const { limit, offset } = query;
    const q = query.q?.trim();
    const page = { q, offset, limit: limit ?? (offset ? SECTION_MAX_LIMIT : undefined) };
    // a single-record section's list is its record: its ETag lets the editor save with If-Match
    const singleRecord = section.kind === 'single' && !q && !offset;
    if (view === 'public' && !singleRecord) {
      // a page or a search the website reads is tagged by its bytes and total, so a cache can revalidate it;
      // asked again, it is answered from memory until the section changes (the key holds all that shapes it)
      const version = await app.counters.read(counter);
      // a page in a language is kept apart, and for as long as the languages stand
      const shape =
        locale?.kind === 'one' ? { ...page, locale: [locale.code, locale.noFallback, locale.languages.version] } : page;
      const cached = await pages.current(version, JSON.stringify(shape), async () => {
        const { records, total } = await listIn(app.db, section, view, page, locale);
        return builtPage(mediaUrls ? mediaUrls(records) : records, total);
      });
      return sendPage(request, reply, cached);
    }
    const { records, total } = await listIn(app.db, section, view, page, locale, languages);
    setTotalCount(reply, total);
    if (singleRecord) {
      const single = await readSingleIn(app.db, section, view);
      if (single && answeredNotModified(request, reply, view, viewTag(single.etag, view, locale))) return reply.send();
    }
    return records;
  });

  app.get<{ Params: { id: string } }>('/:id', documented(schemas.one), async (request, reply) => {
    const id = parseId(request.params.id);
    const query = parseQuery(viewQuery, request);
    const view = await readViewOf(app, request, query);
    const languages = await app.locales.current();
    const locale = localeReadOf(languages, view, query);
    const read = await readIn(app.db, section, view, id, locale, languages);
    // a draft answers as a missing record does: the public cannot tell one from the other
    if (!read) throw recordNotFound(section, id);
    if (answeredNotModified(request, reply, view, viewTag(read.etag, view, locale))) return reply.send();
    return read.record;
  });

  /** The language a write asks for (undefined: the default), checked before its body is read. */
  const languageOf = async (request: FastifyRequest, takesLocale = true) =>
    writeLanguageOf(request, app.locales, takesLocale);
  /** A write in a language answers the record as a read in that language would. */
  const answeredIn = async (locale: Locale, record: SectionRecord) => {
    const read = editorReadIn(await app.locales.current(), locale.code);
    const [localizedRecord] = await localized(app.db, section, read, [record]);
    return recordWithAltText(app.db, section, localizedRecord ?? record, read);
  };
  /** PUT in a language: the record found in the write's transaction, its body checked as the default's is. */
  const putIn = async (request: FastifyRequest, locale: Locale, find: (trx: Db) => Promise<ReadRecord>) => {
    const ctx = writeContextOf(app, request);
    const write = await checkTranslationWrite(app.config, section, await readRecordBody(request, section, 'update'));
    return writeInLanguage(ctx, section, locale, find, write);
  };

  app.post('/', documented(schemas.create, auth), async (request, reply) => {
    const locale = await languageOf(request);
    if (locale) {
      const languages = await app.locales.current();
      const defaultName = languages.find(languages.defaultCode)?.name ?? languages.defaultCode;
      throw new BadRequestError(
        `Create this ${section.singular.toLowerCase()} in the default language (${defaultName}) first, without locale; then write its ${locale.name} text with PUT and locale=${locale.code}.`,
      );
    }
    const ctx = writeContextOf(app, request);
    const read = await createRecord(ctx, section, await readRecordBody(request, section, 'create'));
    return reply
      .status(201)
      .header('ETag', read.etag)
      .header('Location', `/api/${section.slug}/${read.record.id}`)
      .send(await answered(read.record));
  });

  app.put<{ Params: { id: string } }>('/:id', documented(schemas.update, auth), async (request, reply) => {
    const id = parseId(request.params.id);
    const locale = await languageOf(request);
    if (locale) {
      const read = await putIn(request, locale, async (trx) => {
        const current = await readRecord(trx, section, id);
        if (!current) throw recordNotFound(section, id);
        return current;
      });
      return reply.header('ETag', read.etag).send(await answeredIn(locale, read.record));
    }
    const ctx = writeContextOf(app, request);
    const read = await updateRecord(ctx, section, id, await readRecordBody(request, section, 'update'));
    return reply.header('ETag', read.etag).send(await answered(read.record));
  });

  app.delete<{ Params: { id: string } }>('/:id', documented(schemas.delete, auth), async (request) => {
    const id = parseId(request.params.id);
    await languageOf(request, false);
    const { record, revisionId } = await deleteRecord(writeContextOf(app, request), section, id);
    // the revision names what POST /api/revisions/{id}/restore brings back: the console's Undo
    return {
      message: `${summary(section.singular, record[section.titleField], 'delete', id)}.`,
      revision_id: revisionId,
    };
  });

  await app.register(translationRoutes, { section, single: false, answered });

  for (const extension of extensions) await app.register(extension, { section });

  if (section.kind === 'single') {
    await app.register(translationRoutes, { section, single: true, answered });
    // the console saves a single-record section without an id; 200 either way, as it expects
    app.put('/', documented(schemas.putSingle, auth), async (request, reply) => {
      const locale = await languageOf(request);
      if (locale) {
        const read = await putIn(request, locale, async (trx) => {
          const current = await readSingle(trx, section);
          if (!current)
            throw new BadRequestError(
              `${section.label} has no record yet: set it up in the default language first, then write its ${locale.name} text.`,
            );
          return current;
        });
        return reply.header('ETag', read.etag).send(await answeredIn(locale, read.record));
      }
      const ctx = writeContextOf(app, request);
      const { read } = await putSingleRecord(ctx, section, await readRecordBody(request, section, 'update'));
      return reply.header('ETag', read.etag).send(await answered(read.record));
    });
    if (section.subItems) await app.register(subItemRoutes, { section, sub: section.subItems, answeredIn });
  }
};

export default sectionRoutes;
