import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from './server';

interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  ifMatch: string | null;
}

/** Serves one record of a single-record section, with an ETag, and records every write. */
export function serveSection(slug: string, record: SectionRecord, etag = '"v1"') {
  const sent: SentRequest[] = [];
  let reads = 0;
  const remember = async (request: Request) => {
    const text = await request.text();
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : null,
      ifMatch: request.headers.get('If-Match'),
    });
  };
  server.use(
    http.get(`/api/${slug}`, () => {
      reads += 1;
      return HttpResponse.json([record], { headers: { ETag: etag } });
    }),
    http.put(`/api/${slug}/sub-edit/`, async ({ request }) => {
      await remember(request);
      return HttpResponse.json(record, { headers: { ETag: '"v2"' } });
    }),
    http.post(`/api/${slug}/sub`, async ({ request }) => {
      await remember(request);
      return HttpResponse.json({ id: 99 }, { status: 201, headers: { ETag: '"v2"' } });
    }),
    http.delete(`/api/${slug}/sub/:id`, async ({ request }) => {
      await remember(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { sent, reads: () => reads };
}
