import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Locale } from '@bursary/shared';
import { parseBody } from '../auth/account-input.ts';
import { requirePermission } from '../auth/permissions.ts';
import { signedIn } from '../accounts/account-log.ts';
import { appendLogs, LOCALES_LOG_SECTION } from '../audit/log-writes.ts';
import type { Db } from '../db/types.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { documented } from '../lib/api-doc.ts';
import { nowIso } from '../lib/clock.ts';
import { enqueueSiteChanged } from '../webhooks/outbox.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { recheckRecords, recordChecksOutdated } from '../site-health/recheck.ts';
import { fallbackCycle } from './catalogue.ts';
import { canonicalCode, checkedCode, ownName } from './codes.ts';
import { localeChangeBody, newLocaleBody, schemas } from './routes-schemas.ts';
import { deleteLocaleRow, insertLocale, listLocales, updateLocale } from './store.ts';

/**
 * Removes every translation in one language, each record's removal written as an ordinary change (a revision and a
 * log row), in the caller's transaction. The records core does it: it is built on this folder.
 */
export type TranslationsRemoval = (trx: Db, code: string, username: string, now: string) => Promise<void>;

const described = (locale: Pick<Locale, 'code' | 'name'>) => `"${locale.name}" (${locale.code})`;

/** GET|POST /api/locales, PATCH|DELETE /api/locales/{code}: anyone reads, administrators change. */
export function registerLocaleRoutes(app: FastifyInstance, removeTranslations: TranslationsRemoval): void {
  const { db } = app;
  const { defaultLocale } = app.config;
  const admin = requirePermission(app, 'locales:manage');

  const log = (trx: Db, request: FastifyRequest, action: 'create' | 'update' | 'delete', content: string, at: string) =>
    appendLogs(
      trx,
      [{ action, content, section: LOCALES_LOG_SECTION, recordId: null, username: signedIn(request).username }],
      null,
      at,
    );

  /** The language named by the address, as stored; 404 when there is none. */
  const existing = async (trx: Db, raw: string): Promise<{ locale: Locale; all: Locale[] }> => {
    const code = canonicalCode(raw);
    const all = await listLocales(trx, defaultLocale);
    const locale = code === undefined ? undefined : all.find((l) => l.code === code);
    if (!locale) throw new NotFoundError(`No language with the code "${raw}".`);
    return { locale, all };
  };

  /** A fallback as stored: a language of this website other than `code` itself, without a cycle; null stays null. */
  const checkedFallback = (all: readonly Locale[], code: string, raw: string | null): string | null => {
    if (raw === null) return null;
    const fallback = checkedCode(raw, 'fallback');
    if (fallback === code)
      throw new ValidationError([{ path: 'fallback', message: 'A language cannot fall back to itself' }]);
    if (!all.some((l) => l.code === fallback))
      throw new ValidationError([
        { path: 'fallback', message: `fallback "${fallback}" is not a language of this website; add it first` },
      ]);
    // falling back to the default language is what no fallback means: stored as such
    if (fallback === defaultLocale) return null;
    const cycle = fallbackCycle(all, code, fallback);
    if (cycle)
      throw new ValidationError([
        {
          path: 'fallback',
          message: `Falling back to "${fallback}" would make a cycle (${cycle.join(' → ')}); choose another language, or none for the default language`,
        },
      ]);
    return fallback;
  };

  app.get('/api/locales', documented(schemas.list), async (request) => {
    // signed-in callers see every language; the website sees the public ones
    if (request.headers.authorization !== undefined) await app.authenticate(request, undefined as never);
    const all = await listLocales(db, defaultLocale);
    return request.user ? all : all.filter((locale) => locale.public);
  });

  app.post('/api/locales', documented(schemas.add, admin), async (request, reply) => {
    const body = parseBody(newLocaleBody, request.body);
    const code = checkedCode(body.code, 'code');
    const at = nowIso();
    const added = await writeTransaction(db, async (trx) => {
      const all = await listLocales(trx, defaultLocale);
      const same = all.find((l) => l.code === code);
      if (same) throw new ConflictError(`The language ${described(same)} already exists.`);
      const locale = {
        code,
        name: body.name ?? ownName(code),
        fallback: checkedFallback(all, code, body.fallback ?? null),
      };
      await insertLocale(trx, locale, at);
      await log(trx, request, 'create', `Language ${described(locale)} added`, at);
      return (await listLocales(trx, defaultLocale)).find((l) => l.code === code);
    });
    return reply.status(201).send(added);
  });

  app.patch<{ Params: { code: string } }>('/api/locales/:code', documented(schemas.change, admin), async (request) => {
    const change = parseBody(localeChangeBody, request.body);
    const at = nowIso();
    let shownOrHidden = false;
    const changed = await writeTransaction(db, async (trx) => {
      const { locale, all } = await existing(trx, request.params.code);
      if (locale.default && change.public === false)
        throw new ConflictError(
          `${locale.name} is the default language: the website always shows it, so it cannot be hidden.`,
        );
      if (locale.default && change.fallback !== undefined && change.fallback !== null)
        throw new ConflictError(`${locale.name} is the default language: it falls back to no other.`);
      const fallback = change.fallback === undefined ? undefined : checkedFallback(all, locale.code, change.fallback);
      await updateLocale(trx, locale.code, { ...change, ...(fallback !== undefined ? { fallback } : {}) }, at);
      shownOrHidden = change.public !== undefined && change.public !== locale.public;
      if (shownOrHidden) await recordChecksOutdated(trx);
      const what =
        change.public === undefined || change.public === locale.public
          ? 'updated'
          : change.public
            ? 'shown on the website'
            : 'hidden from the website';
      await log(trx, request, 'update', `Language ${described({ ...locale, ...change })} ${what}`, at);
      // a language launched or hidden, or a public one renamed or falling back elsewhere, changes what the website shows
      const visible = change.public === undefined ? locale.public : change.public || locale.public;
      if (visible) await enqueueSiteChanged(trx, at);
      return (await listLocales(trx, defaultLocale)).find((l) => l.code === locale.code);
    });
    // what each record lacks in the languages the website shows has changed: the site's health says so on reply
    if (shownOrHidden) await recheckRecords(db);
    return changed;
  });

  app.delete<{ Params: { code: string } }>('/api/locales/:code', documented(schemas.remove, admin), async (request) => {
    const at = nowIso();
    const username = signedIn(request).username;
    const removed = await writeTransaction(db, async (trx) => {
      const { locale } = await existing(trx, request.params.code);
      if (locale.default)
        throw new ConflictError(
          `${locale.name} is the default language: every record is written in it first, so it cannot be deleted.`,
        );
      await removeTranslations(trx, locale.code, username, at);
      await deleteLocaleRow(trx, locale.code, at);
      if (locale.public) await recordChecksOutdated(trx);
      await log(trx, request, 'delete', `Language ${described(locale)} deleted`, at);
      await enqueueSiteChanged(trx, at);
      return locale;
    });
    if (removed.public) await recheckRecords(db);
    return { message: `Language ${described(removed)} deleted, with its translations.` };
  });
}
