import type { Db } from '../db/types.ts';
import { type MediaName } from './media-name.ts';

/**
 * An image's alternative text in languages other than the default (`media_alt`): the default language's stays in
 * `media.alt`. A language without text of its own has no row, and its readers fall back as for any translated field.
 */

/** Several images' alternative texts in some languages: by image (SHA-256), then by language code. */
export async function altTextsIn(
  db: Db,
  sha256s: readonly string[],
  locales: readonly string[],
): Promise<Map<string, Map<string, string>>> {
  const found = new Map<string, Map<string, string>>();
  if (sha256s.length === 0 || locales.length === 0) return found;
  const rows = await db
    .selectFrom('media_alt')
    .select(['sha256', 'locale', 'alt'])
    .where('sha256', 'in', [...sha256s])
    .where('locale', 'in', [...locales])
    .execute();
  for (const row of rows) {
    const byLocale = found.get(row.sha256) ?? new Map<string, string>();
    byLocale.set(row.locale, row.alt);
    found.set(row.sha256, byLocale);
  }
  return found;
}

/**
 * Sets an image's alternative text in a language other than the default, in the caller's transaction; '' removes
 * it (the language falls back again). Answers whether anything changed.
 */
export async function setAltTextIn(
  trx: Db,
  name: MediaName,
  locale: string,
  alt: string,
  now: string,
): Promise<boolean> {
  const current = await trx
    .selectFrom('media_alt')
    .select('alt')
    .where('sha256', '=', name.sha256)
    .where('locale', '=', locale)
    .executeTakeFirst();
  if ((current?.alt ?? '') === alt) return false;
  if (alt === '') {
    await trx.deleteFrom('media_alt').where('sha256', '=', name.sha256).where('locale', '=', locale).execute();
    return true;
  }
  await trx
    .insertInto('media_alt')
    .values({ sha256: name.sha256, locale, alt, updated_at: now })
    .onConflict((oc) => oc.columns(['sha256', 'locale']).doUpdateSet({ alt, updated_at: now }))
    .execute();
  return true;
}
