/**
 * What a stored SVG may contain (ASVS 5.2.7). Anything not listed is removed: script,
 * foreignObject, iframe, image, feImage, style-less HTML, editor namespaces and every event
 * handler attribute. Names are SVG's, case-sensitive.
 */
export const SVG_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'switch',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'style',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
  'animate',
  'animateTransform',
  'animateMotion',
  'set',
  'mpath',
]);

/** Elements whose content is kept but whose own tag goes: links can point nowhere but inside. */
export const SVG_UNWRAP = new Set(['a']);

/** Animation elements: kept only while they animate an attribute of SVG_ATTRIBUTES other than a reference. */
export const SVG_ANIMATION = new Set(['animate', 'animateTransform', 'animateMotion', 'set']);

/** Attributes that may only hold a same-document reference (#id). */
export const SVG_REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href']);

/** Animation may never target these, whatever else the allow-list says. */
export const SVG_UNANIMATABLE = new Set([
  'href',
  'xlink:href',
  'style',
  'class',
  'id',
  'attributeName',
  'values',
  'from',
  'to',
  'by',
]);

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
export const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';
