import { PREVIEW_HEADER } from '@bursary/shared';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import { isPrivateRead, isPublicReadPath, isReadMethod } from './public-reads.ts';
import { addVary } from '../lib/reply-headers.ts';

/** What a browser on the website may send with a read: revalidation and a preview token, nothing that signs in. */
const PUBLIC_READ_HEADERS = ['If-None-Match', PREVIEW_HEADER];

/** A cross-origin read, or the preflight asking whether one is allowed, of an address the website reads. */
function isCrossOriginRead(request: FastifyRequest): boolean {
  const method =
    request.method === 'OPTIONS' ? request.headers['access-control-request-method'] : (request.method as string);
  return isReadMethod(typeof method === 'string' ? method.toUpperCase() : undefined) && isPublicReadPath(request.url);
}

/**
 * How content reaches the fund's website: cross-origin reads for the origins the operator listed, shared-cache
 * policy on public reads, and no search-engine indexing of Bursary itself.
 */
export default fp(
  async (app) => {
    const { corsOrigins, publicCacheSeconds } = app.config;
    if (corsOrigins === '*' || corsOrigins.length > 0) {
      const allowed = {
        origin: corsOrigins,
        methods: ['GET', 'HEAD'],
        allowedHeaders: PUBLIC_READ_HEADERS,
        exposedHeaders: ['ETag', 'X-Total-Count'],
        credentials: false,
        maxAge: 600,
      };
      // every other route answers as if CORS did not exist: no header, and a preflight gets the ordinary 404
      await app.register(cors, {
        delegator: (request, callback) => callback(null, isCrossOriginRead(request) ? allowed : { origin: false }),
      });
    }

    // browsers revalidate every time, so staff checking their change never see the old version; only shared
    // caches may answer from a stale copy while they fetch the new one (CDN-Cache-Control is theirs alone)
    const publicPolicy = `public, max-age=0, s-maxage=${publicCacheSeconds}`;
    const sharedPolicy = `public, s-maxage=${publicCacheSeconds}, stale-while-revalidate=${publicCacheSeconds}`;
    // a browser has no heuristic freshness for an answer without Last-Modified, so it keeps no copy of this one
    const missingPolicy = `public, s-maxage=${publicCacheSeconds}`;
    // a callback hook, not an async one: it runs on every answer, and a promise per answer shows in the reads' figures
    app.addHook('onSend', (request, reply, payload, done) => {
      void reply.header('X-Robots-Tag', 'noindex, nofollow');
      // media set their own policy (content-addressed, immutable)
      if (isReadMethod(request.method) && request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        const status = reply.statusCode;
        const website = isPublicReadPath(request.url);
        // the same address answers a preview with the header: a cache must never hand one's answer to the other
        if (website) addVary(reply, PREVIEW_HEADER);
        if (isPrivateRead(request.headers, request.url)) {
          if (website || status < 400) void reply.header('Cache-Control', 'private, no-store');
        } else if (website && status < 400) {
          void reply.header('Cache-Control', publicPolicy).header('CDN-Cache-Control', sharedPolicy);
        } else if (website && status === 404) {
          // a cache holding the copy of a record that was deleted or taken off replaces it with this
          void reply.header('Cache-Control', missingPolicy);
        }
      }
      done(null, payload);
    });

    app.get('/robots.txt', async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .send('User-agent: *\nDisallow: /\n'),
    );
  },
  { name: 'bursary-delivery', dependencies: ['bursary-db'] },
);
