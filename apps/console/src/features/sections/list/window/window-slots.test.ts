import { describe, expect, it } from 'vitest';
import type { VirtualItem } from '@tanstack/react-virtual';
import { slotsOf } from './window-slots';

/** Lines of `size` pixels with `gap` between them, the list starting at `top`, as the virtualiser places them. */
const line = (index: number, size: number, gap: number, top: number): VirtualItem => ({
  index,
  key: index,
  start: top + index * (size + gap),
  end: top + index * (size + gap) + size,
  size,
  lane: 0,
});

describe('the slots of a windowed list', () => {
  it('stands a gap for the rows left out before, between and after those built, as tall as they are', () => {
    const rows = [0, 10, 11, 12].map((index) => line(index, 70, 0, 200));
    expect(slotsOf(rows, 100, 200, 100 * 70, 0)).toEqual([
      { kind: 'line', index: 0, key: 0 },
      { kind: 'gap', key: 'gap:10', size: 9 * 70 },
      { kind: 'line', index: 10, key: 10 },
      { kind: 'line', index: 11, key: 11 },
      { kind: 'line', index: 12, key: 12 },
      { kind: 'gap', key: 'gap:end', size: 87 * 70 },
    ]);
  });

  it("leaves the grid's own gap on either side of a gap that stands for lines of cards", () => {
    // lines of 300 pixels, 16 apart: the page keeps 16 pixels between the gap and the lines beside it
    const lines = [5, 6].map((index) => line(index, 300, 16, 0));
    const slots = slotsOf(lines, 10, 0, 10 * 300 + 9 * 16, 16);
    expect(slots).toEqual([
      { kind: 'gap', key: 'gap:5', size: 5 * 300 + 4 * 16 },
      { kind: 'line', index: 5, key: 5 },
      { kind: 'line', index: 6, key: 6 },
      { kind: 'gap', key: 'gap:end', size: 3 * 300 + 2 * 16 },
    ]);
  });

  it('builds nothing and keeps the whole height when no line is on screen', () => {
    expect(slotsOf([], 3, 50, 210, 0)).toEqual([{ kind: 'gap', key: 'gap:end', size: 210 }]);
  });
});
