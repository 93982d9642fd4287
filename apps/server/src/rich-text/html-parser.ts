import type * as Htmlparser2 from 'htmlparser2';

type HtmlParser = typeof Htmlparser2;

let parser: HtmlParser | undefined;
let loading: Promise<HtmlParser> | undefined;

/**
 * htmlparser2, loaded on the first rich-text write rather than at start: with its character-reference tables it
 * holds about 10 MB that a server answering reads never needs. A failed load is tried again by the next caller.
 */
export function loadHtmlParser(): Promise<HtmlParser> {
  if (parser) return Promise.resolve(parser);
  loading ??= import('htmlparser2').then(
    (loaded) => (parser = loaded),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * htmlparser2 once loadHtmlParser has settled. Its readers run inside a write's transaction (the site-health checks),
 * where waiting for a module would hold the database's write lock across turns of the event loop; the transaction
 * loads it before it opens (db/write-transaction.ts), so a reader that finds it missing is a mistake in the code.
 */
export function htmlParser(): HtmlParser {
  if (!parser) throw new Error('htmlparser2 was read before loadHtmlParser() settled');
  return parser;
}
