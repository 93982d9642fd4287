import { fixedWidthSources, fluidSources, type ImageSources } from '@/lib/media-urls';

/** How wide an image across a grid item is shown (for its srcset): a third, half or all of the page, by width. */
const ITEM_GRID_IMAGE_SIZES = '(min-width: 1280px) 33vw, (min-width: 768px) 50vw, 100vw';
/** The same for the two-column grid of a single-record section's cards (`md:grid-cols-1 xl:grid-cols-2`). */
const WIDE_GRID_IMAGE_SIZES = '(min-width: 1280px) 50vw, 100vw';

/** An image across a grid item, as the server's variants for the width it is shown at; `wide` in the two-column grid. */
export function gridImageSources(url: string, grid: 'items' | 'wide' = 'items'): ImageSources {
  return fluidSources(url, grid === 'wide' ? WIDE_GRID_IMAGE_SIZES : ITEM_GRID_IMAGE_SIZES);
}

/**
 * A record's image in a list: across a grid card, or at `width` CSS pixels in a table row; undefined when the record
 * has none (`url` empty).
 */
export function listImageSources(url: string, width?: number): ImageSources | undefined {
  if (!url) return undefined;
  return width ? fixedWidthSources(url, width) : gridImageSources(url);
}
