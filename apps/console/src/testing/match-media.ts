import { vi } from 'vitest';

/**
 * A controllable matchMedia: `set(query, matches)` flips a media query and notifies its
 * listeners, as the browser does when the window is resized or the system theme changes.
 */
export function installMatchMedia(initial: Record<string, boolean> = {}) {
  const state = new Map(Object.entries(initial));
  const listeners = new Map<string, Set<(event: MediaQueryListEvent) => void>>();
  const original = window.matchMedia;
  window.matchMedia = vi.fn((query: string) => ({
    get matches() {
      return state.get(query) ?? false;
    },
    media: query,
    onchange: null,
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => {
      if (!listeners.has(query)) listeners.set(query, new Set());
      listeners.get(query)?.add(listener);
    },
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.get(query)?.delete(listener),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    set(query: string, matches: boolean) {
      state.set(query, matches);
      for (const listener of listeners.get(query) ?? []) listener({ matches, media: query } as MediaQueryListEvent);
    },
    restore() {
      window.matchMedia = original;
    },
  };
}

export const MOBILE_QUERY = '(max-width: 767px)';
export const DARK_QUERY = '(prefers-color-scheme: dark)';
