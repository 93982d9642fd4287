import { useEffect } from 'react';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Puts the `dark` class on the root element when the system asks for a dark theme. */
export function applySystemTheme(root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', window.matchMedia(DARK_QUERY).matches);
}

/** Keeps the theme in step with the system setting while the console is open. */
export function useSystemTheme(): void {
  useEffect(() => {
    const media = window.matchMedia(DARK_QUERY);
    const update = () => applySystemTheme();
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
}
