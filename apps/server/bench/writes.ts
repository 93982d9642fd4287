import type { Load } from './load.ts';
import { faqAnswer } from './seed.ts';

/**
 * Edits cut off when a run stops still land on the server for a moment after it: an ETag answered before one of them
 * lands is stale.
 */
const SETTLE_MS = 300;

/** New FAQs as the console adds them, with the editor's token: the same question and answer each time. */
export function postLoad(auth: Record<string, string>, connections: number): Load {
  return {
    path: '/api/faqs',
    method: 'POST',
    connections,
    expect: 201,
    body: JSON.stringify({ title: 'How long does a disbursement take?', description: faqAnswer(3) }),
    headers: { 'content-type': 'application/json', ...auth },
  };
}

/** Adds `count` FAQs through the API, for a PUT load to edit; answers their ids. */
export async function addFaqs(base: string, auth: Record<string, string>, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const res = await fetch(`${base}/api/faqs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ title: `Question ${n}?`, description: faqAnswer(n) }),
    });
    if (res.status !== 201) throw new Error(`adding a FAQ answered ${res.status}`);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

/**
 * Edits with If-Match as the console saves: each request takes a record no other connection is
 * editing, sends the ETag it last saw, and keeps the new one, so every save should land (200).
 */
export function putLoad(auth: Record<string, string>, ids: number[], connections: number): Load {
  if (ids.length < 2 * connections)
    throw new Error(`a PUT load needs twice as many records as connections, to spare those cut off: ${ids.length}`);
  // A record's ETag once an edit of this load answered it; before that its edit sends `If-Match: *`, accepted
  // whatever the version, which answers the current one.
  const etags = new Map<number, string>();
  let free: number[] = [];
  let edits = 0;
  return {
    path: '/api/faqs',
    connections,
    expect: 200,
    // Every run (the warm-up too) starts from all the records, none of their ETags known: the edits a run's end cut
    // off never answered, so their records left the pool and their ETags are unknown.
    prepare: async () => {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      etags.clear();
      free = [...ids];
    },
    requests: [
      {
        method: 'PUT',
        setupRequest: (request, context) => {
          // the pool runs dry only when more edits than connections went unanswered (timeouts)
          const id = free.shift() ?? ids[edits % ids.length] ?? 1;
          context.id = id;
          edits += 1;
          return {
            ...request,
            path: `/api/faqs/${id}`,
            headers: { 'content-type': 'application/json', 'if-match': etags.get(id) ?? '*', ...auth },
            body: JSON.stringify({ description: faqAnswer(edits) }),
          };
        },
        onResponse: (status, _body, context, headers) => {
          const id = Number(context.id);
          // A 412 names no ETag: kept, the stale one would fail every later edit of the record (the run counts the
          // 412, once).
          if (status === 200 && headers.etag) etags.set(id, headers.etag);
          else etags.delete(id);
          if (!free.includes(id)) free.push(id);
        },
      },
    ],
  };
}
