import type { SectionRecord } from '@bursary/shared';

/**
 * The field names of a record: any name for a record read without its section (SectionRecord), only the
 * section's own for a RecordOf<section>, so that a misspelt name does not compile.
 */
type FieldOf<R> = string extends keyof R ? string : Exclude<keyof R, 'id'> & string;

/** A record's field as display text, or the page's default when it is missing or blank. */
export function fieldTextOr<R extends { id: number }>(record: R, name: FieldOf<R>, fallback: string): string {
  const value: unknown = Reflect.get(record, name);
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

/** The string value of a field, or '' when it holds none. */
export function fieldText<R extends { id: number }>(record: R, name: FieldOf<R>): string {
  const value: unknown = Reflect.get(record, name);
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** HTML as plain text: tags removed, entities decoded by the browser's parser, spaces collapsed. */
export function stripTags(html: string): string {
  // a space where a block or line ends, so words of two paragraphs or list items stay apart
  const spaced = html.replace(/<(\/(?:p|li|h[1-6]|div|blockquote|pre|ol|ul)|br)\b/gi, ' <$1');
  const doc = new DOMParser().parseFromString(spaced, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The first 150 characters of the text, then '...'. */
const SNIPPET_LENGTH = 150;

export function snippet(html: string, length = SNIPPET_LENGTH): string {
  const text = stripTags(html);
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** The heading name of a slug: its first hyphen read as a space. */
export function slugHeading(slug: string): string {
  return slug.replace('-', ' ');
}

/** The sub-items of a record's list field, e.g. record.steps. */
export function itemsOf(record: SectionRecord, field: string): { id: number; [key: string]: unknown }[] {
  const value = record[field];
  return Array.isArray(value) ? (value as { id: number }[]) : [];
}
