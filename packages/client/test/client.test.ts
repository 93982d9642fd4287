import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { encodePng } from '@bursary/shared/png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypes, websiteDocument } from '../scripts/api-types.ts';
import { ADMIN, type RunningBursary, startBursary } from '../scripts/bursary-server.ts';
import {
  BursaryError,
  createBursaryClient,
  type RecordOf,
  srcset,
  verifyWebhook,
  WebhookVerificationError,
} from '../src/index.ts';

/** The client against a real Bursary server started from this repository, as a website would read it. */

let bursary: RunningBursary;
let token: string;

async function call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${bursary.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** The width a PNG's header states. */
const pngWidth = (bytes: Buffer) => bytes.readUInt32BE(16);

let published: RecordOf<'faqs'>[];
let draftId: number;
let story: RecordOf<'success-stories'>;

beforeAll(async () => {
  bursary = await startBursary({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  const login = await fetch(`${bursary.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  token = ((await login.json()) as { token: string }).token;
  published = [];
  for (const title of ['How do I apply?', 'When is the money paid?'])
    published.push((await call('POST', '/api/faqs', { title, description: '<p>Online.</p>' })) as RecordOf<'faqs'>);
  draftId = Number((await call('POST', '/api/faqs', { title: 'Not yet', status: 'draft' })).id);
  // a second language the website may read, so reads can ask for it
  await call('POST', '/api/locales', { code: 'fr' });
  await call('PATCH', '/api/locales/fr', { public: true });
  const form = new FormData();
  form.set('student_name', 'Amina');
  form.set('date', '2026-09-01');
  const png = encodePng(700, 10, (x) => [x % 256, 80, 160]);
  form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'amina.png');
  story = (await call('POST', '/api/success-stories', form)) as RecordOf<'success-stories'>;
});

afterAll(async () => {
  await bursary?.stop();
});

describe('the generated types', () => {
  it("are openapi-typescript's of the server's website document (npm run generate -w packages/client)", async () => {
    const expected = await apiTypes(await websiteDocument(bursary.url));
    expect(readFileSync(API_TYPES_FILE, 'utf8') === expected, 'src/api-types.ts is out of date: regenerate it').toBe(
      true,
    );
  });
});

describe('reads', () => {
  const client = () => createBursaryClient({ baseUrl: bursary.url });

  it('lists the published records of a section, newest first, with their fields typed', async () => {
    const faqs = await client().list('faqs');
    expect(faqs.map((faq) => faq.title)).toEqual(['When is the money paid?', 'How do I apply?']);
    expect(faqs.map((faq) => faq.id)).not.toContain(draftId);
    expect(await client().list('faqs', { limit: 1, offset: 1 })).toEqual([
      expect.objectContaining({ title: 'How do I apply?' }),
    ]);
    expect((await client().list('faqs', { q: 'money' })).map((faq) => faq.title)).toEqual(['When is the money paid?']);
  });

  it('reads one record, and null for one that is missing or not published', async () => {
    const faq = await client().get('faqs', published[0]!.id);
    expect(faq).toEqual(expect.objectContaining({ id: published[0]!.id, title: 'How do I apply?' }));
    expect(await client().get('faqs', 999_999)).toBeNull();
    expect(await client().get('faqs', draftId)).toBeNull();
  });

  it('reads drafts with a preview token', async () => {
    const { token: preview } = await call('POST', '/api/preview-tokens', {});
    const previewing = createBursaryClient({ baseUrl: bursary.url, preview: String(preview) });
    expect(await previewing.get('faqs', draftId)).toEqual(expect.objectContaining({ title: 'Not yet' }));
  });

  it("passes a language on to the server's reads, and names a refused read's status and message", async () => {
    const asked: string[] = [];
    const recording = createBursaryClient({
      baseUrl: bursary.url,
      fetch: (input, init) => {
        asked.push(input instanceof Request ? input.url : String(input));
        return fetch(input, init);
      },
    });
    await recording.list('faqs', { locale: 'fr' });
    await recording.get('faqs', published[0]!.id, { locale: 'fr' });
    expect(asked.map((url) => new URL(url).searchParams.get('locale'))).toEqual(['fr', 'fr']);
    const refused = await client()
      .list('faqs', { limit: 0 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BursaryError);
    expect(refused).toMatchObject({ status: 400, message: 'limit must be a whole number from 1 to 1000.' });
  });

  it('reaches every public read through the typed client it is built on', async () => {
    const { data, response } = await client().api.GET('/api/faqs/{id}', {
      params: { path: { id: published[1]!.id } },
    });
    expect(response.headers.get('etag')).toBeTruthy();
    expect(data?.title).toBe('When is the money paid?');
  });
});

describe('srcset', () => {
  it('lists the image at each width the original has, then the original at its own, all of them real images', async () => {
    const image = { src: story.image as string, width: story.image_width };
    expect(story.image_width).toBe(700);
    const client = createBursaryClient({ baseUrl: bursary.url });
    const set = client.srcset(image, [320, 640, 960, 1280]);
    const candidates = set.split(', ').map((candidate) => candidate.split(' '));
    expect(candidates.map(([, width]) => width)).toEqual(['320w', '640w', '700w']);
    for (const [address, width] of candidates) {
      const res = await fetch(address!);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(`${pngWidth(Buffer.from(await res.arrayBuffer()))}w`).toBe(width);
    }
  });

  it('asks for a format, leaves an SVG as it is, and gives nothing for an empty field', () => {
    expect(srcset('https://cms.example/media/a.jpg', [160], { format: 'webp' })).toBe(
      'https://cms.example/media/a.jpg?w=160&fm=webp 160w',
    );
    expect(srcset('/media/b.jpg', [320, 160], { baseUrl: 'https://cms.example' })).toBe(
      'https://cms.example/media/b.jpg?w=160 160w, https://cms.example/media/b.jpg?w=320 320w',
    );
    expect(srcset('/media/logo.svg', [320, 640], { baseUrl: 'https://cms.example' })).toBe(
      'https://cms.example/media/logo.svg',
    );
    expect(srcset('', [320])).toBe('');
  });
});

describe('verifyWebhook', () => {
  let receiver: Server;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  it("accepts Bursary's signed delivery and refuses it altered or under another secret", async () => {
    const { port } = receiver.address() as { port: number };
    const { secret } = await call('POST', '/api/webhooks', {
      url: `http://127.0.0.1:${port}/bursary`,
      events: ['record.published'],
    });
    const { id } = await call('POST', '/api/faqs', { title: 'Soon live', status: 'draft' });
    await call('POST', `/api/faqs/${String(id)}/publish`);
    for (let waited = 0; received.length === 0 && waited < 20_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const delivery = received[0]!;
    const payload = verifyWebhook(String(secret), delivery.headers, delivery.body);
    expect(payload).toMatchObject({ type: 'record.published', data: { section: 'faqs', id, title: 'Soon live' } });
    // a fetch-style request's Headers and bytes do as well
    const fetchHeaders = new Headers(delivery.headers as Record<string, string>);
    expect(verifyWebhook(String(secret), fetchHeaders, new TextEncoder().encode(delivery.body)).type).toBe(
      'record.published',
    );
    expect(() => verifyWebhook(String(secret), delivery.headers, delivery.body.replace('Soon', 'Now'))).toThrow(
      WebhookVerificationError,
    );
    const other = `whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`;
    expect(() => verifyWebhook(other, delivery.headers, delivery.body)).toThrow(WebhookVerificationError);
  });
});
