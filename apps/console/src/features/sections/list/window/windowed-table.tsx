import type * as React from 'react';
import { memo, useCallback, useRef } from 'react';
import { Table, TableBody, TableHeader, TableRow } from '@/components/ui/table';
import { useListWindowScope } from './list-window-scope';
import { useWindowRows, WHOLE_LIST_MAX } from './use-window-rows';
import type { LineKey } from './window-slots';

/** A row's height before it is measured: a line or two of text beside the row's buttons. */
export const ROW_ESTIMATE = 69;
/**
 * Rows built beyond each edge of the screen, about half a screen, so a fast scroll finds rows ready. Rows that
 * scrolling brings on screen are built in the scroll event, before the browser paints; Tab and Shift+Tab find the next
 * row built whatever the scroll, as the focused row's neighbours are kept (use-window-rows.ts).
 */
const ROW_OVERSCAN = 6;

interface WindowedTableProps<T> {
  items: T[];
  itemKey: (item: T) => LineKey;
  /** The header row's cells. */
  heads: React.ReactNode;
  /** An item's cells. */
  cells: (item: T) => React.ReactNode;
}

/**
 * A table of any length in a page that scrolls, of which only the rows on and near the screen are built. Spacer rows
 * hold the place of the others, so the page is as tall as the whole table; screen readers are told the whole
 * table's size (aria-rowcount) and each row's place in it (aria-rowindex, the header row being the first).
 */
export function WindowedTable<T>({ items, itemKey, heads, cells }: WindowedTableProps<T>) {
  const { total = items.length } = useListWindowScope();
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const lineKey = useCallback((index: number) => itemKey(items[index] as T), [items, itemKey]);
  const rows = useWindowRows({
    listRef: bodyRef,
    count: items.length,
    lineKey,
    estimate: ROW_ESTIMATE,
    overscan: ROW_OVERSCAN,
    whole: items.length <= WHOLE_LIST_MAX,
  });
  return (
    <Table aria-rowcount={total < 0 ? -1 : total + 1}>
      <TableHeader>
        <TableRow aria-rowindex={1}>{heads}</TableRow>
      </TableHeader>
      {/* the virtualiser keeps the rows in place as they are measured: the browser's own scroll anchoring would
          move them a second time */}
      <TableBody ref={bodyRef} className="[overflow-anchor:none]" {...rows.focusWatch}>
        {rows.slots.map((slot) =>
          slot.kind === 'gap' ? (
            <SpacerRow key={slot.key} height={slot.size} />
          ) : (
            <WindowRow
              key={slot.key}
              index={slot.index}
              item={items[slot.index] as T}
              cells={cells}
              measure={rows.measureLine}
            />
          ),
        )}
      </TableBody>
    </Table>
  );
}

interface WindowRowProps<T> {
  index: number;
  item: T;
  cells: (item: T) => React.ReactNode;
  measure: (element: HTMLElement | null) => void;
}

/** One row, built again only when its item, its place or its cells change: scrolling builds only the rows it adds. */
const WindowRow = memo(function WindowRow<T>({ index, item, cells, measure }: WindowRowProps<T>) {
  return (
    <TableRow ref={measure} data-line={index} aria-rowindex={index + 2}>
      {cells(item)}
    </TableRow>
  );
}) as <T>(props: WindowRowProps<T>) => React.ReactNode;

/** Holds the place of rows not built; screen readers skip it, knowing of those rows from aria-rowcount. */
function SpacerRow({ height }: { height: number }) {
  return (
    <tr aria-hidden="true">
      <td className="p-0" style={{ height }} />
    </tr>
  );
}
