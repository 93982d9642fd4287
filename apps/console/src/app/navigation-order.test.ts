import { describe, expect, it } from 'vitest';
import { navigationOrder, sections } from '@bursary/shared/sections';
import { consoleSections } from './console-sections';

describe('the navigation order', () => {
  it('places every section of the registry exactly once, and nothing else', () => {
    expect(new Set(navigationOrder).size).toBe(navigationOrder.length);
    expect([...navigationOrder].sort()).toEqual(sections.map((s) => s.slug).sort());
  });

  it('puts Messages right after the testimonials', () => {
    expect(navigationOrder.indexOf('messages')).toBe(navigationOrder.indexOf('disbursement-testimonials') + 1);
  });

  it('is what orders the console sections, not where the registry lists them', () => {
    expect(consoleSections.map((s) => s.section.slug)).toEqual(navigationOrder);
  });
});
