import { parseDocument } from 'htmlparser2';
import { UnsupportedMediaTypeError } from '../lib/errors.ts';
import {
  SVG_ANIMATION,
  SVG_ELEMENTS,
  SVG_NAMESPACE,
  SVG_REFERENCE_ATTRIBUTES,
  SVG_UNANIMATABLE,
  SVG_UNWRAP,
  XLINK_NAMESPACE,
} from './svg-allow-list.ts';
import { SVG_ATTRIBUTES } from './svg-attribute-allow-list.ts';
import { cleanStyleAttribute, cleanStyleSheet, isSafeCssValue } from './svg-css.ts';

type Document = ReturnType<typeof parseDocument>;
type Node = Document['children'][number];
interface ElementNode {
  name: string;
  attribs: Record<string, string>;
  children: Node[];
}

/** Deeper nesting than this is refused: no real drawing needs it, and it would cost stack. */
const MAX_DEPTH = 200;

const FRAGMENT = /^#[A-Za-z_][\w.:-]*$/;
const DECLARATION = /<!(?:DOCTYPE|ENTITY|ATTLIST|ELEMENT|NOTATION)/i;

const isElement = (node: Node): node is Node & ElementNode => 'name' in node && 'attribs' in node;
const isText = (node: Node): node is Node & { data: string } => node.type === 'text';

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

function isSafeAttribute(element: string, name: string, value: string): boolean {
  if (!SVG_ATTRIBUTES.has(name)) return false;
  if (SVG_REFERENCE_ATTRIBUTES.has(name)) return FRAGMENT.test(value.trim());
  // anything with a function, an escape or a scheme must read as a safe CSS value (fill="url(#g)")
  if (/[(\\]|javascript:|vbscript:|data:/i.test(value)) return isSafeCssValue(name, value);
  if (name === 'attributeName' && SVG_ANIMATION.has(element))
    return !SVG_UNANIMATABLE.has(value) && SVG_ATTRIBUTES.has(value);
  return true;
}

/** A style sheet is the element's own text; markup inside a style element is no CSS and is dropped. */
function textOf(node: ElementNode): string {
  return node.children.map((child) => (isText(child) ? child.data : '')).join('');
}

function serialiseChildren(children: Node[], depth: number): string {
  return children.map((child) => serialiseNode(child, depth)).join('');
}

function serialiseNode(node: Node, depth: number): string {
  if (depth > MAX_DEPTH) throw new UnsupportedMediaTypeError('This SVG is nested too deeply to be accepted');
  if (isText(node)) return escapeText(node.data);
  if (node.type === 'cdata' && 'children' in node) return serialiseChildren(node.children as Node[], depth + 1);
  if (!isElement(node)) return ''; // comments, processing instructions
  const { name, attribs } = node;
  if (SVG_UNWRAP.has(name)) return serialiseChildren(node.children, depth + 1);
  if (!SVG_ELEMENTS.has(name)) return '';
  if (
    SVG_ANIMATION.has(name) &&
    name !== 'animateMotion' &&
    !isSafeAttribute(name, 'attributeName', attribs.attributeName ?? '')
  )
    return '';
  if (name === 'style') {
    const css = cleanStyleSheet(textOf(node));
    return css === '' ? '' : `<style>${escapeText(css)}</style>`;
  }
  let attributes = depth === 0 ? ` xmlns="${SVG_NAMESPACE}" xmlns:xlink="${XLINK_NAMESPACE}"` : '';
  for (const [attribute, value] of Object.entries(attribs)) {
    const kept = attribute === 'style' ? cleanStyleAttribute(value) : isSafeAttribute(name, attribute, value) && value;
    if (kept) attributes += ` ${attribute}="${escapeAttribute(kept)}"`;
  }
  const inner = serialiseChildren(node.children, depth + 1);
  return inner === '' ? `<${name}${attributes}/>` : `<${name}${attributes}>${inner}</${name}>`;
}

/** The document's single root element when the text is an SVG document, else undefined. */
function svgRoot(document: Document): (Node & ElementNode) | undefined {
  let root: (Node & ElementNode) | undefined;
  for (const node of document.children) {
    if (isElement(node)) {
      if (root) return undefined;
      root = node;
    } else if (isText(node) && node.data.trim() !== '') return undefined;
  }
  return root?.name === 'svg' ? root : undefined;
}

function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The cleaned bytes of an SVG upload, or undefined when the bytes are not an SVG document.
 * DOCTYPE and entity declarations are refused outright (XXE, billion laughs); everything
 * outside the allow-list is dropped; the result is rebuilt from the parsed tree, so what is
 * stored is well-formed and holds nothing the parser did not understand.
 */
export function cleanSvg(bytes: Buffer): Buffer | undefined {
  const text = decodeUtf8(bytes);
  if (text === undefined || !/<svg[\s/>]/.test(text)) return undefined;
  if (DECLARATION.test(text)) {
    throw new UnsupportedMediaTypeError('SVG files with a DOCTYPE or entity declarations are not accepted');
  }
  const root = svgRoot(parseDocument(text, { xmlMode: true, decodeEntities: true }));
  if (!root) return undefined;
  return Buffer.from(serialiseNode(root, 0), 'utf8');
}
