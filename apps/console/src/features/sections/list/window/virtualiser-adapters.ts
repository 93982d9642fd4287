import { measureElement, type Virtualizer, windowScroll } from '@tanstack/react-virtual';

// How the windowed lists' virtualiser reads a line's height and moves the page: as TanStack Virtual's own functions
// do, without forcing a layout in the middle of React's commit.

/**
 * Scrolls the page as TanStack's window scroll does, unless it is there already: the virtualiser writes the offset it
 * starts from as it mounts, and that write would force a layout in the middle of React's commit for nothing.
 */
export const scrollWindowUnlessThere: typeof windowScroll = (offset, options, instance) => {
  if (offset + (options.adjustments ?? 0) !== window.scrollY) windowScroll(offset, options, instance);
};

/**
 * A line's height as the browser lays it out, read when its ResizeObserver reports it (after layout, before paint):
 * read as the line is attached, it would force a layout in the middle of React's commit, so until then the line keeps
 * the height it had, or its estimate. A line reported at 0 pixels has no box: it is not laid out (hidden, or there is
 * no layout at all, as in the component tests), which tells nothing of its height, so its estimate stands.
 */
export function measureLaidOut(
  element: HTMLElement,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Window, HTMLElement>,
): number {
  const index = instance.indexFromElement(element);
  const known = instance.itemSizeCache.get(instance.options.getItemKey(index));
  if (!entry) return known ?? instance.options.estimateSize(index);
  const size = measureElement(element, entry, instance);
  return size > 0 ? size : (known ?? instance.options.estimateSize(index));
}
