import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './server';
import { resetToasts } from '@/lib/toast';
import { clearSession } from '@/lib/session';
import { setScrollY } from './window-scroll';

// jsdom has no layout engine: these stand in for what Radix and the layout ask of the browser.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  });
}
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
// jsdom does not scroll: the page goes where it is asked and says so afterwards, as a browser does (the windowed
// lists listen); testing/window-scroll.ts plays the reader's scrolling
window.scrollTo = function scrollTo(to?: ScrollToOptions | number, y?: number) {
  const top = typeof to === 'number' ? (y ?? 0) : (to?.top ?? window.scrollY);
  if (top === window.scrollY) return;
  setScrollY(top);
  queueMicrotask(() => window.dispatchEvent(new Event('scroll')));
} as typeof window.scrollTo;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Screens arrive as lazy chunks; on a busy CI machine the first render can take over a second.
configure({ asyncUtilTimeout: 4000 });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetToasts();
  clearSession();
  localStorage.clear();
  setScrollY(0);
});
afterAll(() => server.close());
