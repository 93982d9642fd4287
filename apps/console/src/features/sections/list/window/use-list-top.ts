import type * as React from 'react';
import { useLayoutEffect, useState } from 'react';

/**
 * Where the list starts, in pixels from the top of the page: the virtualiser's scroll margin. It is read when the
 * page's ResizeObserver reports (after layout, so reading it forces none), at first and whenever the page's size
 * changes, as it does with whatever moves the list (a heading that wraps at a new width, a notice above it). Until
 * then the list is taken to start at the top, which builds a few more rows than the screen shows, never fewer.
 */
export function useListTop(listRef: React.RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(() => setTop(Math.round(list.getBoundingClientRect().top + window.scrollY)));
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [listRef]);
  return top;
}
