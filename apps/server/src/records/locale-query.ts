import { EVERY_LOCALE } from '@bursary/shared';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../lib/errors.ts';
import type { Languages } from '../locales/catalogue.ts';
import { canonicalCode } from '../locales/codes.ts';
import type { LocaleRead } from './localized-read.ts';
import type { ReadView } from './read-view.ts';

/** The codes a caller may ask for, as the 400 of an unknown one names them. */
const known = (languages: Languages, view: ReadView) =>
  languages.list
    .filter((l) => view !== 'public' || l.public)
    .map((l) => l.code)
    .join(', ');

/**
 * What a read's `locale` and `fallback` ask for, checked against the languages: undefined without `locale` (the
 * default language, answered exactly as before languages existed). An unknown code is 400 naming the known ones; a
 * language the website may not read is 404 on a public read; `*` needs a signed-in reader or a preview token.
 */
export function localeReadOf(
  languages: Languages,
  view: ReadView,
  query: { locale?: string | undefined; fallback?: 'none' | undefined },
): LocaleRead | undefined {
  const raw = query.locale?.trim();
  if (raw === undefined || raw === '') {
    if (query.fallback) throw new BadRequestError('fallback=none goes with a locale: name the language to read.');
    return undefined;
  }
  if (raw === EVERY_LOCALE) {
    if (view === 'public')
      throw new UnauthorizedError('Every language at once (locale=*) is for signed-in readers and preview tokens.');
    return { kind: 'every', languages };
  }
  const code = canonicalCode(raw);
  const locale = code === undefined ? undefined : languages.find(code);
  if (!locale) throw new BadRequestError(`Unknown language "${raw}". Known languages: ${known(languages, view)}.`);
  if (view === 'public' && !locale.public) throw new NotFoundError(`No language "${locale.code}" on the website.`);
  return {
    kind: 'one',
    code: locale.code,
    chain: languages.chain(locale.code, view === 'public'),
    noFallback: query.fallback === 'none',
    languages,
  };
}

/**
 * `localeReadOf` for the website's list in a language, remembered per code asked while the languages stand: the hot
 * path of a cached list answers without parsing the tag or walking the chain again. Only codes of languages are
 * remembered (an unknown one is refused), so it holds no more entries than there are ways of writing them.
 */
export function publicLocaleReads(): (languages: Languages, asked: string) => LocaleRead | undefined {
  let held: Languages | undefined;
  const reads = new Map<string, LocaleRead | undefined>();
  return (languages, asked) => {
    if (held !== languages) {
      held = languages;
      reads.clear();
    }
    if (reads.has(asked)) return reads.get(asked);
    const read = localeReadOf(languages, 'public', { locale: asked });
    reads.set(asked, read);
    return read;
  };
}
