import type { Locale } from '@bursary/shared';
import { appendLogs, LOCALES_LOG_SECTION } from '../audit/log-writes.ts';
import type { Db } from '../db/types.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { nowIso } from '../lib/clock.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { recheckRecords, recordChecksOutdated } from '../site-health/recheck.ts';
import { enqueueSiteChanged } from '../webhooks/outbox.ts';
import { fallbackCycle } from './catalogue.ts';
import { canonicalCode, checkedCode, ownName } from './codes.ts';
import { insertLocale, listLocales, lockLanguages, updateLocale } from './store.ts';

/**
 * Adding a language and changing one (its name, fallback, or whether the website shows it), as POST /api/locales
 * and PATCH /api/locales/{code} do them, for whoever writes them: the routes, for an administrator, and the demo's
 * seed. Each is one transaction with its log row.
 */

export const describedLocale = (locale: Pick<Locale, 'code' | 'name'>) => `"${locale.name}" (${locale.code})`;

/** What a language write needs besides its body: the database, the default language and who writes. */
export interface LocaleWriteContext {
  db: Db;
  defaultLocale: string;
  username: string;
}

export interface NewLocale {
  code: string;
  name?: string;
  fallback?: string | null;
}

export interface LocaleChange {
  name?: string;
  fallback?: string | null;
  public?: boolean;
}

const log = (trx: Db, username: string, action: 'create' | 'update' | 'delete', content: string, at: string) =>
  appendLogs(trx, [{ action, content, section: LOCALES_LOG_SECTION, recordId: null, username }], null, at);

/** The language named by the address, as stored; 404 when there is none. */
export async function existingLocale(
  trx: Db,
  defaultLocale: string,
  raw: string,
): Promise<{ locale: Locale; all: Locale[] }> {
  const code = canonicalCode(raw);
  const all = await listLocales(trx, defaultLocale);
  const locale = code === undefined ? undefined : all.find((l) => l.code === code);
  if (!locale) throw new NotFoundError(`No language with the code "${raw}".`);
  return { locale, all };
}

/** A fallback as stored: a language of this website other than `code` itself, without a cycle; null stays null. */
function checkedFallback(
  all: readonly Locale[],
  defaultLocale: string,
  code: string,
  raw: string | null,
): string | null {
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
}

/** Adds a language, hidden from the website until it is shown; 409 when the code exists. Answers it as listed. */
export async function addLocale(ctx: LocaleWriteContext, body: NewLocale): Promise<Locale | undefined> {
  const { db, defaultLocale, username } = ctx;
  const code = checkedCode(body.code, 'code');
  const at = nowIso();
  return writeTransaction(db, async (trx) => {
    await lockLanguages(trx);
    const all = await listLocales(trx, defaultLocale);
    const same = all.find((l) => l.code === code);
    if (same) throw new ConflictError(`The language ${describedLocale(same)} already exists.`);
    const locale = {
      code,
      name: body.name ?? ownName(code),
      fallback: checkedFallback(all, defaultLocale, code, body.fallback ?? null),
    };
    await insertLocale(trx, locale, at);
    await log(trx, username, 'create', `Language ${describedLocale(locale)} added`, at);
    return (await listLocales(trx, defaultLocale)).find((l) => l.code === code);
  });
}

/**
 * Renames a language, changes its fallback, or shows it on the website or hides it (audited; `site.changed` when
 * the website's languages change); the default language is always shown and falls back to none (409). Answers it
 * as listed.
 */
export async function changeLocale(
  ctx: LocaleWriteContext,
  rawCode: string,
  change: LocaleChange,
): Promise<Locale | undefined> {
  const { db, defaultLocale, username } = ctx;
  const at = nowIso();
  let shownOrHidden = false;
  const changed = await writeTransaction(db, async (trx) => {
    await lockLanguages(trx);
    const { locale, all } = await existingLocale(trx, defaultLocale, rawCode);
    if (locale.default && change.public === false)
      throw new ConflictError(
        `${locale.name} is the default language: the website always shows it, so it cannot be hidden.`,
      );
    if (locale.default && change.fallback !== undefined && change.fallback !== null)
      throw new ConflictError(`${locale.name} is the default language: it falls back to no other.`);
    const fallback =
      change.fallback === undefined ? undefined : checkedFallback(all, defaultLocale, locale.code, change.fallback);
    await updateLocale(trx, locale.code, { ...change, ...(fallback !== undefined ? { fallback } : {}) }, at);
    shownOrHidden = change.public !== undefined && change.public !== locale.public;
    if (shownOrHidden) await recordChecksOutdated(trx);
    const what =
      change.public === undefined || change.public === locale.public
        ? 'updated'
        : change.public
          ? 'shown on the website'
          : 'hidden from the website';
    await log(trx, username, 'update', `Language ${describedLocale({ ...locale, ...change })} ${what}`, at);
    // a language launched or hidden, or a public one renamed or falling back elsewhere, changes what the website shows
    const visible = change.public === undefined ? locale.public : change.public || locale.public;
    if (visible) await enqueueSiteChanged(trx, at);
    return (await listLocales(trx, defaultLocale)).find((l) => l.code === locale.code);
  });
  // what each record lacks in the languages the website shows has changed: the site's health says so on reply
  if (shownOrHidden) await recheckRecords(db);
  return changed;
}

/** The log row of a language's deletion, in the deletion's transaction. */
export const logLocaleDeleted = (trx: Db, username: string, locale: Locale, at: string) =>
  log(trx, username, 'delete', `Language ${describedLocale(locale)} deleted`, at);
