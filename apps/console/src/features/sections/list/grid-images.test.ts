import { describe, expect, it } from 'vitest';
import { listImageSources } from './grid-images';

describe("a record's image sources in a list", () => {
  it('is none for a record without an image', () => {
    expect(listImageSources('')).toBeUndefined();
    expect(listImageSources('', 48)).toBeUndefined();
  });

  it('follows the grid across a card, and is fixed to the width of a table row', () => {
    const card = listImageSources('/media/a.png');
    expect(card?.sizes).toContain('33vw');
    expect(card?.srcSet).toMatch(/ \d+w/);
    const row = listImageSources('/media/a.png', 48);
    expect(row?.sizes).toBeUndefined();
    expect(row?.src).toMatch(/^\/media\/a\.png\?w=\d+$/);
  });
});
