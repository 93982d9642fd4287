import type * as React from 'react';
import { cn } from '@/lib/utils';
import type { SectionRecord } from '@bursary/shared';
import { RecordBadges } from '@/features/sections/publishing/record-badges';
import { LIST_BATCH_SIZE } from './progressive-list';

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
