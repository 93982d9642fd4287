import type { Locale } from '@bursary/client';
import { pathOf, type Route } from './routes.ts';
import type { Content, Settings, Snapshot } from './site.ts';
import { wordsFor, type Words } from './words.ts';

/** Everything a view needs to render one page in one language. */
export interface PageContext {
  locale: string;
  defaultLocale: string;
  locales: Locale[];
  content: Content;
  settings: Settings;
  words: Words;
  /** `lang` for the website's own words: undefined when they are in the page's language, else `en`. */
  wordsLang: string | undefined;
  /** A link to a page, in this language unless another is named; in a preview it stays in the preview. */
  href(route: Route, locale?: string): string;
  /** The `lang` of a field shown in another language (from the record's `fallback_fields`), else undefined. */
  langOf(record: Translated, field: string): string | undefined;
}

/** A record or sub-item read in a language: Bursary names the fields it showed in another one. */
interface Translated {
  fallback_fields?: readonly string[] | null;
  [field: string]: unknown;
}

/** The languages a language falls back through, ending with the default (as Bursary reads translations). */
function chainOf(locale: string, snapshot: Snapshot): string[] {
  const chain: string[] = [];
  let next: string | null | undefined = snapshot.locales.find((l) => l.code === locale)?.fallback;
  while (next && !chain.includes(next) && next !== locale) {
    chain.push(next);
    next = snapshot.locales.find((l) => l.code === next)?.fallback;
  }
  if (!chain.includes(snapshot.defaultLocale)) chain.push(snapshot.defaultLocale);
  return chain;
}

export function pageContext(
  snapshot: Snapshot,
  locale: string,
  settings: Settings,
  link: (path: string) => string = (path) => path,
): PageContext {
  const content = snapshot.content.get(locale);
  if (!content) throw new Error(`no content in ${locale}`);
  const { words, lang } = wordsFor(locale);
  const chain = chainOf(locale, snapshot);
  return {
    locale,
    defaultLocale: snapshot.defaultLocale,
    locales: snapshot.locales,
    content,
    settings,
    words,
    wordsLang: lang === locale ? undefined : lang,
    href: (route, other = locale) => link(pathOf(route, other, snapshot.defaultLocale)),
    langOf(record, field) {
      if (!record.fallback_fields?.includes(field)) return undefined;
      // Bursary names the fields it filled from another language, not which one: the first language the chain
      // falls back to is the one a reader's text comes from unless that language lacks it too
      return chain[0];
    },
  };
}
