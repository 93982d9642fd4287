import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createBursaryClient } from '@bursary/client';
import type { SiteAccess } from '../src/lib/site.ts';
import type { WebsiteConfig } from './config.ts';
import { ContentStore, readPreview } from './content-store.ts';
import { keepPage, PageCache, sendPage } from './page-cache.ts';

type AstroHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
  locals: App.Locals,
) => Promise<void>;

/** The page a request names in the cache: its path, and on the FAQ page its search; previews are never kept. */
function cacheKey(rawUrl: string): string | undefined {
  const url = new URL(rawUrl, 'http://website');
  if (url.pathname === '/preview') return undefined;
  const q = url.pathname.endsWith('/faqs') ? (url.searchParams.get('q') ?? '').trim() : '';
  return q ? `${url.pathname}?q=${q}` : url.pathname;
}

export interface Website {
  server: Server;
  store: ContentStore;
  close(): Promise<void>;
}

/**
 * The website's HTTP server: a page kept since the last change is answered from memory (with its ETag, compressed
 * once); anything else is rendered by Astro from the content in memory, and kept. Only GET and HEAD are answered.
 */
export async function createWebsite(config: WebsiteConfig, log: (line: string) => void): Promise<Website> {
  // built by `npm run build -w apps/website`; `npm start` builds it when missing or older than its sources
  const entry = new URL('../dist/server/entry.mjs', import.meta.url).href;
  const { handler } = (await import(entry)) as { handler: AstroHandler };
  const client = createBursaryClient({ baseUrl: config.bursaryUrl });
  const store = new ContentStore(client, config.bursaryUrl);
  const pages = new PageCache();
  store.onChange(() => pages.clear());

  const site: SiteAccess = {
    settings: config.settings,
    snapshot: () => store.snapshot(),
    searchFaqs: (locale, q) => store.searchFaqs(locale, q),
    previewSnapshot: (token, locale) => readPreview(config.bursaryUrl, token, locale),
  };

  const server = createServer((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('The website only answers GET and HEAD.');
      return;
    }
    const key = cacheKey(request.url ?? '/');
    const kept = key === undefined ? undefined : pages.get(key);
    if (kept) {
      sendPage(request, response, kept);
      return;
    }
    const version = store.version;
    const locals: App.Locals = { site };
    if (key !== undefined) {
      locals.keep = ({ status, headers, body }) => {
        const page = keepPage(status, headers, body);
        // a page rendered from content that changed meanwhile is sent once, not kept
        if (version === store.version) pages.set(key, page);
        return page.etag;
      };
    }
    void handler(
      request,
      response,
      () => {
        response.statusCode = 404;
        response.end();
      },
      locals,
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  store.start(log);
  return {
    server,
    store,
    close: async () => {
      store.stop();
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
