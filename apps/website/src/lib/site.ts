import type { Locale, RecordOf, Section } from '@bursary/client';
import { UNAVAILABLE } from './words.ts';

/** The sections the website shows, each read whole from Bursary in every public language. */
export const SECTIONS = [
  'heroes',
  'steps',
  'faqs',
  'benefits',
  'insights',
  'about-heroes',
  'missions',
  'visions',
  'stakeholders',
  'milestones',
  'success-stories',
  'disbursement-testimonials',
  'messages',
  'content',
] as const satisfies readonly Section[];

export type SiteSection = (typeof SECTIONS)[number];

/** Every section's records in one language, as Bursary answers a public read of them. */
export type Content = { [S in SiteSection]: RecordOf<S>[] };

/** What the pages are rendered from: the public languages and each one's content, as last read. */
export interface Snapshot {
  locales: Locale[];
  defaultLocale: string;
  content: ReadonlyMap<string, Content>;
}

/** The website's own settings (WEBSITE_NAME, WEBSITE_URL, and where the fund's images are). */
export interface Settings {
  name: string;
  /** The canonical origin, without a trailing slash. */
  url: string;
  /** Where a browser loads Bursary's images from. */
  mediaBase: string;
  /** The console's origin: the one page that may frame a preview. */
  consoleOrigin: string;
}

/** Thrown while a page's content cannot be had from Bursary nor from memory: the 503 page. */
export class UnavailableError extends Error {
  constructor() {
    super(UNAVAILABLE);
    this.name = 'UnavailableError';
  }
}

/** Thrown when a preview token is refused by Bursary (expired, revoked, or never issued): the 401 page. */
export class PreviewRefusedError extends Error {
  constructor() {
    super('This preview link has expired or was revoked.');
    this.name = 'PreviewRefusedError';
  }
}

/*
 * The server (server/, run by Node from its sources) and the pages (bundled by Astro) each hold their own copy of
 * these classes, so an error crossing between them is told by its name, not by instanceof.
 */
export const isUnavailable = (error: unknown): boolean => error instanceof Error && error.name === 'UnavailableError';
export const isPreviewRefused = (error: unknown): boolean =>
  error instanceof Error && error.name === 'PreviewRefusedError';

/** What the server hands every render through Astro.locals. */
export interface SiteAccess {
  settings: Settings;
  /** The content as last read; throws UnavailableError before Bursary has ever answered. */
  snapshot(): Snapshot;
  /** FAQs matching the words, through Bursary's own search (remembered until the content changes). */
  searchFaqs(locale: string, q: string): Promise<RecordOf<'faqs'>[]>;
  /** The content as it will be once everything waiting is published, read with the preview token. */
  previewSnapshot(token: string, locale: string | undefined): Promise<Snapshot>;
}
