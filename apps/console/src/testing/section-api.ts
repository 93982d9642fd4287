import { vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from './server';

/** One write as the API received it: its JSON, or only the fact that it was multipart. */
export interface SentWrite {
  method: string;
  path: string;
  ifMatch: string | null;
  json?: unknown;
  multipart?: true;
}

/** Records every POST and PUT of a section's form and answers each with `answer()`. */
export function captureWrites(slug: string, answer: () => Response = () => HttpResponse.json({ id: 1 })): SentWrite[] {
  const sent: SentWrite[] = [];
  const record = async ({ request }: { request: Request }) => {
    const entry: SentWrite = {
      method: request.method,
      path: new URL(request.url).pathname,
      ifMatch: request.headers.get('If-Match'),
    };
    // jsdom's File cannot be read back from an intercepted request: tests read a multipart body
    // from the FormData handed to fetch instead (sentFormData)
    if (request.headers.get('Content-Type')?.startsWith('multipart/form-data')) entry.multipart = true;
    else entry.json = await request.json();
    sent.push(entry);
    return answer();
  };
  server.use(http.post(`/api/${slug}`, record), http.put(`/api/${slug}/:id`, record), http.put(`/api/${slug}`, record));
  return sent;
}

/** Answers a read of `path` with the record(s) and an ETag. */
export function serveRecord(path: string, record: SectionRecord | SectionRecord[], etag = '"r1"') {
  server.use(http.get(path, () => HttpResponse.json(record, { headers: { ETag: etag } })));
}

/**
 * Watches fetch for multipart bodies; `last()` is the FormData of the latest one. Restore the
 * spy with vi.restoreAllMocks().
 */
export function watchFormData() {
  const spy = vi.spyOn(globalThis, 'fetch');
  return {
    last(): FormData | undefined {
      const bodies = spy.mock.calls
        .map(([, init]) => init?.body)
        .filter((body): body is FormData => body instanceof FormData);
      return bodies.at(-1);
    },
  };
}
