import type { FastifyInstance } from 'fastify';
import type { Locale } from '@bursary/shared';
import { parseBody } from '../auth/account-input.ts';
import { requirePermission } from '../auth/permissions.ts';
import { signedIn } from '../auth/signed-in.ts';
import type { Db } from '../db/types.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { documented } from '../lib/api-doc.ts';
import { nowIso } from '../lib/clock.ts';
import { contentEtag } from '../lib/etag.ts';
import { notModified } from '../lib/reply-headers.ts';
import { enqueueSiteChanged } from '../webhooks/outbox.ts';
import { ConflictError } from '../lib/errors.ts';
import { recheckRecords, recordChecksOutdated } from '../site-health/recheck.ts';
import { Languages } from './catalogue.ts';
import { addLocale, changeLocale, describedLocale, existingLocale, logLocaleDeleted } from './locale-writes.ts';
import { localeChangeBody, newLocaleBody, schemas } from './routes-schemas.ts';
import { deleteLocaleRow, listLocales, lockLanguageForDeletion, lockLanguages } from './store.ts';

/**
 * Removes every translation in one language, each record's removal written as an ordinary change (a revision and a
 * log row), in the caller's transaction. The records core does it: it is built on this folder.
 */
export type TranslationsRemoval = (trx: Db, code: string, username: string, now: string) => Promise<void>;

/**
 * The languages the website may read, none of them naming a private one: a fallback is the next public language in
 * its chain, or null where that is the default.
 */
function publicLocales(languages: Languages): Locale[] {
  return languages.list
    .filter((locale) => locale.public)
    .map((locale) => {
      const next = languages.chain(locale.code, true)[1];
      return { ...locale, fallback: locale.default || next === languages.defaultCode ? null : (next ?? null) };
    });
}

/** GET|POST /api/locales, PATCH|DELETE /api/locales/{code}: anyone reads, administrators change. */
export function registerLocaleRoutes(app: FastifyInstance, removeTranslations: TranslationsRemoval): void {
  const { db } = app;
  const { defaultLocale } = app.config;
  const admin = requirePermission(app, 'locales:manage');

  app.get('/api/locales', documented(schemas.list), async (request, reply) => {
    // signed-in callers see every language; the website sees the public ones
    if (request.headers.authorization !== undefined) await app.authenticate(request, undefined as never);
    const all = await listLocales(db, defaultLocale);
    const answered = request.user ? all : publicLocales(new Languages(defaultLocale, all));
    // the website asks every second whether the languages changed: a 304 spares it the list
    const body = JSON.stringify(answered);
    if (notModified(request, reply, contentEtag(body))) return reply.send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.post('/api/locales', documented(schemas.add, admin), async (request, reply) => {
    const body = parseBody(newLocaleBody, request.body);
    const added = await addLocale({ db, defaultLocale, username: signedIn(request).username }, body);
    return reply.status(201).send(added);
  });

  app.patch<{ Params: { code: string } }>('/api/locales/:code', documented(schemas.change, admin), async (request) => {
    const change = parseBody(localeChangeBody, request.body);
    return changeLocale({ db, defaultLocale, username: signedIn(request).username }, request.params.code, change);
  });

  app.delete<{ Params: { code: string } }>('/api/locales/:code', documented(schemas.remove, admin), async (request) => {
    const at = nowIso();
    const username = signedIn(request).username;
    const removed = await writeTransaction(db, async (trx) => {
      await lockLanguages(trx);
      const { locale } = await existingLocale(trx, defaultLocale, request.params.code);
      await lockLanguageForDeletion(trx, locale.code);
      if (locale.default)
        throw new ConflictError(
          `${locale.name} is the default language: every record is written in it first, so it cannot be deleted.`,
        );
      await removeTranslations(trx, locale.code, username, at);
      await deleteLocaleRow(trx, locale.code, at);
      if (locale.public) await recordChecksOutdated(trx);
      await logLocaleDeleted(trx, username, locale, at);
      await enqueueSiteChanged(trx, at);
      return locale;
    });
    if (removed.public) await recheckRecords(db);
    return { message: `Language ${describedLocale(removed)} deleted, with its translations.` };
  });
}
