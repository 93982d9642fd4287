import type { components, paths } from './api-types.ts';

/** A section a website reads: `faqs`, `success-stories`, … (each has a list and a read by id). */
export type Section = {
  [Path in keyof paths]: Path extends `/api/${infer Slug}/{id}` ? Slug : never;
}[keyof paths];

/** A record of a section exactly as the API document describes it: every shape a read can answer at once. */
type Described<S extends Section> = components['schemas'][`Record.${S}`];

/** A translated field's value in a `locale=*` read: its text in each language, by code (null where there is none). */
export type ByLocale = { [code: string]: string | null };

/** Fields only signed-in reads (`status=all`) or every-language reads (`locale=*`) carry: never on a website's page. */
type StaffField = 'status' | 'has_changes' | 'publish_at' | 'unpublish_at' | 'translations';
/** Fields a one-language read (`locale=CODE`) adds, which a `locale=*` read does not carry. */
type OneLanguageField = 'locale' | 'fallback_fields';

/** A field's value in one language: a translated field is its text (the by-code object is locale=*'s alone). */
type InOneLanguage<T> = T extends readonly (infer Item)[]
  ? Item extends object
    ? OneLanguage<Item>[]
    : T
  : Exclude<T, ByLocale>;
type OneLanguage<T> = { [K in keyof T as K extends StaffField ? never : K]: InOneLanguage<T[K]> };

/** A field's value in a locale=* read: a translated field is its text by code, a shared one its single value. */
type InEveryLanguage<T> = ByLocale extends T
  ? ByLocale
  : T extends readonly (infer Item)[]
    ? Item extends object
      ? EveryLanguage<Item>[]
      : T
    : T;
type EveryLanguage<T> = {
  [K in keyof T as K extends Exclude<StaffField, 'translations'> | OneLanguageField ? never : K]: InEveryLanguage<T[K]>;
};

/**
 * A record of a section as a website reads it (published, in one language): each text field is its text
 * (`string | null`, HTML for rich text), each image `F` comes with `F_alt`, `F_width`, `F_height`, `F_focal_x`,
 * `F_focal_y`, and with `locale` asked, `locale` and `fallback_fields` (the translated fields shown in another
 * language). Derived from the generated API types; staff fields (`status`, `translations`, …) are left out.
 */
export type RecordOf<S extends Section> = OneLanguage<Described<S>>;

/**
 * A record read with `locale: '*'` (a preview token is needed): each translated field, image alternative text
 * included, as its text by language code (`{ en: '…', fr: null }`); shared fields, such as names, dates and images,
 * one value; `translations` names, for each language but the default, the fields missing or outdated in it.
 */
export type AllLocalesRecordOf<S extends Section> = EveryLanguage<Described<S>>;

/** The image fields of a record type: each field `F` that has `F_alt` and `F_width` beside it (`'image'`, …). */
export type ImageField<R> = {
  [K in keyof R & string]-?: `${K}_alt` extends keyof R ? (`${K}_width` extends keyof R ? K : never) : never;
}[keyof R & string];

/** The image fields of a section's records: `ImageFieldOf<'success-stories'>` is `'image'`. */
export type ImageFieldOf<S extends Section> = ImageField<RecordOf<S>>;
