import { htmlParser } from './html-parser.ts';

/**
 * Bounds on rich text, checked before sanitize-html sees it. Its parser
 * keeps open elements in an array it shifts on every open tag and searches on every closing
 * tag, so unclosed or mismatched nesting costs time quadratic in the depth; attributes, styles
 * (each parsed by postcss) and character references each cost a fixed amount more. Quill writes
 * at most about ten levels and a few short attributes per element, so these sit far above
 * anything an editor sends (5,000 elements are some sixty printed pages); at each of them a body
 * sanitises in about 100 ms (bench/sanitiser-bombs.ts).
 */
const RICH_TEXT_BOUNDS = {
  depth: 100,
  elements: 5_000,
  attributes: 5_000,
  styles: 1_000,
  styleCharacters: 100_000,
  characterReferences: 20_000,
} as const;

/** What htmlparser2 never pushes on its stack of open elements. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

const count = (n: number) => n.toLocaleString('en-US');

/** How many times `character` occurs in `text`, counted up to `enough` (one past a bound is all it takes). */
function occurrences(text: string, character: string, enough: number): number {
  let found = 0;
  for (let at = text.indexOf(character); at >= 0 && found < enough; at = text.indexOf(character, at + 1)) found += 1;
  return found;
}

/**
 * Whether the text is too short to pass any bound, whatever its markup, so it need not be read: every element, stray
 * closing tag and level of nesting starts at a `<` of its own, every character reference at a `&`, every attribute
 * takes a character of the text (a style attribute's name five) and style values are characters of it. Almost every
 * text an editor saves is that short (the bounds sit far above what Quill writes).
 */
function tooShortForAnyBound(html: string): boolean {
  const bounds = RICH_TEXT_BOUNDS;
  return (
    html.length <= Math.min(bounds.attributes, bounds.styles * 'style'.length, bounds.styleCharacters) &&
    occurrences(html, '<', Math.min(bounds.depth, bounds.elements) + 1) <= Math.min(bounds.depth, bounds.elements) &&
    occurrences(html, '&', bounds.characterReferences + 1) <= bounds.characterReferences
  );
}

/** Why the HTML is refused, or undefined: a text too short to pass a bound at once, any other once read. */
export function richTextBoundsProblem(html: string): string | undefined {
  if (tooShortForAnyBound(html)) return undefined;
  return readBoundsProblem(html);
}

/**
 * Reads the HTML once with htmlparser2's tokenizer (the one sanitize-html's parser drives, so
 * comments, quotes and raw text split the same way) and answers why it is refused, or undefined.
 * Open elements are tracked as a stack plus a count per name, so a closing tag with no open
 * element of its name costs nothing and each element is popped once: linear in the length.
 * Implied closes (a <p> ending the previous <p>) are not modelled, so depth is never undercounted.
 */
export function readBoundsProblem(html: string): string | undefined {
  const open: string[] = [];
  const openByName = new Map<string, number>();
  let elements = 0;
  let attributes = 0;
  let styles = 0;
  let styleCharacters = 0;
  let references = 0;
  let problem: string | undefined;
  let attributeName = '';
  const refuse = (message: string) => {
    problem ??= message;
  };
  const nameAt = (start: number, end: number) => html.slice(start, end).toLowerCase();

  const tokenizer = new (htmlParser().Tokenizer)(
    { decodeEntities: true },
    {
      // inside <svg> or <math> the parser reads <title> or <style> content as markup, not as text
      isInForeignContext: () => Boolean(openByName.get('svg') || openByName.get('math')),
      onopentagname(start, end) {
        const name = nameAt(start, end);
        elements += 1;
        if (elements > RICH_TEXT_BOUNDS.elements)
          refuse(`The rich text has too many elements (more than ${count(RICH_TEXT_BOUNDS.elements)}).`);
        if (VOID_ELEMENTS.has(name)) return;
        open.push(name);
        openByName.set(name, (openByName.get(name) ?? 0) + 1);
        if (open.length > RICH_TEXT_BOUNDS.depth)
          refuse(`The rich text is nested too deeply (more than ${RICH_TEXT_BOUNDS.depth} levels).`);
      },
      onclosetag(start, end) {
        const name = nameAt(start, end);
        if (!openByName.get(name)) {
          // the parser makes an element of a stray </p> or </br>; other stray closing tags are ignored
          if (name === 'p' || name === 'br') elements += 1;
          return;
        }
        for (let top = open.pop(); top !== undefined; top = open.pop()) {
          openByName.set(top, (openByName.get(top) ?? 1) - 1);
          if (top === name) break;
        }
      },
      onattribname(start, end) {
        attributeName = nameAt(start, end);
        attributes += 1;
        if (attributes > RICH_TEXT_BOUNDS.attributes)
          refuse(`The rich text has too many attributes (more than ${count(RICH_TEXT_BOUNDS.attributes)}).`);
        if (attributeName === 'style' && ++styles > RICH_TEXT_BOUNDS.styles) {
          refuse(`The rich text has too many styled elements (more than ${count(RICH_TEXT_BOUNDS.styles)}).`);
        }
      },
      onattribentity() {
        countReference();
      },
      ontextentity() {
        countReference();
      },
      onattribdata(start, end) {
        if (attributeName !== 'style') return;
        styleCharacters += end - start;
        if (styleCharacters > RICH_TEXT_BOUNDS.styleCharacters) {
          refuse(
            `The rich text has too much inline style (more than ${count(RICH_TEXT_BOUNDS.styleCharacters)} characters).`,
          );
        }
      },
      onattribend() {},
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onopentagend() {},
      onprocessinginstruction() {},
      onselfclosingtag() {},
      ontext() {},
    },
  );
  function countReference() {
    references += 1;
    if (references > RICH_TEXT_BOUNDS.characterReferences) {
      refuse(
        `The rich text has too many character references (more than ${count(RICH_TEXT_BOUNDS.characterReferences)}).`,
      );
    }
  }
  tokenizer.write(html);
  tokenizer.end();
  return problem;
}
