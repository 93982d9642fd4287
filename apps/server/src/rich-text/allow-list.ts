import type { IOptions } from 'sanitize-html';

/**
 * What stored rich text may contain: exactly what the console's Quill 2 toolbar produces
 * (fonts, headers 1–6, bold, italic, underline, strike, text and background colour, ordered
 * and bullet lists, alignment, link, image), plus quotes and code for pasted text.
 */
const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ol',
  'ul',
  'li',
  'span',
  'img',
  'blockquote',
  'pre',
  'code',
];

/** Quill 2 writes bullet lists as <ol><li data-list="bullet">. */
export const LIST_KINDS = new Set(['bullet', 'ordered', 'checked', 'unchecked']);

/** Quill's class attributors: font, alignment, indent and size. */
const QUILL_CLASSES = [
  /^ql-font-(?:serif|monospace|sans-serif)$/,
  /^ql-align-(?:center|right|justify)$/,
  /^ql-indent-[1-8]$/,
  /^ql-size-(?:small|large|huge)$/,
];

/** #rgb, #rrggbb (with alpha), rgb()/rgba() with plain numbers, or a colour keyword. */
const SAFE_COLOUR =
  /^(?:#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d{1,4})\s*)?\)|[a-z]{3,20})$/i;

/** Only raster data URLs, whole and base64: never SVG, HTML or anything else. */
export const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
/** Images of this server only: a remote image would make every viewer's browser call out (decision 005). */
export const SAFE_IMAGE_URL = /^\/media\/[0-9a-f]{64}\.[a-z0-9]{1,5}$/;
/** Absolute http(s) and mailto links, or links inside the same site. */
export const SAFE_LINK = /^(?:https?:\/\/[^\s"'<>\\]+|mailto:[^\s"'<>\\]+|\/(?!\/)[^\s"'<>\\]*|#[^\s"'<>\\]*)$/i;

export const richTextOptions: IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    li: ['data-list'],
    '*': ['style'],
  },
  allowedClasses: { '*': QUILL_CLASSES },
  allowedStyles: { '*': { color: [SAFE_COLOUR], 'background-color': [SAFE_COLOUR] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Elements whose content a browser reads as text or never shows: dropped with their content.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'noembed',
    'noframes',
    'iframe',
    'title',
    'template',
    'plaintext',
    'math',
    'svg',
    'select',
    'object',
    'head',
  ],
  selfClosing: ['br', 'img'],
  enforceHtmlBoundary: false,
};
