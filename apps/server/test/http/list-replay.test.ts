import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

/**
 * The website's plain list reads are answered again before Fastify (src/http/list-replay.ts) while their data stands.
 * A replayed answer must be the answer Fastify gives, byte for byte, apart from Date and X-Request-Id: these tests
 * read over real sockets (inject() never reaches the server's request handler) and count replays with the app's
 * listReplays().
 */

const SITE = 'https://fund.example';
const PER_REQUEST = new Set(['date', 'x-request-id']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Answer {
  status: number;
  /** Every header as it came, in order, but Date and X-Request-Id. */
  headers: [string, string][];
  requestId: string | undefined;
  body: Buffer;
  replayed: boolean;
}

/** A server answering on a real port, and reads of it over one kept-alive connection, as a proxy reads. */
async function listening(t: TestApp) {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const read = async (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> => {
    const before = t.app.listReplays();
    const answer = await new Promise<Omit<Answer, 'replayed'>>((resolve, reject) => {
      const sent = request({ host: '127.0.0.1', port, path, method, headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2)
            pairs.push([response.rawHeaders[i] ?? '', response.rawHeaders[i + 1] ?? '']);
          resolve({
            status: response.statusCode ?? 0,
            headers: pairs.filter(([name]) => !PER_REQUEST.has(name.toLowerCase())),
            requestId: response.headers['x-request-id'] as string | undefined,
            body: Buffer.concat(chunks),
          });
        });
      });
      sent.on('error', reject);
      sent.end();
    });
    return { ...answer, replayed: t.app.listReplays() > before };
  };
  return { port, agent, read };
}

const headerOf = (answer: Answer, name: string) => answer.headers.find(([header]) => header === name)?.[1];

function text(answer: Answer): string {
  const coding = headerOf(answer, 'content-encoding');
  const bytes =
    coding === 'br' ? brotliDecompressSync(answer.body) : coding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return bytes.toString('utf8');
}

describe.each(dialects)('the list replay on %s', (dialect) => {
  let t: TestApp;
  let read: Awaited<ReturnType<typeof listening>>['read'];
  let agent: Agent;
  let firstFaq: number;
  const longText = (n: number) => `<p>${`Answer ${n}: any student of the fund may apply. `.repeat(8)}</p>`;
  const createFaq = async (title: string, status?: string) => {
    const res = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title, description: longText(1), ...(status ? { status } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };

  beforeAll(async () => {
    t = await buildTestApp({ dialect, config: { corsOrigins: [SITE] } });
    // long enough to be compressed: br, gzip and none are three different answers
    for (let n = 0; n < 6; n++) await createFaq(`Question ${n}`);
    const hero = await t.injectAs({
      method: 'PUT',
      url: '/api/heroes',
      payload: { title: 'Study without debt', description: longText(2) },
    });
    expect(hero.statusCode, hero.body).toBe(200);
    // the website's lists in French: a language of its own, public, with one FAQ translated
    const french = await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'fr', name: 'Français' } });
    expect(french.statusCode, french.body).toBe(201);
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { public: true } });
    firstFaq = await createFaq('In English');
    const translated = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${firstFaq}?locale=fr`,
      payload: { title: 'En français' },
    });
    expect(translated.statusCode, translated.body).toBe(200);
    ({ read, agent } = await listening(t));
  });
  afterAll(async () => {
    agent.destroy();
    await t.close();
  });

  it('replays, for every plain shape, exactly what Fastify answered but the Date and the request id', async () => {
    const shapes: { path: string; headers: Record<string, string>; touch: () => Promise<unknown> }[] = [];
    const faqsTouch = () => createFaq(`Touch ${shapes.length}`);
    const heroTouch = () =>
      t.injectAs({
        method: 'PUT',
        url: '/api/heroes',
        payload: { title: `Hero ${Math.random()}`, description: longText(3) },
      });
    const website = { 'user-agent': 'node', accept: '*/*', 'accept-language': '*', 'sec-fetch-mode': 'cors' };
    const proxy = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-real-ip': '203.0.113.9' };
    shapes.push(
      { path: '/api/faqs', headers: {}, touch: faqsTouch },
      { path: '/api/faqs', headers: { 'accept-encoding': 'gzip' }, touch: faqsTouch },
      { path: '/api/faqs', headers: { 'accept-encoding': 'gzip, deflate, br', ...website }, touch: faqsTouch },
      { path: '/api/faqs/', headers: { 'accept-encoding': 'br', ...proxy }, touch: faqsTouch },
      { path: '/api/heroes', headers: {}, touch: heroTouch },
      { path: '/api/heroes', headers: { 'accept-encoding': 'br;q=0, gzip' }, touch: heroTouch },
      { path: '/api/about-heroes', headers: { 'accept-encoding': 'br' }, touch: async () => {} },
      { path: '/api/faqs?locale=fr', headers: { 'accept-encoding': 'br' }, touch: faqsTouch },
      { path: '/api/faqs/?locale=fr', headers: {}, touch: faqsTouch },
      { path: '/api/heroes?locale=fr', headers: { 'accept-encoding': 'gzip' }, touch: heroTouch },
    );
    for (const { path, headers, touch } of shapes) {
      const shape = `${path} ${JSON.stringify(headers)}`;
      await touch();
      const fastify = await read(path, headers);
      const replayed = await read(path, headers);
      expect([fastify.replayed, replayed.replayed], shape).toEqual([false, true]);
      expect(replayed.status, shape).toBe(200);
      expect(replayed.status, shape).toBe(fastify.status);
      expect(replayed.headers, shape).toEqual(fastify.headers);
      expect(replayed.body.equals(fastify.body), shape).toBe(true);
      expect(replayed.requestId, shape).toMatch(UUID);
      expect(replayed.requestId, shape).not.toBe(fastify.requestId);
    }
    // one version, each coding recorded apart: every client is replayed the coding it accepts
    for (const coding of ['br', 'gzip', undefined]) {
      const asked: Record<string, string> = coding ? { 'accept-encoding': coding } : {};
      await read('/api/faqs', asked);
      const answer = await read('/api/faqs', asked);
      expect([answer.replayed, headerOf(answer, 'content-encoding')], coding).toEqual([true, coding]);
    }
    // the answers themselves: what a website reads, on a connection kept as long as Fastify's own server keeps it
    const br = await read('/api/faqs', { 'accept-encoding': 'br' });
    expect(br.replayed).toBe(true);
    expect(headerOf(br, 'Keep-Alive')).toBe('timeout=72');
    expect(headerOf(br, 'content-encoding')).toBe('br');
    expect(headerOf(br, 'cache-control')).toMatch(/^public/);
    expect((JSON.parse(text(br)) as unknown[]).length).toBe(Number(headerOf(br, 'x-total-count')));
  });

  it("keeps a proxy's request id, as Fastify does", async () => {
    const given = { 'x-request-id': 'proxy-7f3a.1' };
    await createFaq('Request id');
    const fastify = await read('/api/faqs', given);
    const replayed = await read('/api/faqs', given);
    expect([fastify.replayed, replayed.replayed]).toEqual([false, true]);
    expect([fastify.requestId, replayed.requestId]).toEqual(['proxy-7f3a.1', 'proxy-7f3a.1']);
    // one that does not look like an id is replaced, by both
    const odd = await read('/api/faqs', { 'x-request-id': 'not an id' });
    expect(odd.replayed).toBe(true);
    expect(odd.requestId).toMatch(UUID);
  });

  it('answers the new list at once after every kind of write, then replays it', async () => {
    const faqs = async () => {
      const answer = await read('/api/faqs', { 'accept-encoding': 'gzip' });
      return {
        replayed: answer.replayed,
        titles: (JSON.parse(text(answer)) as { title: string }[]).map((f) => f.title),
      };
    };
    await faqs();
    expect((await faqs()).replayed).toBe(true);

    const id = await createFaq('Created now');
    expect(await faqs()).toMatchObject({ replayed: false, titles: expect.arrayContaining(['Created now']) });
    expect((await faqs()).replayed).toBe(true);

    const put = await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { title: 'Changed now' } });
    expect(put.statusCode, put.body).toBe(200);
    const afterPut = await faqs();
    expect(afterPut.replayed).toBe(false);
    expect(afterPut.titles).toContain('Changed now');
    expect(afterPut.titles).not.toContain('Created now');

    const draft = await createFaq('Published now', 'draft');
    expect((await faqs()).titles).not.toContain('Published now');
    expect((await faqs()).replayed).toBe(true);
    const published = await t.injectAs({ method: 'POST', url: `/api/faqs/${draft}/publish` });
    expect(published.statusCode, published.body).toBe(200);
    expect(await faqs()).toMatchObject({ replayed: false, titles: expect.arrayContaining(['Published now']) });

    // as another instance or a shell command writes: straight into the table
    const now = new Date().toISOString();
    await sql`insert into faqs (title, version, created_at, updated_at) values (${'Written elsewhere'}, 1, ${now}, ${now})`.execute(
      t.db,
    );
    expect(await faqs()).toMatchObject({ replayed: false, titles: expect.arrayContaining(['Written elsewhere']) });

    const removed = await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    const afterDelete = await faqs();
    expect(afterDelete.replayed).toBe(false);
    expect(afterDelete.titles).not.toContain('Changed now');
    expect((await faqs()).replayed).toBe(true);
  });

  it('answers the list in a language anew after a translation or a change of the languages', async () => {
    const french = async () => {
      const answer = await read('/api/faqs?locale=fr', { 'accept-encoding': 'br' });
      const titles = answer.status === 200 ? (JSON.parse(text(answer)) as { title: string }[]).map((f) => f.title) : [];
      return { replayed: answer.replayed, status: answer.status, titles };
    };
    await french();
    expect(await french()).toMatchObject({ replayed: true, titles: expect.arrayContaining(['En français']) });

    const put = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${firstFaq}?locale=fr`,
      payload: { title: 'Toujours en français' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await french()).toMatchObject({ replayed: false, titles: expect.arrayContaining(['Toujours en français']) });
    expect((await french()).replayed).toBe(true);

    // the website may no longer read French: the languages moved, so Fastify answers
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { public: false } });
    expect(await french()).toMatchObject({ replayed: false, status: 404 });
    expect(await french()).toMatchObject({ replayed: false, status: 404 });
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { public: true } });
    expect(await french()).toMatchObject({ replayed: false, status: 200 });
    expect((await french()).replayed).toBe(true);
  });

  it('leaves every other request to Fastify', async () => {
    const plain = { 'accept-encoding': 'br' };
    await read('/api/faqs', plain);
    const recorded = await read('/api/faqs', plain);
    expect(recorded.replayed).toBe(true);
    const etag = String(headerOf(recorded, 'etag'));
    const others: [string, Record<string, string>, string?][] = [
      ['/api/faqs', { ...plain, authorization: `Bearer ${t.token}` }],
      ['/api/faqs', { ...plain, origin: SITE }],
      ['/api/faqs', { ...plain, 'if-none-match': etag }],
      ['/api/faqs', { ...plain, 'if-none-match': '"l-other"' }],
      ['/api/faqs', { ...plain, cookie: 'a=b' }],
      ['/api/faqs', { ...plain, 'bursary-preview': 'no-such-token' }],
      ['/api/faqs', { ...plain, range: 'bytes=0-10' }],
      ['/api/faqs?locale=fr&fallback=none', plain],
      ['/api/faqs?locale=%66r', plain],
      ['/api/faqs?locale=de', plain],
      ['/api/faqs?locale=de', plain],
      ['/api/faqs?locale=fr', { ...plain, 'if-none-match': etag }],
      ['/api/faqs?status=all', { ...plain, authorization: `Bearer ${t.token}` }],
      ['/api/faqs?', plain],
      ['/API/faqs', plain],
      ['/api/faqs', plain, 'HEAD'],
    ];
    for (const [path, headers, method] of others) {
      const answer = await read(path, headers, method);
      expect(answer.replayed, `${method ?? 'GET'} ${path} ${JSON.stringify(headers)}`).toBe(false);
    }
    // what those headers change is Fastify's to answer
    const signedIn = await read('/api/faqs', { ...plain, authorization: `Bearer ${t.token}` });
    expect(headerOf(signedIn, 'cache-control')).toBe('private, no-store');
    const crossOrigin = await read('/api/faqs', { ...plain, origin: SITE });
    expect(headerOf(crossOrigin, 'access-control-allow-origin')).toBe(SITE);
    expect((await read('/api/faqs', { ...plain, 'if-none-match': etag })).status).toBe(304);
    // and the plain read is still replayed after them
    expect((await read('/api/faqs', plain)).replayed).toBe(true);
  });

  it('keeps a header the server set on the answer before it, as a draining server says Connection: close', async () => {
    await read('/api/faqs');
    expect((await read('/api/faqs')).replayed).toBe(true);
    const draining = (_request: unknown, response: { setHeader: (name: string, value: string) => void }) =>
      response.setHeader('connection', 'close');
    t.app.server.prependListener('request', draining);
    try {
      const answer = await read('/api/faqs');
      expect(answer.replayed).toBe(true);
      expect(headerOf(answer, 'Connection') ?? headerOf(answer, 'connection')).toBe('close');
    } finally {
      t.app.server.removeListener('request', draining);
    }
  });
});

describe('the list replay as the server closes', () => {
  it('stops, so that Fastify answers 503 to a request read after closing began', async () => {
    const t = await buildTestApp();
    const { port, agent, read } = await listening(t);
    await read('/api/faqs');
    expect((await read('/api/faqs')).replayed).toBe(true);
    agent.destroy();
    // a request under way (its head not yet complete) as the close begins: its connection is not idle, so it stays
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /api/faqs HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = t.close();
    await new Promise((resolve) => setImmediate(resolve));
    const answered = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n\r\n')) resolve(text);
      });
    });
    socket.write('\r\n');
    const answer = await answered;
    socket.destroy();
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(t.app.listReplays()).toBe(1);
  });
});

describe('the list replay when the counters cannot be read', () => {
  it('leaves the request to Fastify, which answers its error, and the server goes on', async () => {
    const t = await buildTestApp();
    const { agent, read } = await listening(t);
    try {
      await read('/api/faqs');
      expect((await read('/api/faqs')).replayed).toBe(true);
      t.app.counters.close();
      const failed = await read('/api/faqs');
      expect([failed.replayed, failed.status]).toEqual([false, 500]);
      expect(text(failed)).not.toMatch(/sqlite|database connection|at /i);
      expect((await read('/robots.txt')).status).toBe(200);
    } finally {
      agent.destroy();
      await t.close();
    }
  });
});

describe('where every request must pass through Fastify', () => {
  const readsTwice = async (t: TestApp) => {
    const { agent, read } = await listening(t);
    try {
      const answers = [await read('/api/faqs'), await read('/api/faqs')];
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
    } finally {
      agent.destroy();
      await t.close();
    }
    return t.app.listReplays();
  };

  it('replays nothing with metrics on: each request is counted', async () => {
    expect(await readsTwice(await buildTestApp({ config: { metricsToken: 'a-metrics-token-long-enough' } }))).toBe(0);
  });

  it('replays nothing when each request is logged, and replays when the level leaves those lines out', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => lines.push(line) };
    expect(await readsTwice(await buildTestApp({ logger: { level: 'info', stream } }))).toBe(0);
    expect(lines.filter((line) => line.includes('incoming request') && line.includes('/api/faqs'))).toHaveLength(2);
    expect(await readsTwice(await buildTestApp({ logger: { level: 'warn', stream } }))).toBe(1);
  });
});
