import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './api-types.ts';
import { srcset, type SrcsetOptions } from './srcset.ts';

export { verifyWebhook, type WebhookPayload, WebhookVerificationError } from './webhooks.ts';
export { srcset, type ImageSource, type SrcsetOptions, type VariantFormat, type VariantWidth } from './srcset.ts';
export type { components, paths } from './api-types.ts';

/** A section a website reads: `faqs`, `success-stories`, … (each has a list and a read by id). */
export type Section = {
  [Path in keyof paths]: Path extends `/api/${infer Slug}/{id}` ? Slug : never;
}[keyof paths];

/** A record of a section as Bursary answers it: its fields, and beside each image `F` its `F_alt`, `F_width`… */
export type RecordOf<S extends Section> = components['schemas'][`Record.${S}`];

/** A language the website is published in (GET /api/locales). */
export interface Locale {
  code: string;
  name: string;
  fallback: string | null;
  public: boolean;
  default: boolean;
}

export interface ReadOptions {
  /** A language code (`fr`): the records in that language, each field falling back as Bursary is set up to. */
  locale?: string;
}

export interface ListOptions extends ReadOptions {
  limit?: number;
  offset?: number;
  /** Words the records contain. */
  q?: string;
}

export interface BursaryClientOptions {
  /** Where Bursary answers, such as `https://cms.fund.example`. */
  baseUrl: string;
  /** A preview token: drafts and waiting changes are read too (sent as the Bursary-Preview header). */
  preview?: string;
  /** The fetch to use (a framework's, or one that caches); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

/** An answer Bursary gave that is not the content asked for: its status and its `message`. */
export class BursaryError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'BursaryError';
    this.status = status;
  }
}

async function failure(response: Response, error: unknown): Promise<BursaryError> {
  const said = (error as { message?: unknown } | undefined)?.message;
  return new BursaryError(
    response.status,
    typeof said === 'string' ? said : `Bursary answered ${response.status} ${response.statusText}`.trim(),
  );
}

/** The reads by section go through the typed client with the section's path filled in. */
type Untyped = (
  path: string,
  init: { params: { path?: object; query?: object } },
) => Promise<{
  data?: unknown;
  error?: unknown;
  response: Response;
}>;

export interface BursaryClient {
  /** The records of a section, newest first, as the website shows them (published only, unless previewing). */
  list<S extends Section>(section: S, options?: ListOptions): Promise<RecordOf<S>[]>;
  /** One record, or null when there is none (or it is not published). */
  get<S extends Section>(section: S, id: number, options?: ReadOptions): Promise<RecordOf<S> | null>;
  /** The languages the website is published in. */
  locales(): Promise<Locale[]>;
  /** `srcset` with this client's address for images Bursary names by path. */
  srcset(image: Parameters<typeof srcset>[0], widths: Parameters<typeof srcset>[1], options?: SrcsetOptions): string;
  /** The typed client of every public read, for anything the helpers do not cover. */
  api: Client<paths>;
}

export function createBursaryClient(options: BursaryClientOptions): BursaryClient {
  const headers: Record<string, string> = options.preview ? { 'Bursary-Preview': options.preview } : {};
  const api = createClient<paths>({
    baseUrl: options.baseUrl,
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const read = api.GET as unknown as Untyped;

  return {
    api,
    async list(section, { locale, limit, offset, q } = {}) {
      const query = { locale, limit, offset, q };
      const { data, error, response } = await read(`/api/${section}`, { params: { query } });
      if (data === undefined) throw await failure(response, error);
      return data as RecordOf<typeof section>[];
    },
    async get(section, id, { locale } = {}) {
      const { data, error, response } = await read(`/api/${section}/{id}`, {
        params: { path: { id }, query: { locale } },
      });
      if (response.status === 404) return null;
      if (data === undefined) throw await failure(response, error);
      return data as RecordOf<typeof section>;
    },
    async locales() {
      // not in the website's API document yet: read as plain JSON with the same address and fetch
      const response = await (options.fetch ?? globalThis.fetch)(new URL('/api/locales', options.baseUrl), {
        headers,
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) throw await failure(response, body);
      return body as Locale[];
    },
    srcset: (image, widths, srcsetOptions = {}) =>
      srcset(image, widths, { baseUrl: options.baseUrl, ...srcsetOptions }),
  };
}
