import type { Locale } from '@bursary/shared';
import type { MediaItem } from '@bursary/shared/media';

/** An image's alternative text in a language: the default's is `alt`; another's comes with the library's `locale=*`. */
export function altTextIn(item: MediaItem, language: Locale | undefined): string {
  if (!language || language.default) return item.alt;
  return item.alt_by_locale?.[language.code] ?? '';
}

/**
 * The public languages besides the default that an image has no alternative text in, as the library's badges name
 * them ('FR alt text missing'). None when the library was not read in every language.
 */
export function languagesMissingAlt(item: MediaItem, languages: readonly Locale[]): Locale[] {
  if (!item.alt_by_locale) return [];
  return languages.filter((l) => l.public && !l.default && !item.alt_by_locale?.[l.code]);
}
