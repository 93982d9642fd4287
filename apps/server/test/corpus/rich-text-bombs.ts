/**
 * Rich text built to make a sanitiser slow: deep or unclosed nesting,
 * unmatched closing tags, unterminated quotes, huge attribute lists. Used by the sanitiser tests
 * and by the bench that times them against a running server.
 */
export interface RichTextBomb {
  name: string;
  html: string;
}

/** The most rich text one field takes (the registry's richText maximum). */
const FIELD_MAX = 2_000_000;

const repeatTo = (unit: string, length: number) => unit.repeat(Math.floor(length / unit.length));

/** Bombs no editor produces; each may be refused or cleaned, but never cost more than linear time. */
export const richTextBombs: RichTextBomb[] = [
  { name: '100,000 unclosed <b>', html: `${'<b>'.repeat(100_000)}x` },
  { name: '200,000 unclosed <b>', html: `${'<b>'.repeat(200_000)}x` },
  { name: '100,000 nested <b> closed', html: `${'<b>'.repeat(100_000)}x${'</b>'.repeat(100_000)}` },
  { name: '100,000 unclosed <div> (not allowed)', html: `${'<div>'.repeat(100_000)}x` },
  { name: '100,000 <b> each closed by a wrong </i>', html: '<b></i>'.repeat(100_000) },
  { name: '100,000 <b> with comments hiding </b>', html: '<b><!--</b>-->'.repeat(100_000) },
  { name: '100,000 unclosed <p> (implied close)', html: '<p>x'.repeat(100_000) },
  { name: 'one unterminated quoted attribute', html: `<b title="${'x'.repeat(1_500_000)}` },
  { name: '100,000 nested quotes in attributes', html: `<a title='${`"'`.repeat(100_000)}'>x</a>` },
  {
    name: '100,000 attributes on one tag',
    html: `<span ${Array.from({ length: 100_000 }, (_, n) => `a${n}="${n}"`).join(' ')}>x</span>`,
  },
  { name: 'style of 100,000 declarations', html: `<span style="${'color:red;'.repeat(100_000)}">x</span>` },
];

/**
 * The largest bodies a real editor could send, each at one of the sanitiser's bounds (100 levels,
 * 5,000 elements, 5,000 attributes of which 1,000 styles, 20,000 character references) and
 * within the field's 2,000,000 characters.
 */
export const largestRichText: RichTextBomb[] = [
  {
    name: '5,000 paragraphs filling the field',
    html: `<p>${'Loans are repaid over ten years. '.repeat(11)}</p>`.repeat(5_000),
  },
  { name: '100 levels deep, 5,000 elements', html: `${'<span>'.repeat(100)}x${'</span>'.repeat(100)}`.repeat(50) },
  {
    name: '1,000 styles among 5,000 attributes',
    html:
      '<p><span style="color: rgb(230, 0, 0); background-color: rgb(255, 255, 0);">colour</span></p>'.repeat(1_000) +
      '<a href="https://example.org/loans" target="_blank" rel="noopener noreferrer">link</a>'.repeat(1_300) +
      '<li data-list="bullet">x</li>'.repeat(100),
  },
  { name: '20,000 character references', html: `<p>${'Tom &amp; Jerry &lt;3 '.repeat(10_000)}</p>` },
  { name: 'text filling the field', html: `<p>${repeatTo('Loans are repaid over ten years. ', FIELD_MAX - 7)}</p>` },
];
