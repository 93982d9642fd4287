import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Locale } from '@bursary/shared';
import { BadRequestError } from '../lib/errors.ts';
import { queryText } from '../lib/query.ts';
import type { LocaleCatalogue } from '../locales/catalogue.ts';
import { canonicalCode } from '../locales/codes.ts';

/** The query of a write that takes a language: declared for the API document, checked by `writeLanguageOf`. */
export const writeLocaleQuery = z.object({
  locale: queryText('locale', 40)
    .optional()
    .meta({ description: 'A language code (GET /api/locales): the translated fields sent are written in it' }),
});
/** The query of a write that takes none. */
export const noWriteQuery = z.object({});

/**
 * The language a write asks for with `?locale=` (undefined: the default language, as before languages existed).
 * A write is never guessed at: any other query parameter is refused, since a parameter it ignored could have been
 * meant to change what it writes; so is `locale` where the write takes none. The languages are looked at only when
 * one is asked for: most writes send no query, and reading them costs a look at the database's version.
 */
export async function writeLanguageOf(
  request: FastifyRequest,
  locales: Pick<LocaleCatalogue, 'current'>,
  takesLocale = true,
): Promise<Locale | undefined> {
  const query = request.query as Record<string, unknown>;
  for (const key of Object.keys(query)) {
    if (key === 'locale' && takesLocale) continue;
    throw new BadRequestError(
      takesLocale
        ? `${key} is not a parameter of this write; it takes locale=CODE only.`
        : `${key} is not a parameter of this write, which takes none.`,
    );
  }
  const raw = query.locale;
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new BadRequestError('Send locale once, as text.');
  const languages = await locales.current();
  const code = canonicalCode(raw.trim());
  const locale = code === undefined ? undefined : languages.find(code);
  if (!locale)
    throw new BadRequestError(
      `Unknown language "${raw}". Known languages: ${languages.list.map((l) => l.code).join(', ')}.`,
    );
  return locale.default ? undefined : locale;
}
