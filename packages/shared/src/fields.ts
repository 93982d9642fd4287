/** How a field is edited and stored. The console maps each kind to one input component. */
export type FieldKind = 'text' | 'textarea' | 'richtext' | 'number' | 'date' | 'image';

/**
 * When a field must be filled: on every write, on create only, on update (an edit) only, or never;
 * the same words as WriteMode, the create/update mode of shared, server and console.
 * The success-stories section wants its image on create and student_name on edit only.
 */
export type Requirement = 'always' | 'create' | 'update' | 'never';

export interface FieldDef {
  kind: FieldKind;
  label: string;
  required: Requirement;
  /** Longest accepted value, in characters (text kinds only). */
  max: number;
  /**
   * Whether each language has its own value (text a reader reads as prose or labels) or every language shares one
   * (names of people and institutions, numbers, dates, sources, images): a shared value is stored once, so no copy
   * of it can drift from the others.
   */
  translated: boolean;
}

type FieldOptions = {
  required?: Requirement;
  max?: number;
  /** Text that is the same in every language: a person's or an institution's name, a source. */
  shared?: true;
};

/** Only text is written per language; a number, a date or an image is one value for every language. */
const TRANSLATED_KINDS: ReadonlySet<FieldKind> = new Set(['text', 'textarea', 'richtext']);

const field =
  (kind: FieldKind, defaultMax: number) =>
  (label: string, options: FieldOptions = {}): FieldDef => ({
    kind,
    label,
    required: options.required ?? 'never',
    max: options.max ?? defaultMax,
    translated: TRANSLATED_KINDS.has(kind) && options.shared !== true,
  });

/** The names of a section's fields each language has its own value of, in the registry's order. */
export const translatedFieldsOf = (fields: Fields): string[] =>
  Object.entries(fields)
    .filter(([, def]) => def.translated)
    .map(([name]) => name);

export const text = field('text', 300);
export const textarea = field('textarea', 5_000);
/**
 * Rich HTML, at most `max` characters besides the images pasted into it. The editor embeds a pasted
 * image as a data URL and the server moves it to the media store on save, so a stored body holds
 * kilobytes; the value as sent, images included, is bounded by RICH_TEXT_SENT_MAX.
 */
export const richText = field('richtext', 2_000_000);
/** The most characters a rich-text value may be sent with, its pasted images included: a few photos per save. */
export const RICH_TEXT_SENT_MAX = 10_000_000;

/** A pasted image as the editor embeds it: a base64 data URL (white space inside is tolerated by browsers). */
const PASTED_IMAGE = /data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/=\s]*/gi;

/** The characters of rich text that are not pasted images' data URLs: what its `max` bounds. */
export function lengthBesidesPastedImages(html: string): number {
  if (!html.includes('data:image/')) return html.length;
  let images = 0;
  for (const [url] of html.matchAll(PASTED_IMAGE)) images += url.length;
  return html.length - images;
}
export const number = field('number', 0);
/** A calendar date, YYYY-MM-DD on the wire. */
export const date = field('date', 10);
/** An uploaded image; on read, the URL of the stored media. */
export const image = field('image', 2_048);

export type Fields = Record<string, FieldDef>;

export type WriteMode = 'create' | 'update';

export function isRequired(def: FieldDef, mode: WriteMode): boolean {
  if (def.required === 'always') return true;
  return def.required === mode;
}

/**
 * Rich text that shows something: not only tags, white space and &nbsp; (an image counts). A
 * pattern rather than code, so that the API description carries the very same rule.
 */
export const BLANK_HTML = /^(?:\s|&nbsp;|<(?![iI][mM][gG]\b)[^>]*>)*$/;
export const SHOWS_SOMETHING = new RegExp(`^(?!${BLANK_HTML.source.slice(1)})`);

/** Rich text that shows nothing: only tags, spaces and &nbsp;, and no image. */
export function isBlankHtml(html: string): boolean {
  return !SHOWS_SOMETHING.test(html);
}

/** Whether a value fills its field: rich text must show something, other text must not be blank. */
export function isFilled(def: FieldDef, value: unknown): boolean {
  if (typeof value !== 'string') return def.kind === 'number' && value !== undefined && value !== null;
  return def.kind === 'richtext' ? !isBlankHtml(value) : value.trim() !== '';
}
