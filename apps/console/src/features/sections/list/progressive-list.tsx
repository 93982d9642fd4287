import type * as React from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/**
 * How many records a list shows at first, and adds each time the reader nears the end of what is
 * shown. Forty table rows fill a screen 2,000 pixels tall, and forty cards a dozen rows of the grid,
 * so the first screen is complete at once; each row costs about a millisecond to build on a busy
 * machine, so a batch stays small (issue 7 point 5: a section of 2,000 records renders within
 * 100 ms).
 */
export const LIST_BATCH_SIZE = 40;

/** The next batch is added while the end of the list is still this far below the screen. */
const LOOK_AHEAD = '0px 0px 800px 0px';

interface ProgressiveList<T> {
  /** The first records of `items`: all of them when they fit in one batch. */
  visible: T[];
  /** The element that adds the next batch when it nears the screen; null when all are shown. */
  sentinel: React.ReactNode;
}

/**
 * Shows a long list a batch at a time as the reader scrolls, so every record stays reachable. A
 * new `restartKey` (the search query) starts again from the first batch of the new items.
 * Without IntersectionObserver nothing could add a batch, so everything is shown at once.
 */
export function useProgressiveList<T>(items: T[], restartKey: string): ProgressiveList<T> {
  const [shown, setShown] = useState({ key: restartKey, limit: LIST_BATCH_SIZE });
  let limit = shown.limit;
  if (shown.key !== restartKey) {
    limit = LIST_BATCH_SIZE;
    setShown({ key: restartKey, limit });
  }
  const observable = typeof IntersectionObserver !== 'undefined';
  const complete = !observable || items.length <= limit;
  const visible = useMemo(() => (complete ? items : items.slice(0, limit)), [complete, items, limit]);
  const showMore = useCallback(
    () => setShown((current) => ({ ...current, limit: current.limit + LIST_BATCH_SIZE })),
    [],
  );
  // keyed by the count shown: a new observer reports at once if the sentinel is still near the screen
  const sentinel = complete ? null : <MoreSentinel key={limit} onNear={showMore} />;
  return { visible, sentinel };
}

/** Calls `onNear` once, when it comes within reach of the screen. */
export function MoreSentinel({ onNear }: { onNear: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onNear();
        }
      },
      { rootMargin: LOOK_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onNear]);
  return <div ref={ref} aria-hidden="true" className="h-px" />;
}
