import type { Load } from './load.ts';
import { faqAnswer } from './seed.ts';

/**
 * Edits with If-Match as the console saves: each request takes a record no other connection is
 * editing, sends the ETag it last saw, and keeps the new one, so every save should land (200).
 */
export async function putLoad(
  base: string,
  auth: Record<string, string>,
  ids: number[],
  connections: number,
): Promise<Load> {
  const etags = new Map<number, string>();
  for (const id of ids) {
    const res = await fetch(`${base}/api/faqs/${id}`);
    etags.set(id, res.headers.get('etag') ?? '');
  }
  const free = [...ids];
  let edits = 0;
  return {
    path: '/api/faqs',
    connections,
    expect: 200,
    requests: [
      {
        method: 'PUT',
        setupRequest: (request, context) => {
          const id = free.shift() ?? ids[0] ?? 1;
          context.id = id;
          edits += 1;
          return {
            ...request,
            path: `/api/faqs/${id}`,
            headers: { 'content-type': 'application/json', 'if-match': etags.get(id) ?? '*', ...auth },
            body: JSON.stringify({ description: faqAnswer(edits) }),
          };
        },
        onResponse: (_status, _body, context, headers) => {
          const id = Number(context.id);
          if (headers.etag) etags.set(id, headers.etag);
          free.push(id);
        },
      },
    ],
  };
}
