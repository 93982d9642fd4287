import { PREVIEW_HEADER } from '@bursary/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findLivePreviewToken } from '../pending/preview-tokens.ts';
import { BadRequestError, UnauthorizedError } from '../lib/errors.ts';
import { queryIsEmpty, soleQueryText } from '../lib/query.ts';
import { notModified } from '../lib/reply-headers.ts';
import type { ViewQuery } from './read-query.ts';

/**
 * What a read answers, decided once per request:
 * - `public`: published records only, as they are live; what the website and every caller without more sees;
 * - `all`: a signed-in reader's `status=all`: drafts too, each record with its status, whether changes wait,
 *   and its scheduled publish and unpublish;
 * - `preview`: a live preview token's view of the site once everything waiting is published: drafts
 *   included, waiting changes applied, no status fields.
 */
export type ReadView = 'public' | 'all' | 'preview';

/** Node names request headers in lower case. */
export const PREVIEW_HEADER_KEY = PREVIEW_HEADER.toLowerCase();
const PREVIEW_REFUSED = 'This preview link has expired or was revoked. Ask for a new one in the console.';

/** The preview token of a read: the `preview` query parameter or the Bursary-Preview header. */
function previewTokenOf(request: FastifyRequest, fromQuery: string | undefined): string | undefined {
  const header = request.headers[PREVIEW_HEADER_KEY];
  const fromHeader = typeof header === 'string' ? header.trim() : undefined;
  return fromQuery ?? fromHeader;
}

/**
 * The public view decided without awaiting anything: no query at all (so no status and no preview
 * parameter) and no preview header. What the website sends, so the cached list answers it at once.
 */
export function isPlainPublicRead(request: FastifyRequest): boolean {
  return queryIsEmpty(request) && request.headers[PREVIEW_HEADER_KEY] === undefined;
}

/**
 * The language of the website's whole list in one language (`?locale=CODE` and nothing else, no preview header),
 * which is cached as the plain list is; undefined for any other read.
 */
export function publicListLanguage(request: FastifyRequest): string | undefined {
  return request.headers[PREVIEW_HEADER_KEY] === undefined ? soleQueryText(request, 'locale') : undefined;
}

/** The view a read's query (parsed with `viewQuery` or `listQuery`) and headers ask for. */
export async function readViewOf(
  app: FastifyInstance,
  request: FastifyRequest,
  { status, preview: previewParam }: ViewQuery,
): Promise<ReadView> {
  const preview = previewTokenOf(request, previewParam);
  if (preview !== undefined) {
    if (status === 'all') throw new BadRequestError('Send either status=all or a preview token, not both.');
    if (!(await findLivePreviewToken(app.db, preview))) throw new UnauthorizedError(PREVIEW_REFUSED);
    return 'preview';
  }
  if (status !== 'all') return 'public';
  // drafts are for signed-in readers of any role: the same check as every route behind a token
  await app.authenticate.call(app, request, undefined as unknown as FastifyReply);
  return 'all';
}

/**
 * 304 for a public read whose version the client holds. The record's tag does not move when its waiting
 * changes or schedule do, so the other views always answer in full (with the tag, for If-Match).
 */
export function answeredNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  view: ReadView,
  etag: string,
): boolean {
  if (view === 'public') return notModified(request, reply, etag);
  void reply.header('ETag', etag);
  return false;
}
