import type * as React from 'react';
import { memo, useCallback, useRef } from 'react';
import { cn } from '@/lib/utils';
import { useListWindowScope } from './list-window-scope';
import { useGridLayout } from './use-grid-layout';
import { useWindowRows, WHOLE_LIST_MAX } from './use-window-rows';
import type { LineKey } from './window-slots';

/**
 * Two lines of cards are built beyond each edge of the screen, so scrolling finds them ready; Tab finds the next card
 * built whatever the scroll, as the focused line's neighbours are kept (use-window-rows.ts).
 */
const LINE_OVERSCAN = 2;

/** A card's list item: its class and style by its place in the list (the first screen's cards fade in). */
type CardItemProps = Pick<React.HTMLAttributes<HTMLLIElement>, 'className' | 'style'>;

interface WindowedGridProps<T> {
  items: T[];
  itemKey: (item: T) => LineKey;
  /** The grid's classes: its columns at each width and its gap. */
  className: string;
  /** A line of cards' height before it is measured, in pixels. */
  lineEstimate: number;
  itemProps?: (index: number) => CardItemProps;
  /** An item's card, inside its list item. */
  children: (item: T) => React.ReactNode;
}

/**
 * A grid of cards of any length in a page that scrolls, of which only the lines of cards on and near the screen are
 * built; a spacer item spanning the grid holds the place of the others. Each card tells screen readers its place in
 * the whole list (aria-posinset, aria-setsize). A line is measured by its first card, which the grid stretches to the
 * line's height.
 */
export function WindowedGrid<T>({
  items,
  itemKey,
  className,
  lineEstimate,
  itemProps,
  children,
}: WindowedGridProps<T>) {
  const { total = items.length } = useListWindowScope();
  const listRef = useRef<HTMLUListElement>(null);
  const { columns, gap } = useGridLayout(listRef);
  const cardsOf = useCallback((line: number) => items.slice(line * columns, (line + 1) * columns), [items, columns]);
  const lineKey = useCallback((line: number) => cardsOf(line).map(itemKey).join(' '), [cardsOf, itemKey]);
  const lines = useWindowRows({
    listRef,
    count: Math.ceil(items.length / columns),
    lineKey,
    estimate: lineEstimate,
    overscan: LINE_OVERSCAN,
    gap,
    whole: items.length <= WHOLE_LIST_MAX,
  });
  return (
    // the virtualiser keeps cards in place as they are measured; the browser's scroll anchoring would move them again
    <ul ref={listRef} className={cn(className, '[overflow-anchor:none]')} {...lines.focusWatch}>
      {lines.slots.flatMap((slot) =>
        slot.kind === 'gap'
          ? [<li key={slot.key} aria-hidden="true" className="col-span-full" style={{ height: slot.size }} />]
          : cardsOf(slot.index).map((item, column) => (
              <WindowCard
                key={itemKey(item)}
                item={item}
                index={slot.index * columns + column}
                line={slot.index}
                setSize={total}
                measure={column === 0 ? lines.measureLine : undefined}
                itemProps={itemProps}
                card={children}
              />
            )),
      )}
    </ul>
  );
}

interface WindowCardProps<T> {
  item: T;
  index: number;
  line: number;
  setSize: number;
  measure: ((element: HTMLElement | null) => void) | undefined;
  itemProps: ((index: number) => CardItemProps) | undefined;
  card: (item: T) => React.ReactNode;
}

/** One card, built again only when its item, place or content change: scrolling builds only the cards it brings. */
const WindowCard = memo(function WindowCard<T>({
  item,
  index,
  line,
  setSize,
  measure,
  itemProps,
  card,
}: WindowCardProps<T>) {
  return (
    <li ref={measure} data-line={line} aria-posinset={index + 1} aria-setsize={setSize} {...itemProps?.(index)}>
      {card(item)}
    </li>
  );
}) as <T>(props: WindowCardProps<T>) => React.ReactNode;
