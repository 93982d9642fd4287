import { htmlParser } from './html-parser.ts';

interface LinkFinding {
  href: string;
  /** What a reader hears for the link: its text, or the alternative text of an image inside it. */
  text: string;
}

/** What the site-health checks need to know of one rich-text value, read in one pass. */
export interface RichTextFindings {
  /** Heading levels in document order (1 for h1 … 6 for h6). */
  headings: number[];
  links: LinkFinding[];
  images: { src: string; alt: string }[];
}

const HEADING = /^h([1-6])$/;

/**
 * Findings of long texts the sanitiser's worker read beside cleaning them, until the write that stores the text
 * asks for them: reading a field of a megabyte or two takes tens of milliseconds, which on the event loop would hold
 * every other request. Kept few and small: a write takes its text's findings within its own request, and what a
 * failed write left is pushed out by the next ones.
 */
const readOffThread = new Map<string, RichTextFindings>();
const KEPT_TEXTS = 4;

/** Keeps what the worker found in `html` (as cleaned) for the readRichText call of the write that stores it. */
export function keepFindings(html: string, findings: RichTextFindings): void {
  readOffThread.delete(html);
  readOffThread.set(html, findings);
  for (const oldest of readOffThread.keys()) {
    if (readOffThread.size <= KEPT_TEXTS) break;
    readOffThread.delete(oldest);
  }
}

/**
 * What the site-health checks need of stored rich text: the worker's findings when it read this very text for the
 * write storing it, else read here.
 */
export function readRichText(html: string): RichTextFindings {
  const found = readOffThread.get(html);
  if (found) {
    readOffThread.delete(html);
    return found;
  }
  return parseRichText(html);
}

/**
 * A tag the findings come from, a link, an image or a heading: its name as htmlparser2 reads it (in any case, and
 * `image`, which it reads as `img`), ended where the parser ends a tag's name (white space, `/`, `>`) or by the end
 * of the text. Text inside a comment or a raw-text element matches too, and is parsed: a match only decides that
 * the text is read.
 */
const FINDING_TAG = /<(?:a|img|image|h[1-6])(?![^\s/>])/i;

/**
 * Reads stored rich text, which the sanitiser has already reduced to a small allow-list of elements, so a
 * streaming parse with no tree is enough and costs microseconds for the few kilobytes a record holds. A text
 * without a link, an image or a heading (most texts) finds nothing, so it is not parsed.
 */
export function parseRichText(html: string): RichTextFindings {
  if (!FINDING_TAG.test(html)) return { headings: [], links: [], images: [] };
  return parseEveryTag(html);
}

/** The findings of a whole parse of the text, whatever it holds. */
export function parseEveryTag(html: string): RichTextFindings {
  const findings: RichTextFindings = { headings: [], links: [], images: [] };
  let link: LinkFinding | undefined;
  let linkDepth = 0;
  const parser = new (htmlParser().Parser)(
    {
      onopentag(name, attributes) {
        const heading = HEADING.exec(name);
        if (heading) findings.headings.push(Number(heading[1]));
        if (name === 'a') {
          linkDepth += 1;
          if (linkDepth === 1) link = { href: (attributes.href ?? '').trim(), text: '' };
        }
        if (name === 'img') {
          const alt = (attributes.alt ?? '').trim();
          findings.images.push({ src: (attributes.src ?? '').trim(), alt });
          if (link) link.text += ` ${alt} `;
        }
      },
      ontext(text) {
        if (link) link.text += text;
      },
      onclosetag(name) {
        if (name !== 'a' || linkDepth === 0) return;
        linkDepth -= 1;
        if (linkDepth === 0 && link) {
          findings.links.push({ href: link.href, text: link.text.replace(/\s+/g, ' ').trim() });
          link = undefined;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return findings;
}
