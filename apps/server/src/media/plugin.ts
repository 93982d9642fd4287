import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { documented } from '../lib/api-doc.ts';
import { addVary } from '../lib/reply-headers.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { imageNotFound, parseMediaName } from './media-name.ts';
import { mediaApi } from './plugin-schemas.ts';
import { WEB_RASTER } from './raster.ts';
import { formatForAccept, readVariantQuery, type VariantQuery, variantQuery } from './variant-params.ts';
import { parseQuery } from '../lib/query.ts';
import { CENTRE, type FocalPoint, type VariantSpec } from './variant-render.ts';
import { variantOf, type StoredOriginal } from './variants.ts';

/**
 * Headers of every media answer (ASVS 12.5.2): the exact stored type, never sniffed, and a
 * sandbox so that an SVG opened directly runs nothing and loads nothing. Originals and variants
 * alike never change under their address, so both are cached for a year.
 */
const FIXED_HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

/**
 * Where a crop centres: the focal point stored with the original (PATCH /api/media/{name}), undefined when
 * there is no such original. It is part of a crop's variant key (media/variants.ts), so a moved focal point
 * makes new crops rather than answering the old ones. A resize without a crop does not depend on it.
 */
async function focalPointOf(db: Kysely<Database>, original: StoredOriginal): Promise<FocalPoint | undefined> {
  const row = await db
    .selectFrom('media')
    .select(['focal_x', 'focal_y'])
    .where('sha256', '=', original.sha256)
    .where('ext', '=', original.ext)
    .executeTakeFirst();
  return row && { x: Number(row.focal_x), y: Number(row.focal_y) };
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  image: { sha256: string; type: string; bytes: Uint8Array },
) {
  const etag = `"${image.sha256}"`;
  reply.headers({ ...FIXED_HEADERS, ETag: etag, 'Content-Type': image.type });
  const known = request.headers['if-none-match']?.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (known?.includes(etag)) return reply.code(304).send();
  return reply.send(Buffer.from(image.bytes));
}

/** The variant to make of a raster original, the query's fm=auto decided by Accept. */
function specOf(
  request: FastifyRequest,
  original: StoredOriginal,
  query: VariantQuery,
  focal: FocalPoint,
): VariantSpec {
  const asked = query.format ?? original.format;
  const format = asked === 'auto' ? formatForAccept(request.headers.accept, original.format) : asked;
  return { width: query.width, height: query.height, format, focal };
}

async function mediaPlugin(app: FastifyInstance) {
  const { db } = app;

  const serveOriginal = async (request: FastifyRequest, reply: FastifyReply, sha256: string, ext: string) => {
    const row = await db
      .selectFrom('media')
      .select(['content_type', 'bytes', 'ext'])
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    if (!row || row.ext !== ext) throw imageNotFound();
    return send(request, reply, { sha256, type: row.content_type, bytes: row.bytes });
  };

  app.get<{ Params: { file: string } }>('/media/:file', documented(mediaApi), async (request, reply) => {
    // the query is checked first, so a refused one answers the same 400 whatever the image
    const query = readVariantQuery(parseQuery(variantQuery, request));
    const name = parseMediaName(request.params.file);
    if (!name) throw imageNotFound();
    const { sha256, ext } = name;
    const raster = Object.hasOwn(WEB_RASTER, ext) ? WEB_RASTER[ext] : undefined;
    // an SVG (the one stored type that is not raster) scales by itself: any variant of it is the SVG as stored
    if (!query || !raster) return serveOriginal(request, reply, sha256, ext);
    const original: StoredOriginal = { sha256, ext, format: raster.format };
    if (query.format === 'auto') addVary(reply, 'Accept');
    const focal = query.height === undefined ? CENTRE : await focalPointOf(db, original);
    if (!focal) throw imageNotFound();
    const variant = await variantOf(db, original, specOf(request, original, query, focal));
    if (!variant) throw imageNotFound();
    if (variant.bytes === null) return serveOriginal(request, reply, sha256, ext);
    return send(request, reply, { sha256: variant.sha256, type: variant.content_type, bytes: variant.bytes });
  });
}

export default fp(mediaPlugin, { name: 'bursary-media', fastify: '5.x' });
