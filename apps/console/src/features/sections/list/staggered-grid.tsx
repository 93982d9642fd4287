import type * as React from 'react';
import { cn } from '@/lib/utils';
import { fluidSources, type ImageSources } from '@/lib/media-urls';
import type { SectionRecord } from '@bursary/shared';
import { RecordBadges } from '@/features/sections/publishing/record-badges';
import { LIST_BATCH_SIZE } from './progressive-list';

/** How wide an image across a grid item is shown (for its srcset): a third, half or all of the page, by width. */
const ITEM_GRID_IMAGE_SIZES = '(min-width: 1280px) 33vw, (min-width: 768px) 50vw, 100vw';
/** The same for the two-column grid of a single-record section's cards (`md:grid-cols-1 xl:grid-cols-2`). */
const WIDE_GRID_IMAGE_SIZES = '(min-width: 1280px) 50vw, 100vw';

/** An image across a grid item, as the server's variants for the width it is shown at; `wide` in the two-column grid. */
export function gridImageSources(url: string, grid: 'items' | 'wide' = 'items'): ImageSources {
  return fluidSources(url, grid === 'wide' ? WIDE_GRID_IMAGE_SIZES : ITEM_GRID_IMAGE_SIZES);
}

/** The grid has 1, 2 or 3 columns, by width. */
export function ItemGrid({ className, children }: { className?: string; children: React.ReactNode }) {
  return <ul className={cn('grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3', className)}>{children}</ul>;
}

/**
 * One grid item, animated in 50 ms after the one before it. The count restarts with
 * each batch a long list adds as the reader scrolls, so a later batch's items are not held back
 * for seconds behind the items above them.
 */
export function GridItem({
  index,
  className,
  record,
  children,
}: {
  index: number;
  className?: string;
  /** The record the item shows: its publishing badges go above it. */
  record?: SectionRecord;
  children: React.ReactNode;
}) {
  return (
    <li
      className={cn('animate-item-in', record && 'flex flex-col gap-2 [&>*:last-child]:flex-1', className)}
      style={{ '--stagger-index': index % LIST_BATCH_SIZE } as React.CSSProperties}
    >
      {record && <RecordBadges record={record} />}
      {children}
    </li>
  );
}
