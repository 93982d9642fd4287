import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../lib/errors.ts';
import { ALWAYS, documented, errors, etag, ifNoneMatch, notModified, type RouteApi } from '../lib/api-doc.ts';

const MEDIA_FILE = /^([0-9a-f]{64})\.([a-z0-9]{1,5})$/;

/**
 * Headers of every media answer (ASVS 12.5.2): the exact stored type, never sniffed, and a
 * sandbox so that an SVG opened directly runs nothing and loads nothing.
 */
const FIXED_HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

const mediaApi: RouteApi = {
  summary: 'An uploaded image',
  params: { type: 'object', required: ['file'], properties: { file: { type: 'string' } } },
  headers: ifNoneMatch,
  answers: {
    200: { description: 'The image bytes', headers: etag, type: 'null' },
    ...notModified,
    ...errors(...ALWAYS, 404),
  },
};

const imageNotFound = () => new NotFoundError('No such image. It may have been replaced; reload the page.');

async function mediaPlugin(app: FastifyInstance) {
  const { db } = app;

  app.get<{ Params: { file: string } }>('/media/:file', documented(mediaApi), async (request, reply) => {
    const match = MEDIA_FILE.exec(request.params.file);
    if (!match) throw imageNotFound();
    const [, sha256, ext] = match;
    const row = await db
      .selectFrom('media')
      .select(['content_type', 'bytes', 'ext'])
      .where('sha256', '=', sha256 as string)
      .executeTakeFirst();
    if (!row || row.ext !== ext) throw imageNotFound();
    const etag = `"${sha256}"`;
    reply.headers({ ...FIXED_HEADERS, ETag: etag, 'Content-Type': row.content_type });
    const known = request.headers['if-none-match']?.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    if (known?.includes(etag)) return reply.code(304).send();
    return reply.send(Buffer.from(row.bytes));
  });
}

export default fp(mediaPlugin, { name: 'bursary-media', fastify: '5.x' });
