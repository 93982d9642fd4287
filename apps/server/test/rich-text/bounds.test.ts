import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBoundsProblem, richTextBoundsProblem } from '../../src/rich-text/bounds.ts';
import { loadHtmlParser } from '../../src/rich-text/html-parser.ts';

/** Pieces that move every count the bounds keep: elements, nesting, attributes, styles and references. */
const pieces = [
  '<b>',
  '<u><u><u><u><u>',
  '</b>',
  '<p>',
  '</p>',
  '</br>',
  '<i>',
  '<img src=x>',
  '<a style="color:red" href="#">',
  '<span style=a style=b>',
  '<x a b c d e f g>',
  '&amp;',
  '&#60;',
  'text ',
  '<',
  '&',
];

describe('the rich-text bounds', () => {
  beforeAll(async () => {
    await loadHtmlParser();
  });

  it('answer a text as reading it would, whether it is short enough to answer at once or not', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 700, size: 'max' }), (parts) => {
        const html = parts.join('');
        expect(richTextBoundsProblem(html)).toBe(readBoundsProblem(html));
      }),
      { numRuns: 300 },
    );
  });

  it('refuse at one level past the deepest nesting even when the text is short', () => {
    expect(richTextBoundsProblem('<b>'.repeat(100))).toBeUndefined();
    expect(richTextBoundsProblem('<b>'.repeat(101))).toBe('The rich text is nested too deeply (more than 100 levels).');
  });
});
