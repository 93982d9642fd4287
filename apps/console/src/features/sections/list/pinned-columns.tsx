import { createContext, useCallback, useContext, useRef } from 'react';
import type * as React from 'react';
import type { SectionRecord } from '@bursary/shared';
import { TableCell, TableHead } from '@/components/ui/table';
import { RecordBadges } from '@/features/sections/publishing/record-badges';

/**
 * Below 768 px a list's table scrolls sideways. Its last columns stay in sight at the right edge: 'Actions' pinned
 * there, 'Status' pinned just before it, so the badges never cover the Edit and Delete buttons. The Status column is
 * pinned at the Actions column's width, measured, as its buttons differ from page to page.
 */
const PINNED = 'max-md:sticky max-md:bg-background';
export const ACTIONS_PINNED = `${PINNED} max-md:right-0`;
const STATUS_PINNED = `${PINNED} max-md:border-l max-md:right-[var(--actions-width,0px)]`;

/** Which record a row of RecordTable shows: the Actions cell puts its Status cell before it. */
export const RowRecordContext = createContext<SectionRecord | null>(null);
/** Whether RecordTable has a Status column that the Actions column puts before itself. */
export const StatusBeforeActionsContext = createContext(false);

/** The Status head, before the Actions head when RecordTable has the column. */
export function StatusHeadBeforeActions() {
  return useContext(StatusBeforeActionsContext) ? <TableHead className={STATUS_PINNED}>Status</TableHead> : null;
}

/** The row's Status cell, before its Actions cell when RecordTable has the column. */
export function StatusCellBeforeActions() {
  const record = useContext(RowRecordContext);
  if (!useContext(StatusBeforeActionsContext) || !record) return null;
  return (
    <TableCell className={STATUS_PINNED}>
      <RecordBadges record={record} />
    </TableCell>
  );
}

/**
 * A ref for the Actions head that keeps its width in the table's `--actions-width`, where the pinned Status column
 * reads it.
 */
export function useActionsWidth(): React.RefCallback<HTMLTableCellElement> {
  const observer = useRef<ResizeObserver | null>(null);
  return useCallback((head: HTMLTableCellElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    const table = head?.closest('table');
    if (!head || !table) return;
    const keep = () => table.style.setProperty('--actions-width', `${head.offsetWidth}px`);
    keep();
    observer.current = new ResizeObserver(keep);
    observer.current.observe(head);
  }, []);
}
