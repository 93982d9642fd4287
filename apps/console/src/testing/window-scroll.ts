import { act } from '@testing-library/react';

/** A little more than the virtualiser waits after the last scroll event before it takes the scrolling as over. */
const SCROLLING_ENDS_MS = 200;

/** Where jsdom's page is scrolled to, which it never changes by itself. */
export function setScrollY(top: number) {
  Object.defineProperty(window, 'scrollY', { value: top, configurable: true, writable: true });
}

/**
 * The reader scrolls the page to `top` pixels. jsdom lays nothing out and scrolls nothing, so the scroll is played as
 * the browser reports it: the window's offset, then the scroll event the virtualiser listens for.
 */
export async function scrollWindowTo(top: number) {
  await act(async () => {
    setScrollY(top);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => setTimeout(resolve, SCROLLING_ENDS_MS));
  });
}
