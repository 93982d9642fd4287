import type * as React from 'react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { defaultRangeExtractor, type Range, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useListWindowScope } from './list-window-scope';
import { useListTop } from './use-list-top';
import { measureLaidOut, scrollWindowUnlessThere } from './virtualiser-adapters';
import { type LineKey, type Slot, slotsOf } from './window-slots';

/**
 * A list of this many records or fewer is built whole, for a few milliseconds more than a screenful: the browser's
 * find-in-page sees all of it, and a card's open editor (a section's sub-items) is never taken down by scrolling.
 */
export const WHOLE_LIST_MAX = 40;

/** More records are read while the end of those read is less than about a screen below the screen. */
const READ_AHEAD_PX = 800;

/**
 * Lines kept built on each side of the line holding the focus, whatever the page's scroll. The browser reports a
 * scroll at its next frame, and the virtualiser builds the lines it brings only then: a busy phone, or a reader holding
 * Tab down, moves the focus several lines on before that, and a Tab from the last line built would leave the list. The
 * focus entering a line builds its neighbours at once (React renders a focus event's update before the next key).
 */
const FOCUS_NEIGHBOURS = 2;

/** The attribute naming a built line's index, on each element of the line. */
const LINE_ATTRIBUTE = 'data-line';

interface WindowRowsOptions {
  /** The element holding the lines (a table's body, a grid's list). The page scrolls, not it. */
  listRef: React.RefObject<HTMLElement | null>;
  /** How many lines: a table has one per record, a grid one per line of cards. */
  count: number;
  /** A line's identity: its measured height stays with it when a search moves it. */
  lineKey: (index: number) => LineKey;
  /** A line's height before it is measured, in pixels. */
  estimate: number;
  /** How many lines are built beyond each edge of the screen. */
  overscan: number;
  /** The space the layout puts between two lines, in pixels. */
  gap?: number;
  /** Every line is built, wherever the screen is. */
  whole: boolean;
}

interface WindowRows {
  slots: Slot[];
  /** The ref of a line's measured element, which carries the line's index in `data-line`. */
  measureLine: (element: HTMLElement | null) => void;
  /** For the list element: they keep the line holding the focus built. */
  focusWatch: Pick<React.DOMAttributes<HTMLElement>, 'onFocus' | 'onBlur'>;
}

/**
 * The lines of a list that the page scrolls, of which only those on and near the screen are built, with TanStack
 * Virtual. The line holding the keyboard focus and its neighbours stay built when the reader scrolls away from them, so
 * the focus is not lost and Tab and Shift+Tab always find the next line built; a new search starts the list again from
 * its first line; a list read a page at a time reads the next page as the reader nears the end.
 */
export function useWindowRows(options: WindowRowsOptions): WindowRows {
  const { listRef, count, lineKey, estimate, overscan, gap = 0, whole } = options;
  const { restartKey, onNearEnd } = useListWindowScope();
  const listTop = useListTop(listRef);
  const [focusedLine, setFocusedLine] = useState<{ key: LineKey; index: number } | null>(null);
  const focused = focusedLine === null ? -1 : indexOfLine(focusedLine, count, lineKey);

  const rangeExtractor = useCallback(
    (range: Range) => {
      if (whole) return Array.from({ length: range.count }, (_, index) => index);
      return withFocusNeighbours(defaultRangeExtractor(range), focused, range.count);
    },
    [whole, focused],
  );
  const estimateSize = useCallback(() => estimate, [estimate]);
  const virtualizer = useWindowVirtualizer<HTMLElement>({
    count,
    getItemKey: lineKey,
    estimateSize,
    measureElement: measureLaidOut,
    overscan,
    gap,
    scrollMargin: listTop,
    rangeExtractor,
    indexAttribute: LINE_ATTRIBUTE,
    scrollToFn: scrollWindowUnlessThere,
  });

  useRestartAtTop(virtualizer, restartKey, listTop);
  const seenTo = (virtualizer.scrollOffset ?? 0) + (virtualizer.scrollRect?.height ?? 0);
  const nearEnd = count > 0 && listTop + virtualizer.getTotalSize() - seenTo <= READ_AHEAD_PX;
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, onNearEnd, count]);

  const focusWatch = {
    onFocus: (event: React.FocusEvent) => {
      const line = event.target.closest(`[${LINE_ATTRIBUTE}]`)?.getAttribute(LINE_ATTRIBUTE);
      if (line != null) setFocusedLine({ key: lineKey(Number(line)), index: Number(line) });
    },
    onBlur: (event: React.FocusEvent) => {
      const to = event.relatedTarget;
      if (!(to instanceof Node && listRef.current?.contains(to))) setFocusedLine(null);
    },
  };
  return {
    slots: slotsOf(virtualizer.getVirtualItems(), count, listTop, virtualizer.getTotalSize(), gap),
    measureLine: virtualizer.measureElement,
    focusWatch,
  };
}

/**
 * The lines to build: those the virtualiser chose from the page's scroll, and the line holding the focus with
 * FOCUS_NEIGHBOURS lines on each side of it, in order.
 */
function withFocusNeighbours(indexes: number[], focused: number, count: number): number[] {
  if (focused < 0) return indexes;
  const near = new Set(indexes);
  const last = Math.min(count - 1, focused + FOCUS_NEIGHBOURS);
  for (let index = Math.max(0, focused - FOCUS_NEIGHBOURS); index <= last; index++) near.add(index);
  return near.size === indexes.length ? indexes : [...near].sort((a, b) => a - b);
}

/**
 * Where the focused line is now: where it was focused, unless a search or a new page moved it (this runs on every
 * render while a line holds the focus, every scroll frame of a list of thousands included).
 */
function indexOfLine(
  { key, index: where }: { key: LineKey; index: number },
  count: number,
  lineKey: (index: number) => LineKey,
): number {
  if (where < count && lineKey(where) === key) return where;
  for (let index = 0; index < count; index++) if (lineKey(index) === key) return index;
  return -1;
}

/**
 * A new search or filter shows its list from the first line: when the screen is below the list's start, the page goes
 * back to its top, where the search box is.
 */
function useRestartAtTop(virtualizer: Virtualizer<Window, HTMLElement>, restartKey: string, listTop: number) {
  const shownFor = useRef(restartKey);
  useLayoutEffect(() => {
    if (shownFor.current === restartKey) return;
    shownFor.current = restartKey;
    if (window.scrollY > listTop) virtualizer.scrollToOffset(0);
  }, [virtualizer, restartKey, listTop]);
}
