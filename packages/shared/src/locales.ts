/** Wire contracts of the languages a website is published in (GET|POST /api/locales, PATCH|DELETE /api/locales/{code}). */

/** One language: its BCP 47 code in canonical form, its name, where its missing text comes from, and who sees it. */
export interface Locale {
  /** e.g. `fr`, `fr-CA` (canonical: `fr-ca` is stored as `fr-CA`). */
  code: string;
  name: string;
  /** The language a missing translation is read from; null: the default language. */
  fallback: string | null;
  /** Shown on the website: public reads may ask for it. */
  public: boolean;
  /** The language every record is written in first (DEFAULT_LOCALE); there is exactly one. */
  default: boolean;
}

export interface NewLocaleRequest {
  code: string;
  name?: string;
  fallback?: string | null;
}

export interface LocaleChangeRequest {
  name?: string;
  fallback?: string | null;
  public?: boolean;
}

/** `?locale=*`: every translated field answered as an object by language code. */
export const EVERY_LOCALE = '*';
