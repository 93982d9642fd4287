import { VARIANT_SIZES } from '@bursary/shared/media';

const MEDIA_PATH = '/media/';

/** The address as a URL; an image field holds `/media/{name}`, or the full address when the server has PUBLIC_URL. */
function parsed(url: string): URL | null {
  try {
    return new URL(url, window.location.href);
  } catch {
    return null;
  }
}

/** The stored image's file name (`{sha256}.png`) when `url` is one of this server's media, else null. */
export function mediaNameOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const path = parsed(url)?.pathname ?? '';
  if (!path.startsWith(MEDIA_PATH)) return null;
  const name = path.slice(MEDIA_PATH.length);
  return name !== '' && !name.includes('/') ? decodeURIComponent(name) : null;
}

/**
 * Whether the server makes smaller copies of this image: one of its media, and not an SVG, which is sent as it is at
 * any width.
 */
function hasVariants(url: string): boolean {
  const name = mediaNameOf(url);
  return name !== null && !name.toLowerCase().endsWith('.svg');
}

/** The image at most `width` pixels wide (the server never enlarges it). */
function variantUrl(url: string, width: number): string {
  const address = parsed(url);
  if (!address || !hasVariants(url)) return url;
  address.searchParams.set('w', String(width));
  // same origin: keep the address relative, as the records give it
  return address.origin === window.location.origin ? `${address.pathname}${address.search}` : address.toString();
}

const WIDEST = Math.max(...VARIANT_SIZES);

/** The narrowest variant at least `width` pixels wide, or the widest there is. */
function variantWidthFor(width: number): number {
  return VARIANT_SIZES.find((size) => size >= width) ?? WIDEST;
}

export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * An image shown at a fixed `cssWidth`: the variant for ordinary screens (1x) and the one twice as wide for dense
 * ones (2x). A picture that is no media of this server (or an SVG) keeps its address.
 */
export function fixedWidthSources(url: string, cssWidth: number): ImageSources {
  if (!hasVariants(url)) return { src: url };
  const one = variantWidthFor(cssWidth);
  const two = variantWidthFor(cssWidth * 2);
  const srcSet = one === two ? undefined : `${variantUrl(url, one)} 1x, ${variantUrl(url, two)} 2x`;
  return { src: variantUrl(url, one), srcSet };
}

/**
 * An image whose width follows the layout: every variant with its width, and `sizes` (how wide the layout shows it)
 * for the browser to choose from. The fallback is the 640-pixel variant.
 */
export function fluidSources(url: string, sizes: string): ImageSources {
  if (!hasVariants(url)) return { src: url };
  return {
    src: variantUrl(url, 640),
    srcSet: VARIANT_SIZES.map((size) => `${variantUrl(url, size)} ${size}w`).join(', '),
    sizes,
  };
}
