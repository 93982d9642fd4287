import { VARIANT_SIZES } from '@bursary/shared';
import { BadRequestError } from '../lib/errors.ts';
import { queryText } from '../lib/query.ts';
import { z } from 'zod';

const VARIANT_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** What the query asked for; `format` is still 'auto' when the Accept header is to choose. */
export interface VariantQuery {
  width?: number;
  /** Set only with fit=cover: the image is cropped to width × height around its focal point. */
  height?: number;
  format?: VariantFormat | 'auto';
}

const sizeList = VARIANT_SIZES.join(', ');

// one spelling per size ("0320" is refused): each variant has a single address to cache
const size = (name: 'w' | 'h', description: string) =>
  queryText(name, 10)
    .transform((text, ctx) => {
      const value = Number(text);
      if (String(value) === text && (VARIANT_SIZES as readonly number[]).includes(value)) return value;
      ctx.issues.push({ code: 'custom', input: text, message: `${name} must be one of ${sizeList}.` });
      return z.NEVER;
    })
    .meta({ type: 'integer', enum: [...VARIANT_SIZES], description })
    .optional();

/**
 * The query of a /media request, in the order its parameters are checked. Other parameters are ignored,
 * as on any file: websites and CDNs add cache-busters such as `?v=2` to image addresses, and an ignored
 * parameter makes no new variant, so what the server renders stays the closed set.
 */
export const variantQuery = z.object({
  w: size('w', 'Width in pixels; the original width when that is smaller'),
  h: size('h', 'Height of a crop, with fit=cover and w'),
  fm: queryText('fm', 10)
    .pipe(z.enum([...VARIANT_FORMATS, 'auto'], { error: `fm must be one of ${VARIANT_FORMATS.join(', ')} or auto.` }))
    .optional()
    .meta({
      description: "Format; auto: AVIF or WebP when Accept lists them, else the original's (answers Vary: Accept)",
    }),
  fit: queryText('fit', 10)
    .pipe(z.enum(['cover'], { error: 'fit must be cover.' }))
    .optional()
    .meta({ description: 'Crop to w × h, keeping the focal point in view' }),
});

/** The variant a /media query (parsed with `variantQuery`) asks for; undefined for the original. */
export function readVariantQuery({
  w: width,
  h: height,
  fm: format,
  fit,
}: z.output<typeof variantQuery>): VariantQuery | undefined {
  if ((fit === undefined) !== (height === undefined))
    throw new BadRequestError('h and fit=cover go together: send both, with w, to crop the image.');
  if (fit !== undefined && width === undefined) throw new BadRequestError('fit=cover needs w as well as h.');
  if (width === undefined && format === undefined) return undefined;
  return { width, height, format };
}

/**
 * The format fm=auto answers: AVIF, then WebP, when the browser says it takes them, else the original's.
 * Only explicit types count: a browser that sends just `*∕*` may not decode either. An animated GIF never
 * becomes AVIF, which would keep only its first frame.
 */
export function formatForAccept(accept: string | undefined, original: VariantFormat | 'gif'): VariantFormat | 'gif' {
  const accepted = new Set(
    (accept ?? '')
      .split(',')
      .map((range) => range.split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/i.test(p)))
      .map(([type]) => (type ?? '').trim().toLowerCase()),
  );
  if (accepted.has('image/avif') && original !== 'gif') return 'avif';
  if (accepted.has('image/webp')) return 'webp';
  return original;
}
