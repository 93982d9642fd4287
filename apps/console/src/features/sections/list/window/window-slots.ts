import type { VirtualItem } from '@tanstack/react-virtual';

export type LineKey = VirtualItem['key'];

/** A line of the list to build: a record's row in a table, a line of cards in a grid. */
interface LineSlot {
  kind: 'line';
  index: number;
  key: LineKey;
}

/** Room held for lines not built, so the page is as tall as the whole list and its scrollbar tells the truth. */
interface GapSlot {
  kind: 'gap';
  key: string;
  size: number;
}

export type Slot = LineSlot | GapSlot;

/**
 * The lines to build, in order, with a gap wherever lines are left out: before the first, between two that are not
 * neighbours (a focused line kept while the reader scrolls away from it) and after the last. The items count from the
 * top of the page, where the list starts at `listTop`; `gap` is the space the layout puts between two lines, so a gap
 * stands for the lines it replaces less the layout's own space on either side of it.
 */
export function slotsOf(items: VirtualItem[], count: number, listTop: number, listSize: number, gap: number): Slot[] {
  const slots: Slot[] = [];
  let end = listTop - gap;
  let next = 0;
  const leaveOut = (key: string, start: number) => {
    slots.push({ kind: 'gap', key, size: Math.max(0, start - end - 2 * gap) });
  };
  for (const item of items) {
    if (item.index > next) leaveOut(`gap:${item.index}`, item.start);
    slots.push({ kind: 'line', index: item.index, key: item.key });
    end = item.end;
    next = item.index + 1;
  }
  if (next < count) leaveOut('gap:end', listTop + listSize + gap);
  return slots;
}
