import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableText } from './breakable-text';

/** The text between the line-break opportunities the component offers. */
function parts(text: string): string[] {
  const { container } = render(<BreakableText text={text} />);
  return (container.firstElementChild?.innerHTML ?? '').split('<wbr>');
}

describe('a long unspaced text that wraps where a reader expects', () => {
  it('breaks an address after its slashes, never between the two of //', () => {
    expect(parts('https://example.org/hooks/content-changed')).toEqual([
      'https://',
      'example.org/',
      'hooks/',
      'content-changed',
    ]);
  });

  it('breaks before a query and each of its parameters', () => {
    expect(parts('https://example.org/hook?site=fund&env=live')).toEqual([
      'https://',
      'example.org/',
      'hook',
      '?site=fund',
      '&amp;env=live',
    ]);
  });

  it('breaks an error code after its underscores and keeps the text whole', () => {
    const { container } = render(<BreakableText text="The request failed: ERR_TLS_CERT_ALTNAME_INVALID." />);
    expect(container.textContent).toBe('The request failed: ERR_TLS_CERT_ALTNAME_INVALID.');
    expect(container.querySelectorAll('wbr')).toHaveLength(4);
  });
});
