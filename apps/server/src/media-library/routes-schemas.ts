import { LOGS_MAX_LIMIT, MEDIA_ALT_MAX_LENGTH, type MediaItem, type MediaPatch, type MediaUse } from '@bursary/shared';
import { ALWAYS, answer, BODY, contract, errors, type RouteApi, Shape, totalCount } from '../lib/api-doc.ts';
import { pageQuery, queryText } from '../lib/query.ts';
import { z } from 'zod';

/** The API declarations of the media library's routes (media-library/routes.ts). */

const mediaUse = new Shape(
  'MediaUse',
  contract<MediaUse>()({
    section: { type: 'string', description: "The section's slug, as in /api/{section}" },
    id: { type: 'integer', minimum: 1 },
    title: { type: 'string', description: 'The record as the audit log names it' },
  }),
);

const mediaItem = new Shape(
  'MediaItem',
  contract<MediaItem>()(
    {
      name: { type: 'string', description: 'The file name under /media/: the SHA-256 of the bytes and the extension' },
      url: { type: 'string', description: 'Its address (under PUBLIC_URL when set)' },
      type: { type: 'string', description: 'The exact Content-Type it is served with' },
      width: { type: ['integer', 'null'], description: 'Pixels; null for an SVG' },
      height: { type: ['integer', 'null'], description: 'Pixels; null for an SVG' },
      file_name: {
        type: ['string', 'null'],
        description: "The uploaded file's own name; null for images stored before names were kept, and pasted ones",
      },
      bytes: { type: 'integer', minimum: 0 },
      alt: {
        type: 'string',
        description:
          "What the image shows, for people who cannot see it; '' until written. With locale=CODE, that language's own text ('' when it has none)",
      },
      focal_x: { type: 'number', minimum: 0, maximum: 1, description: 'Where crops centre across, 0 (left) to 1' },
      focal_y: { type: 'number', minimum: 0, maximum: 1, description: 'Where crops centre down, 0 (top) to 1' },
      used_by: {
        type: 'array',
        items: mediaUse,
        description: 'The records that show it in an image field or in rich text: live, drafts and waiting changes',
      },
      created_at: { type: 'string' },
      alt_by_locale: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description:
          "With locale=* only: the alternative text in every language, by code ('' where a language has none); alt stays the default language's",
      },
    },
    [
      'name',
      'url',
      'type',
      'width',
      'height',
      'file_name',
      'bytes',
      'alt',
      'focal_x',
      'focal_y',
      'used_by',
      'created_at',
    ],
  ),
);

export const nameParams = z.object({ name: z.string().meta({ description: 'The file name, e.g. 3f…9a.png' }) });

/** `?unused=1`: on (1) or off (0, empty, or left out). */
const flag = (name: string, meaning: string) =>
  queryText(name, 10)
    .pipe(z.enum(['', '0', '1'], { error: `${name} must be 1 (${meaning}) or 0.` }))
    .transform((text) => text === '1')
    // the document names the two values a client sends
    .meta({ type: 'string', enum: ['0', '1'], description: `1: ${meaning}` })
    .optional();

/** The media library's list query, in the order its parameters are checked. */
export const mediaListQuery = z.object({
  unused: flag('unused', 'only images nothing uses'),
  missing_alt: flag('missing_alt', 'only images without alternative text (in the language of locale, when given)'),
  locale: queryText('locale', 40).optional().meta({
    description:
      "A language code (GET /api/locales): alt is that language's own text; * adds alt_by_locale, every language's",
  }),
  ...pageQuery(LOGS_MAX_LIMIT),
});

/** PATCH's query: the language whose alternative text is written (the focal point is every language's). */
const mediaPatchQuery = z.object({
  locale: queryText('locale', 40).optional().meta({
    description:
      "A language code (GET /api/locales): alt is written in that language; left out, the default language's",
  }),
});

const focal = (axis: string) => ({
  type: 'number',
  minimum: 0,
  maximum: 1,
  description: `Where crops centre ${axis}, from 0 to 1 (kept to four decimals)`,
});

const patchBody = {
  ...contract<MediaPatch>()(
    {
      alt: {
        type: 'string',
        maxLength: MEDIA_ALT_MAX_LENGTH,
        description: "Plain text on one line, trimmed; '' removes it",
      },
      focal_x: focal('across'),
      focal_y: focal('down'),
    },
    [],
  ),
  minProperties: 1,
};

export const mediaLibraryApi = {
  list: {
    operationId: 'listMedia',
    summary: 'Every stored image, newest first (100 without parameters), with the records that use it',
    tags: ['Media'],
    token: true,
    query: mediaListQuery,
    answers: {
      200: answer('The images; X-Total-Count holds how many match', { type: 'array', items: mediaItem }, totalCount),
      ...errors(...ALWAYS, 401),
    },
  },
  patch: {
    operationId: 'updateMedia',
    summary: "Set an image's alternative text (in a language with locale) and/or focal point (editors)",
    tags: ['Media'],
    token: true,
    params: nameParams,
    query: mediaPatchQuery,
    body: patchBody,
    answers: {
      200: answer('The image as updated (its alt in the language written)', mediaItem),
      ...errors(...ALWAYS, ...BODY, 401, 404, 409),
    },
  },
  delete: {
    operationId: 'deleteMedia',
    summary:
      'Delete an image and its variants (editors); refused while a record, a draft, waiting changes or a kept revision uses it',
    tags: ['Media'],
    token: true,
    params: nameParams,
    answers: { 204: answer('Deleted'), ...errors(...ALWAYS, ...BODY, 401, 404, 409) },
  },
} satisfies Record<string, RouteApi>;
