import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './api-types.ts';
import { BursaryError, BursaryUnreachableError } from './errors.ts';
import { image, type ImageOptions, type ResponsiveImage } from './image.ts';
import type { AllLocalesRecordOf, ImageField, RecordOf, Section } from './records.ts';
import { srcset, type SrcsetOptions } from './srcset.ts';

export {
  verifyWebhook,
  type WebhookEventType,
  type WebhookHeaders,
  type WebhookPayload,
  WebhookVerificationError,
} from './webhooks.ts';
export { srcset, type ImageSource, type SrcsetOptions, type VariantFormat, type VariantWidth } from './srcset.ts';
export { image, type ImageOptions, type ResponsiveImage, type StandaloneImageOptions } from './image.ts';
export { BursaryError, BursaryUnreachableError } from './errors.ts';
export type { AllLocalesRecordOf, ByLocale, ImageField, ImageFieldOf, RecordOf, Section } from './records.ts';
export type { components, paths } from './api-types.ts';

/** A language the website is published in (GET /api/locales). */
export type Locale = components['schemas']['Locale'];

export interface ReadOptions {
  /**
   * A language code (`fr`): the records in that language, each field falling back as Bursary is set up to; a
   * language that is not public is refused (BursaryError 404). `'*'` (with a preview token): every language at once,
   * each translated field by code (`AllLocalesRecordOf`).
   */
  locale?: string;
}

export interface ListOptions extends ReadOptions {
  /** At most this many records (1 to 1000). */
  limit?: number;
  /** Skip this many first. */
  offset?: number;
  /** Words the records contain (searched in the language asked, with its fallbacks). */
  q?: string;
}

export interface PageOptions extends ListOptions {
  /** The `etag` of a page read before: while it is current, Bursary answers 304 and `page` `{ notModified: true }`. */
  ifNoneMatch?: string;
}

/** One page of a section: its records and the section's total, or, for `ifNoneMatch`, word that nothing changed. */
export type Page<T> =
  { notModified: false; items: T[]; total: number; etag: string | null } | { notModified: true; etag: string | null };

/** `locale: '*'`: every language at once. */
type EveryLanguage = { locale: '*' };

export interface BursaryClientOptions {
  /** Where Bursary answers, such as `https://cms.fund.example`. */
  baseUrl: string;
  /** A preview token: drafts and waiting changes are read too (sent as the Bursary-Preview header). */
  preview?: string;
  /** The fetch to use (a framework's, or one that caches); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

export interface BursaryClient {
  /** The records of a section, newest first, as the website shows them (published only, unless previewing). */
  list<S extends Section>(section: S, options: ListOptions & EveryLanguage): Promise<AllLocalesRecordOf<S>[]>;
  list<S extends Section>(section: S, options?: ListOptions): Promise<RecordOf<S>[]>;
  /** A page of a section's records with the total (X-Total-Count) and the ETag; 304 gives `notModified: true`. */
  page<S extends Section>(section: S, options: PageOptions & EveryLanguage): Promise<Page<AllLocalesRecordOf<S>>>;
  page<S extends Section>(section: S, options?: PageOptions): Promise<Page<RecordOf<S>>>;
  /**
   * One record, or null when the section has no record with that id or it is not published. Any other refusal (a
   * section that does not exist, a language that is not public) throws BursaryError.
   */
  get<S extends Section>(
    section: S,
    id: number,
    options: ReadOptions & EveryLanguage,
  ): Promise<AllLocalesRecordOf<S> | null>;
  get<S extends Section>(section: S, id: number, options?: ReadOptions): Promise<RecordOf<S> | null>;
  /** The languages the website is published in. */
  locales(): Promise<Locale[]>;
  /** `srcset` with this client's address for images Bursary names by path. */
  srcset(image: Parameters<typeof srcset>[0], widths: Parameters<typeof srcset>[1], options?: SrcsetOptions): string;
  /** An image field as `<img>` attributes (`src`, `srcset`, `sizes`, `width`, `height`, `alt`, `objectPosition`). */
  image<R extends object, F extends ImageField<R>>(record: R, field: F, options: ImageOptions): ResponsiveImage | null;
  /** The typed client of every public read, for anything the helpers do not cover. */
  api: Client<paths>;
}

async function failure(response: Response, error: unknown): Promise<BursaryError> {
  const said = (error as { message?: unknown } | undefined)?.message;
  return new BursaryError(
    response.status,
    typeof said === 'string' ? said : `Bursary answered ${response.status} ${response.statusText}`.trim(),
  );
}

/** Bursary's 404 for a record that does not exist or is not published ("No faq with id 12."), as opposed to a
 * 404 for an address that is not in the API or a language that is not public. */
const NO_SUCH_RECORD = /^No .+ with id \d+\.$/;

/** The reads by section go through the typed client with the section's path filled in. */
type Untyped = (
  path: string,
  init: { params: { path?: object; query?: object; header?: object } },
) => Promise<{
  data?: unknown;
  error?: unknown;
  response: Response;
}>;

export function createBursaryClient(options: BursaryClientOptions): BursaryClient {
  const headers: Record<string, string> = options.preview ? { 'Bursary-Preview': options.preview } : {};
  // every request, the helpers' and `api`'s, through one fetch that names an unreachable Bursary as such
  const reaching: typeof globalThis.fetch = async (input, init) => {
    try {
      return await (options.fetch ?? globalThis.fetch)(input, init);
    } catch (error) {
      throw new BursaryUnreachableError(options.baseUrl, error);
    }
  };
  const api = createClient<paths>({ baseUrl: options.baseUrl, headers, fetch: reaching });
  const read = api.GET as unknown as Untyped;

  async function page(section: Section, { locale, limit, offset, q, ifNoneMatch }: PageOptions = {}) {
    const { data, error, response } = await read(`/api/${section}`, {
      params: {
        query: { locale, limit, offset, q },
        ...(ifNoneMatch ? { header: { 'If-None-Match': ifNoneMatch } } : {}),
      },
    });
    const etag = response.headers.get('etag');
    if (response.status === 304) return { notModified: true as const, etag };
    if (!Array.isArray(data)) throw await failure(response, error);
    // the header is documented; were a proxy to drop it, what is known for certain
    const counted = Number(response.headers.get('x-total-count') ?? Number.NaN);
    const total = Number.isInteger(counted) ? counted : (offset ?? 0) + data.length;
    return { notModified: false as const, items: data as unknown[], total, etag };
  }

  return {
    api,
    page: page as BursaryClient['page'],
    list: (async (section: Section, listOptions: ListOptions = {}) => {
      const answer = await page(section, listOptions);
      return answer.notModified ? [] : answer.items;
    }) as BursaryClient['list'],
    get: (async (section: Section, id: number, { locale }: ReadOptions = {}) => {
      const { data, error, response } = await read(`/api/${section}/{id}`, {
        params: { path: { id }, query: { locale } },
      });
      if (data !== undefined) return data;
      const refusal = await failure(response, error);
      if (response.status === 404 && NO_SUCH_RECORD.test(refusal.message)) return null;
      throw refusal;
    }) as BursaryClient['get'],
    async locales() {
      const { data, error, response } = await api.GET('/api/locales');
      if (data === undefined) throw await failure(response, error);
      return data;
    },
    srcset: (source, widths, srcsetOptions = {}) =>
      srcset(source, widths, { baseUrl: options.baseUrl, ...srcsetOptions }),
    image: (record, field, imageOptions) => image(record, field, { ...imageOptions, baseUrl: options.baseUrl }),
  };
}
