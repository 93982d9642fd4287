import { describe, expect, it } from 'vitest';
import { totalCountOf } from './total-count';

describe('totalCountOf', () => {
  it('reads X-Total-Count, and the fallback when it is missing or unreadable', () => {
    expect(totalCountOf(new Headers({ 'X-Total-Count': '120' }), 40)).toBe(120);
    expect(totalCountOf(new Headers(), 40)).toBe(40);
    expect(totalCountOf(new Headers({ 'X-Total-Count': 'many' }), 40)).toBe(40);
  });
});
