import type * as React from 'react';
import { useLayoutEffect, useState } from 'react';

interface GridLayout {
  columns: number;
  /** The space between two lines of the grid, in pixels. */
  gap: number;
}

/**
 * How the browser lays a CSS grid out at the page's width: its columns change at the breakpoints its classes name, so
 * they are read from the layout rather than repeated here. One column and no gap where nothing is laid out.
 */
export function useGridLayout(listRef: React.RefObject<HTMLElement | null>): GridLayout {
  const [layout, setLayout] = useState<GridLayout>({ columns: 1, gap: 0 });
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const read = () => {
      const style = getComputedStyle(list);
      const tracks = style.gridTemplateColumns.split(' ').filter((track) => track !== '' && track !== 'none');
      const columns = Math.max(1, tracks.length);
      const gap = Number.parseFloat(style.rowGap) || 0;
      setLayout((current) => (current.columns === columns && current.gap === gap ? current : { columns, gap }));
    };
    read();
    window.addEventListener('resize', read);
    return () => window.removeEventListener('resize', read);
  }, [listRef]);
  return layout;
}
