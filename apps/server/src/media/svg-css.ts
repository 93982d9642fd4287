import { type CssNode, type Declaration, List, generate, parse, walk } from 'css-tree';
import { SVG_PRESENTATION_PROPERTIES } from './svg-presentation-properties.ts';

/**
 * CSS a stored SVG may carry in `<style>` and `style=""`: parsed with
 * css-tree, then rebuilt from what an allow-list keeps. Every at-rule goes (@import, @font-face
 * and its src, @namespace…), and so does every declaration outside the list of drawing
 * properties (shared with the attributes) or whose value holds anything but plain values: no url() except a reference inside
 * the document (#id), no image-set() or other function that loads, no escapes, nothing the parser
 * could not read.
 */
const PROPERTIES = new Set(SVG_PRESENTATION_PROPERTIES);

/** Colours, lengths and transforms: functions that compute, none that fetch. */
const FUNCTIONS = new Set([
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'calc',
  'matrix',
  'translate',
  'translatex',
  'translatey',
  'scale',
  'scalex',
  'scaley',
  'rotate',
  'skewx',
  'skewy',
]);

const VALUE_NODES = new Set(['Value', 'Identifier', 'Number', 'Percentage', 'Dimension', 'Hash', 'Operator']);
const FRAGMENT = /^#[A-Za-z_][\w.:-]*$/;

/** A value of plain parts only; quoted text only in a font name, url() only to an element here. */
function isSafeValue(property: string, value: CssNode): boolean {
  let safe = true;
  walk(value, (node) => {
    if (VALUE_NODES.has(node.type)) return;
    if (node.type === 'Function' && FUNCTIONS.has(node.name.toLowerCase())) return;
    if (node.type === 'Url' && FRAGMENT.test(node.value)) return;
    if (node.type === 'String' && (property === 'font-family' || property === 'font')) return;
    safe = false;
  });
  return safe && !generate(value).includes('\\');
}

function isSafeDeclaration(node: CssNode): node is Declaration {
  return node.type === 'Declaration' && PROPERTIES.has(node.property) && isSafeValue(node.property, node.value);
}

function keepSafeDeclarations(list: List<CssNode>): List<CssNode> {
  return new List<CssNode>().fromArray(list.toArray().filter(isSafeDeclaration));
}

/** css-tree's tree of the text, or undefined where it gives up (it throws on some broken input). */
function parsed(text: string, context: 'declarationList' | 'stylesheet' | 'value'): CssNode | undefined {
  try {
    return parse(text, { context });
  } catch {
    return undefined;
  }
}

/** The declarations of a `style` attribute that the allow-list keeps, rebuilt; '' when none. */
export function cleanStyleAttribute(css: string): string {
  const ast = parsed(css, 'declarationList');
  if (ast?.type !== 'DeclarationList') return '';
  return generate({ ...ast, children: keepSafeDeclarations(ast.children) });
}

/** The rules of a style sheet with plain selectors and the declarations the allow-list keeps. */
export function cleanStyleSheet(css: string): string {
  const ast = parsed(css, 'stylesheet');
  if (ast?.type !== 'StyleSheet') return '';
  const rules: CssNode[] = [];
  for (const node of ast.children.toArray()) {
    if (node.type !== 'Rule' || node.prelude.type !== 'SelectorList' || generate(node.prelude).includes('\\')) continue;
    const declarations = keepSafeDeclarations(node.block.children);
    if (!declarations.isEmpty) rules.push({ ...node, block: { ...node.block, children: declarations } });
  }
  return generate({ ...ast, children: new List<CssNode>().fromArray(rules) });
}

/** A presentation attribute's value (fill="url(#g)", transform="rotate(45)") read as that property's CSS value. */
export function isSafeCssValue(property: string, text: string): boolean {
  const value = parsed(text, 'value');
  return value !== undefined && isSafeValue(property, value);
}
