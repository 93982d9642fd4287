import { createHash } from 'node:crypto';

/**
 * Strong entity tags for records: the id and the version, so any write changes the tag and a
 * stale save is refused with 412. Weak tags never match: a save must name the exact version it edited.
 */
export const etagOf = (id: number, version: number): string => `"${id}-${version}"`;

/**
 * A strong tag for an answer that has no version of its own (the languages, the API document): a digest of the
 * body, so the same body always has the same tag and any change to it a new one.
 */
export const contentEtag = (body: string): string =>
  `"${createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 22)}"`;

/**
 * Whether an If-Match header names the current tag. `*` matches any existing record; a list is
 * matched element by element; weak tags (W/"…") are refused as the standard's strong comparison asks.
 */
export function ifMatchAccepts(header: string, current: string): boolean {
  const trimmed = header.trim();
  if (trimmed === '*') return true;
  return trimmed
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => !tag.startsWith('W/') && tag === current);
}

/** The If-Match header of a request, or undefined when the client sent none (then the write is accepted). */
export function readIfMatch(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['if-match'];
  if (Array.isArray(value)) return value.join(',');
  return value === undefined || value === '' ? undefined : value;
}
