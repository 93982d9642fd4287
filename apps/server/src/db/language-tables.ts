import type { ColumnType } from 'kysely';

/** A language the website is published in (migration 018); the default language has a row too. */
export interface LocalesTable {
  /** The BCP 47 code in canonical form: `fr`, `fr-CA`. */
  code: string;
  name: string;
  /** The language a missing translation is read from; null: the default language. */
  fallback: string | null;
  /** 1 while the website may read it. */
  public: ColumnType<number, number | undefined, number>;
  /** 1 on the row of DEFAULT_LOCALE, as the last start set it (migration 023). */
  is_default: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/**
 * One translated field of a record or of one of its sub-items in a language other than the default (migration 018).
 * The default language's values stay in the section tables; shared fields are never stored here.
 */
export interface TranslationsTable {
  section: string;
  record_id: number;
  /** The sub-item the text belongs to; 0 for the record's own fields. */
  item_id: number;
  locale: string;
  /** The registry's field name, or the sub-item list's item key. */
  field: string;
  value: string;
  /** When this language's value was last written. */
  updated_at: string;
  /**
   * The fingerprint of the default language's value this one was translated from (migration 023): when the default
   * value's fingerprint differs, the translation is outdated. Null: written before it was kept, counted current.
   */
  source: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * The changes waiting on a record in one language other than the default (migration 023): that language's
 * translated values as they will be once published.
 */
export interface PendingTranslationsTable {
  section: string;
  record_id: number;
  locale: string;
  /** JSON: `{fields: {name: text or null}, items: {id: text or null}}`; null clears the value, which falls back again. */
  changes: string;
  /** Counts the saves of these changes: their own ETag. */
  version: ColumnType<number, number | undefined, number>;
  username: string;
  updated_at: string;
}
