import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodePng } from '@bursary/shared/png';
import { API_TYPES_FILE, apiDocument, apiTypes } from '../scripts/api-types.ts';
import { ADMIN, type RunningBursary, startBursary } from '../scripts/bursary-server.ts';
import type { WebhookEvent } from '@bursary/shared';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  BursaryError,
  BursaryUnreachableError,
  createBursaryClient,
  image,
  type RecordOf,
  srcset,
  verifyWebhook,
  type WebhookEventType,
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
  await call('POST', '/api/locales', { code: 'de' }); // not public: the website may not ask for it
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
    const expected = await apiTypes(await apiDocument(bursary.url));
    expect(readFileSync(API_TYPES_FILE, 'utf8') === expected, 'src/api-types.ts is out of date: regenerate it').toBe(
      true,
    );
  });
});

/** What `tsc --strict` says of `code` beside `types` (each written to a file of its own in a new folder). */
function typeProblems(types: string, code: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'bursary-types-'));
  try {
    writeFileSync(join(dir, 'api.ts'), types);
    writeFileSync(join(dir, 'use.ts'), code);
    const program = ts.createProgram([join(dir, 'use.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      allowImportingTsExtensions: true,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('types made of the whole API document', () => {
  it('take a Blob (a browser File) for an image sent in a form, and give one for image bytes', async () => {
    const types = await apiTypes(await apiDocument(bursary.url, 'whole'));
    const problems = typeProblems(
      types,
      `import type { paths } from './api.ts';
type StoryForm = NonNullable<paths['/api/success-stories/{id}']['put']['requestBody']>['content']['multipart/form-data'];
export const form: StoryForm = { image: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }) };
type ImageBytes = paths['/media/{file}']['get']['responses'][200]['content']['image/*'];
export const bytes: Blob = {} as ImageBytes;
`,
    );
    expect(problems).toEqual([]);
  }, 60_000);
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

  it('throws BursaryError for a 404 that is not about the record: a section or a language the website has not', async () => {
    const id = published[0]!.id;
    const misspelt = await client()
      .get('fqas' as 'faqs', id)
      .catch((error: unknown) => error);
    expect(misspelt).toBeInstanceOf(BursaryError);
    expect(misspelt).toMatchObject({ status: 404, message: expect.stringContaining('does not exist in the API') });
    const hidden = await client()
      .get('faqs', id, { locale: 'de' })
      .catch((error: unknown) => error);
    expect(hidden).toBeInstanceOf(BursaryError);
    expect(hidden).toMatchObject({ status: 404, message: 'No language "de" on the website.' });
    await expect(client().list('faqs', { locale: 'de' })).rejects.toMatchObject({ status: 404 });
    // a language the website has: the record in it, and what fell back
    expect(await client().get('faqs', id, { locale: 'fr' })).toMatchObject({
      title: 'How do I apply?',
      locale: 'fr',
      fallback_fields: ['title', 'description'],
    });
  });

  it('throws BursaryUnreachableError, a BursaryError of status 0 with the cause, when Bursary gives no answer', async () => {
    const nowhere = createBursaryClient({ baseUrl: 'http://127.0.0.1:9' });
    for (const read of [
      () => nowhere.list('faqs'),
      () => nowhere.get('faqs', 1),
      () => nowhere.page('faqs'),
      () => nowhere.locales(),
      () => nowhere.api.GET('/api/faqs'),
    ]) {
      const error = await read().catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(BursaryUnreachableError);
      expect(error).toBeInstanceOf(BursaryError);
      expect(error).toMatchObject({
        name: 'BursaryUnreachableError',
        status: 0,
        message: expect.stringMatching(/^Bursary could not be reached at http:\/\/127\.0\.0\.1:9: fetch failed/),
      });
      expect((error as Error).cause).toBeInstanceOf(TypeError);
    }
    // a fetch of one's own that fails is named the same way
    const failing = createBursaryClient({
      baseUrl: bursary.url,
      fetch: () => Promise.reject(new Error('offline')),
    });
    await expect(failing.list('faqs')).rejects.toThrow(`Bursary could not be reached at ${bursary.url}: offline`);
    // an answer, even a refusal, is not unreachable
    await expect(client().list('faqs', { limit: 0 })).rejects.not.toBeInstanceOf(BursaryUnreachableError);
  });

  it("answers every language at once for locale '*' with a preview token", async () => {
    const { token: preview } = await call('POST', '/api/preview-tokens', {});
    const previewing = createBursaryClient({ baseUrl: bursary.url, preview: String(preview) });
    const faq = await previewing.get('faqs', published[0]!.id, { locale: '*' });
    expect(faq?.title).toEqual({ en: 'How do I apply?', fr: null, de: null });
    const [first] = await previewing.list('faqs', { locale: '*', limit: 1 });
    expect(first?.title).toEqual(expect.objectContaining({ en: expect.any(String) }));
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

  it('pages a section with its total and ETag, and answers notModified while that ETag is current', async () => {
    const asked: Headers[] = [];
    const recording = createBursaryClient({
      baseUrl: bursary.url,
      fetch: (input, init) => {
        asked.push(new Headers(input instanceof Request ? input.headers : init?.headers));
        return fetch(input, init);
      },
    });
    const first = await recording.page('faqs', { limit: 1, offset: 1 });
    expect(first).toMatchObject({ notModified: false, total: 2, items: [{ title: 'How do I apply?' }] });
    if (first.notModified) throw new Error('a first read is never notModified');
    expect(first.etag).toMatch(/^(W\/)?"/);
    const again = await recording.page('faqs', { limit: 1, offset: 1, ifNoneMatch: first.etag! });
    expect(again).toEqual({ notModified: true, etag: first.etag });
    expect(asked.map((headers) => headers.get('if-none-match'))).toEqual([null, first.etag]);
    // a change makes the held ETag stale: the page again, with the new total
    const milestones = await recording.page('milestones', { q: 'Founded' });
    expect(milestones).toMatchObject({ notModified: false, items: [], total: 0 });
    await call('POST', '/api/milestones', { title: 'Founded', date: '2020-01-01', description: '<p>Then.</p>' });
    const changed = await recording.page('milestones', { q: 'Founded', ifNoneMatch: milestones.etag! });
    expect(changed).toMatchObject({ notModified: false, total: 1, items: [{ title: 'Founded' }] });
    expect(changed.etag).not.toBe(milestones.etag);
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

describe('image', () => {
  it("gives an image field's <img> attributes: the original, srcset, sizes, size, alt and focal point", async () => {
    const name = (story.image as string).split('/').pop()!;
    await call('PATCH', `/api/media/${name}`, { alt: 'Amina at her graduation', focal_x: 0.3, focal_y: 0.6 });
    const client = createBursaryClient({ baseUrl: bursary.url });
    const fresh = (await client.get('success-stories', story.id))!;
    const img = client.image(fresh, 'image', { widths: [320, 640, 960], sizes: '(min-width: 40em) 33vw, 100vw' });
    expect(img).toEqual({
      src: new URL(story.image as string, bursary.url).href,
      srcset: client.srcset({ src: fresh.image!, width: 700 }, [320, 640, 960]),
      sizes: '(min-width: 40em) 33vw, 100vw',
      width: 700,
      height: 10,
      alt: 'Amina at her graduation',
      objectPosition: '30% 60%',
    });
    const original = await fetch(img!.src);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(pngWidth(Buffer.from(await original.arrayBuffer()))).toBe(700);
    expect(img!.srcset).toContain('?w=320 320w');
    expect(client.image(fresh, 'image', { widths: [320], sizes: '100vw', format: 'auto' })?.srcset).toContain(
      'fm=auto',
    );
  });

  it('stands alone with a baseUrl, centres an image without a focal point, and gives null for an empty field', () => {
    const record = { ...story, image: '/media/x.jpg', image_alt: null, image_focal_x: null, image_focal_y: null };
    expect(image(record, 'image', { widths: [160], sizes: '50vw', baseUrl: 'https://cms.example' })).toMatchObject({
      src: 'https://cms.example/media/x.jpg',
      srcset: 'https://cms.example/media/x.jpg?w=160 160w',
      alt: '',
      objectPosition: '50% 50%',
    });
    expect(image({ ...record, image: null }, 'image', { widths: [160], sizes: '50vw' })).toBeNull();
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
    // headers missing: refused as well
    expect(() => verifyWebhook(String(secret), new Headers(), delivery.body)).toThrow(WebhookVerificationError);
  });

  it("types an event's type as the events the server sends, and ping", () => {
    expectTypeOf<WebhookEventType>().toEqualTypeOf<WebhookEvent | 'ping'>();
  });
});
