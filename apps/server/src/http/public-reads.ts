import { sections } from '@bursary/shared';
import { PREVIEW_HEADER_KEY } from '../records/read-view.ts';

const sectionSlugs = new Set(sections.map((section) => section.slug));

/** What the website reads beside the sections: the languages it may show, and the API document it is built against. */
const WEBSITE_PATHS = new Set(['/api/locales', '/api/openapi.json']);

/**
 * The addresses the fund's website reads: a section's list, one of its records, media, the languages and the API
 * document. Everything else (sign-in, writes, pending changes, schedules, history, users, logs, webhooks) is the
 * console's alone.
 */
export function isPublicReadPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  if (WEBSITE_PATHS.has(path) || /^\/media\/[^/]+$/.test(path)) return true;
  const match = /^\/api\/([a-z0-9-]+)(?:\/(\d+))?\/?$/.exec(path);
  return match !== null && sectionSlugs.has(match[1] ?? '');
}

export const isReadMethod = (method: string | undefined): boolean => method === 'GET' || method === 'HEAD';

/** A read that answers what only staff may see: signed in, all statuses, or a preview. */
export function isPrivateRead(headers: Record<string, unknown>, url: string): boolean {
  if (headers.authorization !== undefined || headers[PREVIEW_HEADER_KEY] !== undefined) return true;
  // the website's plain reads have no query: they skip building one, on every read of the list
  const mark = url.indexOf('?');
  if (mark === -1) return false;
  const query = new URLSearchParams(url.slice(mark + 1));
  return query.has('preview') || query.has('status');
}
