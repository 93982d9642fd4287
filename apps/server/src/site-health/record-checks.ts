import type { SectionDef, SiteHealthCheck, SiteHealthSeverity } from '@bursary/shared';
import { imageNameOf } from '../media/image-fields.ts';
import { mediaFileName } from '../media/media-name.ts';
import { readRichText, type RichTextFindings } from '../rich-text/findings.ts';

/** A problem of one record, before its section, id and title are put beside it. */
export interface RecordProblem {
  check: SiteHealthCheck;
  severity: SiteHealthSeverity;
  field: string;
  message: string;
  /** The language the problem is in (translation checks only). */
  locale?: string;
}

/** The image a record refers to under /media/, for the check that it is still stored. */
export interface MediaReference {
  field: string;
  name: string;
}

/** A link of a record to another site, for the link checker. */
export interface ExternalLink {
  field: string;
  url: string;
}

/** The longest address the link checker keeps: longer ones are not checked. */
const MAX_CHECKED_URL = 2_048;

/** An http(s) address of another site, normalised as the checker keeps it (no fragment), or undefined. */
function externalUrl(href: string): string | undefined {
  if (!/^https?:\/\//i.test(href) || href.length > MAX_CHECKED_URL) return undefined;
  try {
    const url = new URL(href);
    url.hash = '';
    return url.toString();
  } catch {
    return undefined;
  }
}

/**
 * Link texts that say nothing of where a link goes once read out of context, as screen-reader users often hear
 * links listed on their own. Compared after lower-casing and dropping punctuation and arrows.
 */
const VAGUE_LINK_TEXTS = new Set([
  'click',
  'click here',
  'click this link',
  'continue',
  'details',
  'go',
  'go here',
  'here',
  'learn more',
  'link',
  'more',
  'more info',
  'more information',
  'read more',
  'see more',
  'this',
  'this link',
  'this page',
]);

/** How much of an address a message quotes: enough to find it, not a wall of text. */
const QUOTED_ADDRESS = 100;

const quoteAddress = (href: string) => (href.length > QUOTED_ADDRESS ? `${href.slice(0, QUOTED_ADDRESS)}…` : href);
const plainLinkText = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The file name under /media/ of a stored image a field or an image source names (stored values are relative). */
function mediaNameOf(source: string): string | undefined {
  const name = imageNameOf(source);
  return name && mediaFileName(name);
}

function headingProblem(label: string, headings: number[]): string | undefined {
  for (let i = 1; i < headings.length; i += 1) {
    const before = headings[i - 1] ?? 0;
    const level = headings[i] ?? 0;
    if (level > before + 1)
      return `"${label}" jumps from a level ${before} heading to a level ${level} heading. Make it a level ${before + 1} heading, so that people using screen readers can follow the outline.`;
  }
  return undefined;
}

function richTextProblems(field: string, label: string, findings: RichTextFindings): RecordProblem[] {
  const problems: RecordProblem[] = [];
  const add = (check: SiteHealthCheck, severity: SiteHealthSeverity, message: string) => {
    if (!problems.some((p) => p.check === check && p.message === message))
      problems.push({ check, severity, field, message });
  };
  if (findings.images.some((image) => image.alt === ''))
    add(
      'missing-alt-text',
      'warning',
      `An image in "${label}" has no alternative text, so people who cannot see it miss what it shows. Give the image a short description, or remove it.`,
    );
  const heading = headingProblem(label, findings.headings);
  if (heading) add('heading-order', 'warning', heading);
  for (const link of findings.links) {
    const text = plainLinkText(link.text);
    if (text === '')
      add(
        'vague-link-text',
        'notice',
        `A link in "${label}" has no text, so nobody can tell where it goes. Give it words that say where it leads, or remove it.`,
      );
    else if (VAGUE_LINK_TEXTS.has(text))
      add(
        'vague-link-text',
        'notice',
        `A link in "${label}" says only "${link.text}". Use words that say where it goes, such as the name of the page.`,
      );
    if (/^http:/i.test(link.href))
      add(
        'insecure-link',
        'warning',
        `A link in "${label}" goes to ${quoteAddress(link.href)}, which is not secure. Change it to the https:// address.`,
      );
  }
  return problems;
}

/**
 * The problems a record's own content shows, found without the database, and the images it refers to (whether
 * they are still stored is the caller's question). `record` holds field values by their wire names.
 */
export function checkRecordContent(
  section: SectionDef,
  record: Record<string, unknown>,
): { problems: RecordProblem[]; media: MediaReference[]; links: ExternalLink[] } {
  const problems: RecordProblem[] = [];
  const media: MediaReference[] = [];
  const links: ExternalLink[] = [];
  for (const [field, def] of Object.entries(section.fields)) {
    const value = record[field];
    if (typeof value !== 'string' || value === '') continue;
    if (def.kind === 'image') {
      const name = mediaNameOf(value);
      if (name) media.push({ field, name });
    } else if (def.kind === 'richtext' && value.includes('<')) {
      const findings = readRichText(value);
      problems.push(...richTextProblems(field, def.label, findings));
      for (const image of findings.images) {
        const name = mediaNameOf(image.src);
        if (name) media.push({ field, name });
      }
      for (const link of findings.links) {
        const url = externalUrl(link.href);
        if (url && !links.some((known) => known.field === field && known.url === url)) links.push({ field, url });
      }
    }
  }
  return { problems, media, links };
}

/** The problem of a record field showing an image that is no longer stored. */
export function brokenMediaProblem(section: SectionDef, field: string): RecordProblem {
  const label = section.fields[field]?.label ?? field;
  return {
    check: 'broken-media',
    severity: 'error',
    field,
    message: `"${label}" shows an image that is no longer stored, so the website shows a broken image. Upload the image again, or remove it.`,
  };
}
