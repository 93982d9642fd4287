import { type Server, createServer } from 'node:http';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { measure } from '../../bench/load.ts';
import { putLoad } from '../../bench/writes.ts';

const IDS = [1, 2, 3, 4];

/**
 * FAQs as the API keeps them for edits with If-Match: `*` or the current ETag, else 412, which names no ETag. After `othersAt`
 * saves someone else edits every record once, as the late edits of a run that was cut off would.
 */
async function faqServer(othersAt: number): Promise<{ server: Server; base: string }> {
  const versions = new Map(IDS.map((id) => [id, 1]));
  let saves = 0;
  const server = createServer((request, response) => {
    const id = Number(request.url?.split('/').pop());
    const etag = () => `"${id}-${versions.get(id)}"`;
    if (request.method === 'GET') return void response.writeHead(200, { etag: etag() }).end('{}');
    request.resume();
    request.on('end', () => {
      const ifMatch = request.headers['if-match'];
      if (ifMatch !== '*' && ifMatch !== etag()) return void response.writeHead(412).end('{}');
      versions.set(id, (versions.get(id) ?? 0) + 1);
      if (++saves === othersAt) for (const other of IDS) versions.set(other, (versions.get(other) ?? 0) + 1);
      response.writeHead(200, { etag: etag() }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  return { server, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

let open: Server | undefined;
afterEach(() => {
  open?.close();
  open = undefined;
});

describe("the bench's PUT load", () => {
  it('forgets an ETag answered 412, so a stale one fails one edit, not every later edit of the record', async () => {
    const { server, base } = await faqServer(100);
    open = server;

    const m = await measure(base, putLoad({}, IDS, 2), { warm: 0, run: 1 });

    expect(m.requests).toBeGreaterThan(200);
    expect(m.errorsBy['412']).toBeGreaterThan(0);
    expect(m.errorsBy['412']).toBeLessThanOrEqual(IDS.length);
    expect(Object.keys(m.errorsBy)).toEqual(['412']);
  });

  it('wants a spare record for every connection, for those whose edit a run cut off', () => {
    expect(() => putLoad({}, IDS, 3)).toThrow(/twice as many records as connections/);
  });
});
