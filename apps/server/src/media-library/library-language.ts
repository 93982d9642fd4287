import type { ExpressionBuilder } from 'kysely';
import type { MediaItem } from '@bursary/shared';
import type { Database, Db } from '../db/types.ts';
import { altTextsIn } from '../media/alt-in-languages.ts';

/**
 * The media library in a language: which images lack alternative text in it, and the text each image answers.
 * A language other than the default keeps its texts in `media_alt` (media/alt-in-languages.ts), the default's
 * stays in `media.alt`.
 */

/**
 * The language the library answers alternative text in: `one`, a language other than the default (`alt` is its own
 * text, '' when it has none: the library shows what is missing, it never falls back); `every`, `alt_by_locale` beside
 * the default's `alt`. Undefined: the default language, as before languages existed.
 */
export type LibraryLanguage =
  { kind: 'one'; code: string } | { kind: 'every'; codes: readonly string[]; defaultCode: string };

type AltAnswer = Pick<MediaItem, 'alt' | 'alt_by_locale'>;

/** The images with no alternative text of their own in `code`, a language other than the default. */
export const withoutAltIn =
  (code: string) =>
  ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'media'>) =>
    not(
      exists(
        selectFrom('media_alt')
          .select('media_alt.sha256')
          .whereRef('media_alt.sha256', '=', 'media.sha256')
          .where('media_alt.locale', '=', code),
      ),
    );

/**
 * The alternative text each of `images` answers in `language`, read for them all at once: an image's `alt` is the
 * default language's text in `media.alt`.
 */
export async function altAnswersIn(
  db: Db,
  images: readonly { sha256: string }[],
  language: LibraryLanguage | undefined,
): Promise<(image: { sha256: string; alt: string }) => AltAnswer> {
  if (!language) return (image) => ({ alt: image.alt });
  const codes = language.kind === 'one' ? [language.code] : language.codes.filter((c) => c !== language.defaultCode);
  const texts = await altTextsIn(
    db,
    images.map((image) => image.sha256),
    codes,
  );
  return (image) => {
    const own = texts.get(image.sha256);
    if (language.kind === 'one') return { alt: own?.get(language.code) ?? '' };
    const byCode = Object.fromEntries(
      language.codes.map((code) => [code, code === language.defaultCode ? image.alt : (own?.get(code) ?? '')]),
    );
    return { alt: image.alt, alt_by_locale: byCode };
  };
}
