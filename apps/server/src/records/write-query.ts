import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Locale } from '@bursary/shared';
import { BadRequestError } from '../lib/errors.ts';
import { parseQuery, queryText } from '../lib/query.ts';
import type { LocaleCatalogue } from '../locales/catalogue.ts';
import { canonicalCode } from '../locales/codes.ts';

/**
 * A write is never guessed at: any parameter it does not take is refused, since a parameter it ignored could have
 * been meant to change what it writes.
 */
const refusing = (takes: string) => ({
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `${issue.keys?.[0]} is not a parameter of this write${takes}` : undefined,
});

/** The query of a write that takes a language, declared for the API document and parsed by `writeLanguageOf`. */
export const writeLocaleQuery = z.strictObject(
  {
    locale: queryText('locale', 40)
      .optional()
      .meta({ description: 'A language code (GET /api/locales): the translated fields sent are written in it' }),
  },
  refusing('; it takes locale=CODE only.'),
);
/** The query of a write that takes none. */
export const noWriteQuery = z.strictObject({}, refusing(', which takes none.'));

/**
 * The language a write asks for with `?locale=` (undefined: the default language, as before languages existed), and
 * whether `locale` was sent at all (a publish in the default language's code publishes that language alone). The
 * query is parsed with the write's declared object: `locale` where the write takes none, or any other parameter, is
 * refused. The languages are looked at only when one is asked for: most writes send no query, and reading them costs
 * a look at the database's version.
 */
export async function writeLanguageAsked(
  request: FastifyRequest,
  locales: Pick<LocaleCatalogue, 'current'>,
  takesLocale = true,
): Promise<{ locale: Locale | undefined; asked: boolean }> {
  const query: { locale?: string | undefined } = parseQuery(takesLocale ? writeLocaleQuery : noWriteQuery, request);
  const raw = query.locale;
  if (raw === undefined) return { locale: undefined, asked: false };
  const languages = await locales.current();
  const code = canonicalCode(raw.trim());
  const locale = code === undefined ? undefined : languages.find(code);
  if (!locale)
    throw new BadRequestError(
      `Unknown language "${raw}". Known languages: ${languages.list.map((l) => l.code).join(', ')}.`,
    );
  return { locale: locale.default ? undefined : locale, asked: true };
}

/** The language a write asks for with `?locale=`: `writeLanguageAsked`'s language alone. */
export async function writeLanguageOf(
  request: FastifyRequest,
  locales: Pick<LocaleCatalogue, 'current'>,
  takesLocale = true,
): Promise<Locale | undefined> {
  return (await writeLanguageAsked(request, locales, takesLocale)).locale;
}
