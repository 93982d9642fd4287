import { VARIANT_SIZES } from '@bursary/shared';
import { BadRequestError } from '../lib/errors.ts';
import { textParam } from '../lib/query.ts';

export const VARIANT_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** What the query asked for; `format` is still 'auto' when the Accept header is to choose. */
export interface VariantQuery {
  width?: number;
  /** Set only with fit=cover: the image is cropped to width × height around its focal point. */
  height?: number;
  format?: VariantFormat | 'auto';
}

const sizeList = VARIANT_SIZES.join(', ');

function sizeParam(query: Record<string, unknown>, name: 'w' | 'h'): number | undefined {
  const text = textParam(query, name, 10);
  if (text === undefined) return undefined;
  const size = Number(text);
  // one spelling per size ("0320" is refused): each variant has a single address to cache
  if (String(size) !== text || !(VARIANT_SIZES as readonly number[]).includes(size))
    throw new BadRequestError(`${name} must be one of ${sizeList}.`);
  return size;
}

function formatParam(query: Record<string, unknown>): VariantFormat | 'auto' | undefined {
  const text = textParam(query, 'fm', 10);
  if (text === undefined) return undefined;
  if (text === 'auto' || (VARIANT_FORMATS as readonly string[]).includes(text)) return text as VariantFormat | 'auto';
  throw new BadRequestError(`fm must be one of ${VARIANT_FORMATS.join(', ')} or auto.`);
}

/** Reads and checks the query of a /media request; undefined when it asks for no variant (the original). */
/**
 * Other parameters are ignored, as on any file: websites and CDNs add cache-busters such as `?v=2` to image
 * addresses, and an ignored parameter makes no new variant, so what the server renders stays the closed set.
 */
export function readVariantQuery(query: Record<string, unknown>): VariantQuery | undefined {
  const width = sizeParam(query, 'w');
  const height = sizeParam(query, 'h');
  const format = formatParam(query);
  const fit = textParam(query, 'fit', 10);
  if (fit !== undefined && fit !== 'cover') throw new BadRequestError('fit must be cover.');
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
