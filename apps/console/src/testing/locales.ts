import { http, HttpResponse } from 'msw';
import type { Locale } from '@bursary/shared';
import { server } from './server';

export const english: Locale = { code: 'en', name: 'English', fallback: null, public: true, default: true };
export const french: Locale = { code: 'fr', name: 'Français', fallback: null, public: true, default: false };

/** Answers GET /api/locales with these languages. */
export function serveLocales(locales: Locale[] = [english, french]) {
  server.use(http.get('/api/locales', () => HttpResponse.json(locales)));
}

/** Every request sent to a path, with its query, method and JSON body, answered by `answer`. */
export interface SeenRequest {
  method: string;
  path: string;
  search: string;
  ifMatch: string | null;
  json: unknown;
}

export async function seen(request: Request): Promise<SeenRequest> {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.text();
  return {
    method: request.method,
    path: url.pathname,
    search: decodeURIComponent(url.search),
    ifMatch: request.headers.get('If-Match'),
    json: text ? (JSON.parse(text) as unknown) : null,
  };
}
