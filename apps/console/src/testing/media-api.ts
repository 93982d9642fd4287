import { http, HttpResponse } from 'msw';
import type { MediaItem } from '@bursary/shared/media';
import { server } from './server';

const HASH = 'a'.repeat(64);

/** A stored image as GET /api/media lists it: unused, without alternative text, its focal point in the centre. */
export function makeMediaItem(overrides: Partial<MediaItem> = {}): MediaItem {
  const name = overrides.name ?? `${HASH}.png`;
  return {
    name,
    url: `/media/${name}`,
    type: 'image/png',
    width: 1200,
    height: 800,
    file_name: 'campus-open-day.png',
    bytes: 245_760,
    alt: '',
    focal_x: 0.5,
    focal_y: 0.5,
    used_by: [],
    created_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

/** One call the media API received; `query` is its search parameters. */
interface MediaCall {
  method: string;
  path: string;
  query: Record<string, string>;
  json: unknown;
}

interface MediaServerOptions {
  /** The answer to a PATCH or DELETE instead of the happy one (a 400 or a 409). */
  refuse?: (call: MediaCall) => Response | undefined;
}

/** An image as the server answers it outside `locale=*`: `alt_by_locale` is only in that list. */
function withoutLanguages({ alt_by_locale: _every, ...item }: MediaItem): MediaItem {
  return item;
}

/**
 * The media library API as a small in-memory server: the list with its filters and paging (X-Total-Count), PATCH and
 * DELETE; every call is recorded. Images given `alt_by_locale` have texts in languages: the list answers them with
 * `locale=*`, and a PATCH with `?locale=CODE` writes that language's.
 */
export function serveMedia(initial: MediaItem[], { refuse }: MediaServerOptions = {}) {
  let items = [...initial];
  const calls: MediaCall[] = [];
  const note = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      json: text ? (JSON.parse(text) as unknown) : null,
    };
    calls.push(call);
    return call;
  };
  server.use(
    http.get('/api/media', async ({ request }) => {
      const { query } = await note(request);
      const matching = items.filter(
        (item) => (query.unused !== '1' || item.used_by.length === 0) && (query.missing_alt !== '1' || item.alt === ''),
      );
      const offset = Number(query.offset ?? 0);
      const page = matching.slice(offset, offset + Number(query.limit ?? 50));
      const answered = query.locale === '*' ? page : page.map(withoutLanguages);
      return HttpResponse.json(answered, { headers: { 'X-Total-Count': String(matching.length) } });
    }),
    http.patch('/api/media/:name', async ({ request, params }) => {
      const call = await note(request);
      const refused = refuse?.(call);
      if (refused) return refused;
      const found = items.find((item) => item.name === params.name);
      if (!found) return HttpResponse.json({ message: 'No such image.', error: 'Not Found' }, { status: 404 });
      const sent = call.json as Partial<MediaItem>;
      const code = call.query.locale;
      if (code && found.alt_by_locale) {
        const { alt, ...shared } = sent;
        const changed = {
          ...found,
          ...shared,
          alt_by_locale: { ...found.alt_by_locale, ...(alt === undefined ? {} : { [code]: alt }) },
        };
        items = items.map((item) => (item === found ? changed : item));
        return HttpResponse.json({ ...withoutLanguages(changed), alt: changed.alt_by_locale[code] ?? '' });
      }
      const changed = { ...found, ...sent };
      items = items.map((item) => (item === found ? changed : item));
      return HttpResponse.json(withoutLanguages(changed));
    }),
    http.delete('/api/media/:name', async ({ request, params }) => {
      const call = await note(request);
      const refused = refuse?.(call);
      if (refused) return refused;
      items = items.filter((item) => item.name !== params.name);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { calls, writes: () => calls.filter((call) => call.method !== 'GET') };
}
