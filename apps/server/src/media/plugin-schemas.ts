import { ALWAYS, errors, ifNoneMatch, notModified, type RouteApi } from '../lib/api-doc.ts';
import { variantQuery } from './variant-params.ts';

/** The API declaration of GET /media/{file} (media/plugin.ts). */
export const mediaApi: RouteApi = {
  operationId: 'getMediaFile',
  summary:
    'An uploaded image, or a variant of a raster image: resized to at most w wide (never enlarged), converted by fm, cropped to w × h around its focal point with fit=cover. An SVG is always answered as it is. Other query parameters are ignored.',
  params: { type: 'object', required: ['file'], properties: { file: { type: 'string' } } },
  query: variantQuery,
  headers: ifNoneMatch,
  answers: {
    200: {
      description: 'The image bytes, cached for a year (immutable)',
      headers: {
        ETag: { type: 'string', description: 'Strong: the SHA-256 of the bytes answered' },
        'Cache-Control': { type: 'string', description: 'public, max-age=31536000, immutable' },
        Vary: { type: 'string', description: 'Accept, when fm=auto chose the format' },
      },
      // binary, whatever image type it is: a generated client reads it as a blob, never as JSON
      content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
    },
    ...notModified,
    ...errors(...ALWAYS, 404),
  },
};
