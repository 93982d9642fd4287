import { describe, expect, it } from 'vitest';
import { isNavItemActive } from './is-nav-active';

describe('active navigation item', () => {
  it.each([
    ['/heroes', '/heroes', true],
    ['/heroes', '/heroes/edit/1', true],
    ['/heroes', '/heroes/edit', true],
    ['/dashboard', '/dashboard', true],
    ['/dashboard', '/heroes', false],
    ['/faqs', '/faqs-archive', false],
    ['/insights', '/insight', false],
    ['/steps', '/', false],
  ])('item %s on %s → %s', (item, path, active) => {
    expect(isNavItemActive(item, path)).toBe(active);
  });

  it('counts a Content entry active for /content and for paths beginning /edit/', () => {
    expect(isNavItemActive('/content', '/content')).toBe(true);
    expect(isNavItemActive('/content', '/content/edit/4')).toBe(true);
    expect(isNavItemActive('/content', '/edit/4')).toBe(true);
    expect(isNavItemActive('/content', '/editor')).toBe(false);
    expect(isNavItemActive('/content', '/dashboard')).toBe(false);
  });

  it('matches /content/create exactly', () => {
    expect(isNavItemActive('/content/create', '/content/create')).toBe(true);
    expect(isNavItemActive('/content/create', '/content/create/more')).toBe(false);
    expect(isNavItemActive('/content/create', '/content')).toBe(false);
    expect(isNavItemActive('/content', '/content/create')).toBe(false);
  });

  it('honours extra paths that belong to an item', () => {
    expect(isNavItemActive('/faqs', '/create-faq', ['/create-faq'])).toBe(true);
    expect(isNavItemActive('/faqs', '/create-testimonial', ['/create-faq'])).toBe(false);
  });
});
