import { describe, expect, it } from 'vitest';
import type { Locale } from '@bursary/shared';
import { fallbackCycle, Languages } from '../../src/locales/catalogue.ts';

const locale = (code: string, fallback: string | null, isPublic = true): Locale => ({
  code,
  name: code,
  fallback,
  public: isPublic,
  default: code === 'en',
});

describe('fallback chains', () => {
  const list = [locale('en', null), locale('fr', 'sw'), locale('fr-CA', 'fr'), locale('sw', null, false)];
  const languages = new Languages('en', list);

  it('read a language, its fallbacks in order, and the default last', () => {
    expect(languages.chain('fr-CA', false)).toEqual(['fr-CA', 'fr', 'sw', 'en']);
    expect(languages.chain('en', false)).toEqual(['en']);
  });

  it('pass over the languages the website may not read on a public read', () => {
    expect(languages.chain('fr-CA', true)).toEqual(['fr-CA', 'fr', 'en']);
  });

  it('end at a language met twice, whatever is stored', () => {
    const looped = new Languages('en', [locale('en', null), locale('a', 'b'), locale('b', 'a')]);
    expect(looped.chain('a', false)).toEqual(['a', 'b', 'en']);
  });

  it('tell the cycle a new fallback would make', () => {
    expect(fallbackCycle(list, 'sw', 'fr-CA')).toEqual(['sw', 'fr-CA', 'fr', 'sw']);
    expect(fallbackCycle(list, 'sw', 'en')).toBeUndefined();
    expect(fallbackCycle(list, 'fr', null)).toBeUndefined();
  });
});
