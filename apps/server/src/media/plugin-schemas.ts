import { ALWAYS, errors, ifNoneMatch, notModified, type RouteApi } from '../lib/api-doc.ts';
import { VARIANT_SIZES } from '@bursary/shared';
import { VARIANT_FORMATS } from './variant-params.ts';

const size = (what: string) => ({ type: 'integer', enum: [...VARIANT_SIZES], description: what });

/** The API declaration of GET /media/{file} (media/plugin.ts). */
export const mediaApi: RouteApi = {
  summary:
    'An uploaded image, or a variant of a raster image: resized to at most w wide (never enlarged), converted by fm, cropped to w × h around its focal point with fit=cover. An SVG is always answered as it is. Any other query parameter is refused.',
  params: { type: 'object', required: ['file'], properties: { file: { type: 'string' } } },
  query: {
    type: 'object',
    additionalProperties: false,
    properties: {
      w: size('Width in pixels; the original width when that is smaller'),
      h: size('Height of a crop, with fit=cover and w'),
      fit: { type: 'string', enum: ['cover'], description: 'Crop to w × h, keeping the focal point in view' },
      fm: {
        type: 'string',
        enum: [...VARIANT_FORMATS, 'auto'],
        description: "Format; auto: AVIF or WebP when Accept lists them, else the original's (answers Vary: Accept)",
      },
    },
  },
  headers: ifNoneMatch,
  answers: {
    200: {
      description: 'The image bytes, cached for a year (immutable)',
      headers: {
        ETag: { type: 'string', description: 'Strong: the SHA-256 of the bytes answered' },
        Vary: { type: 'string', description: 'Accept, when fm=auto chose the format' },
      },
      type: 'null',
    },
    ...notModified,
    ...errors(...ALWAYS, 404),
  },
};
