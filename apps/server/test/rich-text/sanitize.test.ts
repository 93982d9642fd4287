import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseFragment } from 'parse5';
import { richTextSanitizer } from '../../src/rich-text/sanitize.ts';
import { blns, xssPayloads } from '../corpus/load.ts';

const sanitizeRichText = await richTextSanitizer();

interface BrowserNode {
  nodeName: string;
  tagName?: string;
  namespaceURI?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: BrowserNode[];
}

/** An independent reading of the console's rich-text toolbar: what may remain after sanitising. */
const TAGS = new Set([
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
]);
const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  li: ['data-list'],
};
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;
const SAFE_SRC =
  /^(data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$|https?:\/\/|\/media\/[0-9a-f]{64}\.[a-z0-9]+$)/i;
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

/**
 * Reads the sanitised HTML the way a browser's innerHTML does (parse5 follows the HTML
 * standard), so markup that would mutate into something else in a browser is caught too.
 * Every element and attribute left must be one the toolbar can make, with a safe value.
 */
function problems(html: string): string[] {
  const found: string[] = [];
  const walk = (nodes: BrowserNode[]) => {
    for (const node of nodes) {
      if (node.nodeName === '#comment' || node.nodeName === '#documentType') found.push(node.nodeName);
      if (node.tagName === undefined) continue;
      if (!TAGS.has(node.tagName) || node.namespaceURI !== HTML_NAMESPACE)
        found.push(`<${node.tagName}> in ${node.namespaceURI}`);
      for (const { name, value } of node.attrs ?? []) {
        const allowed = [...(ATTRIBUTES[node.tagName] ?? []), 'class', 'style'];
        if (!allowed.includes(name)) found.push(`${node.tagName}[${name}]`);
        if (name === 'href' && !SAFE_HREF.test(value)) found.push(`href=${value}`);
        if (name === 'src' && !SAFE_SRC.test(value)) found.push(`src=${value}`);
        if (name === 'class' && !value.split(' ').every((c) => /^ql-(font|align|indent|size)-[a-z0-9-]+$/.test(c)))
          found.push(`class=${value}`);
        if (name === 'style' && !/^((color|background-color):[^;:]+;?)+$/.test(value)) found.push(`style=${value}`);
        if (/javascript:|vbscript:|expression\(/i.test(value) && name !== 'alt') found.push(`${name}=${value}`);
      }
      walk(node.childNodes ?? []);
    }
  };
  walk((parseFragment(html) as unknown as BrowserNode).childNodes ?? []);
  return found;
}

describe('rich-text sanitiser', () => {
  it('keeps what the Quill 2 toolbar writes', () => {
    const quill = [
      '<h1>Title</h1><h6 class="ql-align-center">Small</h6>',
      '<p><strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s></p>',
      '<p class="ql-align-justify ql-indent-1"><span class="ql-font-serif">serif</span> <span class="ql-font-monospace">mono</span></p>',
      '<p><span style="color:rgb(230, 0, 0);background-color:rgb(255, 255, 0)">colours</span></p>',
      '<ol><li data-list="ordered">one</li><li data-list="bullet">two</li></ol>',
      '<p><a href="https://example.org/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">link</a></p>',
      '<p><img src="data:image/png;base64,iVBORw0KGgo=" /></p>',
      '<p><img src="/media/' + 'a'.repeat(64) + '.webp" /></p>',
      '<p>a<br />b</p>',
    ];
    for (const html of quill) expect(sanitizeRichText(html)).toBe(html);
  });

  it('normalises every link to a new tab that cannot reach back', () => {
    expect(sanitizeRichText('<a href="mailto:office@example.org">mail</a>')).toBe(
      '<a href="mailto:office@example.org" target="_blank" rel="noopener noreferrer">mail</a>',
    );
    expect(sanitizeRichText('<a href="https://example.org" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('removes scripts, handlers, foreign markup and unsafe URLs', () => {
    expect(sanitizeRichText('<p onclick="x()">a<script>alert(1)</script></p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="jav&#x09;ascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="data:text/html,&lt;script&gt;">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeRichText('<img src="x" onerror="alert(1)">')).toBe('');
    expect(sanitizeRichText('<iframe srcdoc="<script>alert(1)</script>"></iframe>ok')).toBe('ok');
    expect(sanitizeRichText('<svg onload="alert(1)"><circle /></svg><math><mi>x</mi></math>ok')).toBe('ok');
    expect(sanitizeRichText('<p style="color: red; position: fixed; background: url(x)">a</p>')).toBe(
      '<p style="color:red">a</p>',
    );
    expect(sanitizeRichText('<p class="ql-align-center evil">a</p>')).toBe('<p class="ql-align-center">a</p>');
    expect(sanitizeRichText('<ol><li data-list="x">a</li></ol>')).toBe('<ol><li>a</li></ol>');
    expect(sanitizeRichText('<base href="https://example.org/"><form action="x"><input name="a"></form>ok')).toBe('ok');
  });

  it.each([
    ['blns', blns],
    ['xss.txt', xssPayloads],
  ])('is a fixed point and leaves nothing unsafe over %s', (_name, corpus) => {
    expect(corpus.length).toBeGreaterThan(100);
    for (const input of corpus) {
      const once = sanitizeRichText(input);
      expect(sanitizeRichText(once), `input: ${input}`).toBe(once);
      expect(problems(once), `input: ${input}`).toEqual([]);
      expect(once).not.toMatch(/<(script|iframe|svg|math|style|object|embed|base|form)/i);
    }
  });

  it('is a fixed point on generated markup soup', () => {
    const pieces = [
      '<p>',
      '</p>',
      '<a href="',
      'javascript:',
      'https://e.org',
      '">',
      '<img src=',
      'data:image/png;base64,AA==',
      ' onerror=',
      '<ol>',
      '<li data-list="bullet">',
      '<span style="color: #fff;',
      'background:url(x)',
      '">',
      '&amp;',
      '&lt;',
      '<',
      '>',
      '"',
      "'",
      '<!--',
      '-->',
      '<script>',
      '</script>',
      '<svg>',
      '<math>',
      '<style>',
      '</style>',
      'text',
      ' ',
      '\n',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const once = sanitizeRichText(parts.join(''));
        return sanitizeRichText(once) === once && problems(once).length === 0;
      }),
      { seed: 20261122, numRuns: 2000 },
    );
  });
});
