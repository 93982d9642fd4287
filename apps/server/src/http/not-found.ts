import fp from 'fastify-plugin';
import { sections, UNSUPPORTED_SECTION } from '@bursary/shared';
import { NotFoundError } from '../lib/errors.ts';
import { isBuildMetadata } from './console.ts';

/** The first path segments under /api that are not sections. */
const BESPOKE_API_PREFIXES = new Set(['login', 'logout', 'me', 'users', 'logs', 'health', 'metrics', 'openapi.json', 'revisions', 'trash']);
const SECTION_SLUGS = new Set(sections.map((s) => s.slug));

function apiSegment(url: string): string | null {
  const path = url.split('?')[0] ?? '';
  const match = /^\/api(?:$|\/([^/]*))/.exec(path);
  return match ? (match[1] ?? '') : null;
}

/**
 * Unknown addresses: under /api a JSON 404 (an unknown section says so: 'Section not found'), behind the
 * token for anything but a read so that probing without one learns nothing; under /media a JSON
 * 404; any other read is a console route and gets the console.
 */
export default fp(async (app) => {
  app.setNotFoundHandler(async (request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const segment = apiSegment(request.url);
    if (segment !== null) {
      if (!isRead) await app.authenticate(request, reply);
      if (!SECTION_SLUGS.has(segment) && !BESPOKE_API_PREFIXES.has(segment)) throw new NotFoundError(UNSUPPORTED_SECTION);
      throw new NotFoundError('This address does not exist in the API. The routes are listed at /api/openapi.json.');
    }
    if (request.url.startsWith('/media/')) throw new NotFoundError('No such image.');
    if (isRead && !isBuildMetadata(request.url)) return app.sendConsoleIndex(reply);
    throw new NotFoundError('This address does not exist.');
  });
}, { name: 'bursary-not-found', dependencies: ['bursary-console'] });
