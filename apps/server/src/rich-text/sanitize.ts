import type sanitizeHtml from 'sanitize-html';
import { ValidationError } from '../lib/errors.ts';
import { richTextBoundsProblem } from './bounds.ts';
import { loadHtmlParser } from './html-parser.ts';
import { LIST_KINDS, SAFE_DATA_IMAGE, SAFE_IMAGE_URL, SAFE_LINK, richTextOptions } from './allow-list.ts';

type Attributes = Record<string, string>;

/** Link URLs are checked against our own list before sanitize-html's scheme check runs. */
function link(tagName: string, attribs: Attributes) {
  const href = attribs.href?.trim();
  const next: Attributes = {};
  if (href !== undefined && SAFE_LINK.test(href)) {
    next.href = href;
    // what Quill writes for every link; a new tab never gets a handle on this page
    next.target = '_blank';
    next.rel = 'noopener noreferrer';
  }
  if (attribs.style !== undefined) next.style = attribs.style;
  if (attribs.class !== undefined) next.class = attribs.class;
  return { tagName, attribs: next };
}

/**
 * An image's source as stored, or undefined when it is refused: a raster data URL (moved into the media
 * store by the write, media/rich-text-images.ts), or this server's own media, relative or under PUBLIC_URL, which
 * is stored relative so the address can change without touching any record.
 */
function imageSource(src: string, publicUrl: string | undefined): string | undefined {
  if (SAFE_DATA_IMAGE.test(src) || SAFE_IMAGE_URL.test(src)) return src;
  if (publicUrl === undefined || !src.startsWith(`${publicUrl}/media/`)) return undefined;
  const relative = src.slice(publicUrl.length);
  return SAFE_IMAGE_URL.test(relative) ? relative : undefined;
}

const image = (publicUrl: string | undefined) => (tagName: string, attribs: Attributes) => {
  const src = attribs.src === undefined ? undefined : imageSource(attribs.src.trim(), publicUrl);
  const next: Attributes = { ...attribs };
  // set in place, so the source stays where it was written (first, as the editor writes it)
  if (src !== undefined) next.src = src;
  else delete next.src;
  for (const size of ['width', 'height']) {
    const value = next[size];
    if (value !== undefined && !/^\d{1,5}(?:px|%)?$/.test(value)) delete next[size];
  }
  return { tagName, attribs: next };
};

function listItem(tagName: string, attribs: Attributes) {
  const next: Attributes = { ...attribs };
  if (next['data-list'] !== undefined && !LIST_KINDS.has(next['data-list'])) delete next['data-list'];
  return { tagName, attribs: next };
}

const optionsByPublicUrl = new Map<string | undefined, sanitizeHtml.IOptions>();

/** The options for one PUBLIC_URL (a server has one; made once). */
function optionsFor(publicUrl: string | undefined): sanitizeHtml.IOptions {
  let options = optionsByPublicUrl.get(publicUrl);
  if (!options) {
    options = {
      ...richTextOptions,
      transformTags: { a: link, img: image(publicUrl), li: listItem },
      // an image with no acceptable source is no image at all
      exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
    };
    optionsByPublicUrl.set(publicUrl, options);
  }
  return options;
}

/**
 * Cleans one field's rich text; `field` names it in the 400 for text beyond the bounds, `publicUrl`
 * (PUBLIC_URL) is the address under which this server's media are accepted besides `/media/…`.
 */
export type RichTextSanitizer = (html: string, field?: string, publicUrl?: string) => string;

function withinBounds(html: string, field = ''): string {
  const problem = richTextBoundsProblem(html);
  if (problem) throw new ValidationError([{ path: field, message: problem }]);
  return html;
}

let loading: Promise<RichTextSanitizer> | undefined;

/**
 * The cleaner of rich text (Quill HTML) that every write runs (ASVS 5.2.1).
 * Idempotent: cleaning stored text again changes nothing. Text beyond RICH_TEXT_BOUNDS is refused
 * before sanitize-html parses it, so no body costs more than linear time. sanitize-html, htmlparser2 and
 * their parsers (about 20 MB of memory) load on the first write that carries rich text, not at start:
 * a server that only answers reads never needs them.
 */
export function richTextSanitizer(): Promise<RichTextSanitizer> {
  // htmlparser2 first, whole: sanitize-html require()s it, and Node refuses to require() an ES module whose import is
  // still under way (ERR_REQUIRE_ESM_RACE_CONDITION), which a concurrent first upload of an SVG could have started
  loading ??= loadHtmlParser()
    .then(() => import('sanitize-html'))
    .then(
      ({ default: sanitizeHtml }) =>
        (html: string, field?: string, publicUrl?: string) =>
          sanitizeHtml(withinBounds(html, field), optionsFor(publicUrl)),
      // a failed load is tried again by the next write rather than remembered
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
  return loading;
}
