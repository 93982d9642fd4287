import type { ImageField } from './records.ts';
import { srcset, type VariantFormat, type VariantWidth } from './srcset.ts';

export interface ImageOptions {
  /** The widths to offer in `srcset` (those Bursary renders: 160, 320, 640, 960, 1280, 1920). */
  widths: readonly VariantWidth[];
  /** The `sizes` attribute, such as `(min-width: 40em) 33vw, 100vw`: passed through. */
  sizes: string;
  /** The format of every `srcset` candidate; `auto` lets Bursary pick AVIF or WebP from the browser's Accept. */
  format?: VariantFormat;
}

export interface StandaloneImageOptions extends ImageOptions {
  /** Bursary's address, for records that name images by path (`/media/…`, when Bursary's PUBLIC_URL is unset). */
  baseUrl?: string;
}

/** What an `<img>` needs, each attribute ready to write out. */
export interface ResponsiveImage {
  /** The original's address (absolute when a `baseUrl` is known). */
  src: string;
  srcset: string;
  sizes: string;
  /** The original's pixels (`F_width`, `F_height`); null for an SVG or one not measured yet. */
  width: number | null;
  height: number | null;
  /** The alternative text (`F_alt`); '' when it has none, which marks the image as decorative. */
  alt: string;
  /** The focal point as CSS `object-position`, such as `30% 60%`; `50% 50%` when none is set. */
  objectPosition: string;
}

const percent = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? `${Number((value * 100).toFixed(2))}%` : '50%';

/**
 * An image field of a record as `<img>` attributes: `src`, `srcset`, `sizes`, `width`, `height`, `alt`, and the
 * focal point as `objectPosition`. Null when the field is empty. `field` is one of the record's image fields.
 */
export function image<R extends object, F extends ImageField<R>>(
  record: R,
  field: F,
  options: StandaloneImageOptions,
): ResponsiveImage | null {
  const fields = record as Record<string, unknown>;
  const value = fields[field];
  if (typeof value !== 'string' || value === '') return null;
  const number = (name: string) => {
    const n = fields[`${field}_${name}`];
    return typeof n === 'number' ? n : null;
  };
  const alt = fields[`${field}_alt`];
  const width = number('width');
  return {
    src: options.baseUrl ? new URL(value, options.baseUrl).href : value,
    srcset: srcset({ src: value, width }, options.widths, {
      ...(options.format ? { format: options.format } : {}),
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    }),
    sizes: options.sizes,
    width,
    height: number('height'),
    alt: typeof alt === 'string' ? alt : '',
    objectPosition: `${percent(fields[`${field}_focal_x`])} ${percent(fields[`${field}_focal_y`])}`,
  };
}
