import type { paths } from './api-types.ts';

type MediaQuery = NonNullable<paths['/media/{file}']['get']['parameters']['query']>;
/** The widths Bursary renders an image at (any other is refused, so that each variant has one address). */
export type VariantWidth = NonNullable<MediaQuery['w']>;
export type VariantFormat = NonNullable<MediaQuery['fm']>;

/**
 * An image field's value, or the value with the stored original's width (`F_width` beside field `F` in a record):
 * with the width, no candidate claims more pixels than the original has.
 */
export type ImageSource = string | { src: string; width?: number | null };

export interface SrcsetOptions {
  /** The format of every candidate; `auto`: AVIF or WebP as the browser accepts (Bursary answers Vary: Accept). */
  format?: VariantFormat;
  /** What a path such as `/media/…` is relative to: Bursary's address (records name images by path unless
   * Bursary's PUBLIC_URL is set). */
  baseUrl?: string;
}

/**
 * The `srcset` of an image at the given widths: `…/media/ab12.jpg?w=320 320w, …?w=640 640w`. Bursary never enlarges
 * an image, so with the original's width known the widths above it give way to the original at its own width. An
 * SVG scales by itself: its address alone. An empty image field gives ''.
 */
export function srcset(image: ImageSource, widths: readonly VariantWidth[], options: SrcsetOptions = {}): string {
  const { src, width } = typeof image === 'string' ? { src: image, width: undefined } : image;
  if (!src) return '';
  const url = (query: Record<string, string>) => {
    const address = new URL(src, options.baseUrl);
    for (const [name, value] of Object.entries(query)) address.searchParams.set(name, value);
    return address.href;
  };
  if (/\.svg$/i.test(new URL(src, options.baseUrl ?? 'http://localhost').pathname)) return url({});
  const format: Record<string, string> = options.format ? { fm: options.format } : {};
  const candidates = new Map<number, string>();
  for (const w of [...widths].sort((a, b) => a - b)) {
    if (width && w >= width) {
      // the original's own width, once, however many asked widths reach past it
      candidates.set(width, url(format));
      break;
    }
    candidates.set(w, url({ w: String(w), ...format }));
  }
  return [...candidates].map(([w, address]) => `${address} ${w}w`).join(', ');
}
