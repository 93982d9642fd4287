/**
 * What a stored SVG may contain (ASVS 5.2.7). Anything not listed is removed: script,
 * foreignObject, iframe, image, feImage, style-less HTML, editor namespaces and every event
 * handler attribute. Names are SVG's, case-sensitive.
 */
export const SVG_ELEMENTS = new Set([
  'svg', 'g', 'defs', 'title', 'desc', 'symbol', 'use', 'switch',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'style',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix',
  'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood',
  'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode',
  'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
  'animate', 'animateTransform', 'animateMotion', 'set', 'mpath',
]);

/** Elements whose content is kept but whose own tag goes: links can point nowhere but inside. */
export const SVG_UNWRAP = new Set(['a']);

/** Animation elements: kept only while they animate an attribute of SVG_ATTRIBUTES other than a reference. */
export const SVG_ANIMATION = new Set(['animate', 'animateTransform', 'animateMotion', 'set']);

/** Attributes that may only hold a same-document reference (#id). */
export const SVG_REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href']);

export const SVG_ATTRIBUTES = new Set([
  // document and structure
  'id', 'class', 'style', 'lang', 'xml:lang', 'xml:space', 'version', 'viewBox', 'preserveAspectRatio',
  'width', 'height', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr',
  'd', 'points', 'pathLength', 'transform', 'href', 'xlink:href', 'role', 'aria-label', 'aria-hidden',
  'requiredFeatures', 'systemLanguage',
  // presentation
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap',
  'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity',
  'color', 'display', 'visibility', 'overflow', 'clip', 'clip-path', 'clip-rule', 'mask', 'filter',
  'marker-start', 'marker-mid', 'marker-end', 'paint-order', 'vector-effect', 'shape-rendering',
  'color-interpolation', 'color-interpolation-filters', 'image-rendering', 'text-rendering',
  'stop-color', 'stop-opacity', 'flood-color', 'flood-opacity', 'lighting-color', 'mix-blend-mode', 'isolation',
  // text
  'font-family', 'font-size', 'font-style', 'font-weight', 'font-variant', 'font-stretch', 'letter-spacing',
  'word-spacing', 'text-anchor', 'text-decoration', 'dominant-baseline', 'alignment-baseline',
  'baseline-shift', 'writing-mode', 'direction', 'unicode-bidi', 'dx', 'dy', 'rotate', 'textLength',
  'lengthAdjust', 'startOffset', 'method', 'spacing', 'side',
  // gradients, patterns, clips, markers
  'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'patternUnits', 'patternContentUnits',
  'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'markerUnits', 'markerWidth',
  'markerHeight', 'refX', 'refY', 'orient',
  // filters
  'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'mode', 'operator',
  'k1', 'k2', 'k3', 'k4', 'values', 'type', 'tableValues', 'slope', 'intercept', 'amplitude',
  'exponent', 'scale', 'xChannelSelector', 'yChannelSelector', 'radius', 'baseFrequency', 'numOctaves',
  'seed', 'stitchTiles', 'order', 'kernelMatrix', 'divisor', 'bias', 'targetX', 'targetY', 'edgeMode',
  'preserveAlpha', 'surfaceScale', 'diffuseConstant', 'specularConstant', 'specularExponent',
  'kernelUnitLength', 'azimuth', 'elevation', 'z', 'pointsAtX', 'pointsAtY', 'pointsAtZ', 'limitingConeAngle',
  // animation timing (what is animated is checked separately)
  'attributeName', 'attributeType', 'begin', 'dur', 'end', 'min', 'max', 'restart', 'repeatCount',
  'repeatDur', 'calcMode', 'keyTimes', 'keySplines', 'from', 'to', 'by', 'additive', 'accumulate',
  'path', 'keyPoints',
]);

/** Animation may never target these, whatever else the allow-list says. */
export const SVG_UNANIMATABLE = new Set(['href', 'xlink:href', 'style', 'class', 'id', 'attributeName', 'values', 'from', 'to', 'by']);

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
export const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';
