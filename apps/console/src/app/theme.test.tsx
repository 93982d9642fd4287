import { afterEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { DARK_QUERY, installMatchMedia } from '@/testing/match-media';
import { useSystemTheme } from '@/lib/theme';

function Themed() {
  useSystemTheme();
  return null;
}

describe('theme follows prefers-color-scheme', () => {
  let media: ReturnType<typeof installMatchMedia> | undefined;
  afterEach(() => {
    media?.restore();
    document.documentElement.classList.remove('dark');
  });

  it('starts dark when the system is dark and switches live', () => {
    media = installMatchMedia({ [DARK_QUERY]: true });
    render(<Themed />);
    expect(document.documentElement).toHaveClass('dark');
    act(() => media?.set(DARK_QUERY, false));
    expect(document.documentElement).not.toHaveClass('dark');
    act(() => media?.set(DARK_QUERY, true));
    expect(document.documentElement).toHaveClass('dark');
  });
});
