import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { samplePng } from '../factories.ts';
import { pngChunk } from '@bursary/shared/png';
import { jpeg, png } from '../fixtures/images.ts';
import { dataUrl, waitingRecord } from './pasted-image-helpers.ts';

const MEDIA_IMAGE = /<img src="\/media\/([0-9a-f]{64})\.(png|jpg)"([^>]*)\/>/g;

async function mediaCount(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function storedAnswer(t: TestApp, id: number): Promise<string> {
  const row = await t.db
    .selectFrom('faqs' as never)
    .select('description' as never)
    .where('id' as never, '=', id as never)
    .executeTakeFirstOrThrow();
  return String((row as { description: string }).description);
}

describe.each(dialects)('images pasted into rich text on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, config: { mediaMaxBytes: 64 * 1024 } });
  });
  afterAll(() => t.close());

  const post = (description: string) =>
    t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'With pictures', description } });

  it('stores each pasted image as media once and names it with its size and alt', async () => {
    const before = await mediaCount(t);
    const first = dataUrl(samplePng(41));
    const second = dataUrl(png(3, 2, [], 7));
    const created = await post(
      `<p>One<img src="${first}" alt="The office"></p><p><img src="${second}">two<img src="${first}" alt="Again" width="999"></p>`,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id, description } = created.json() as { id: number; description: string };
    expect(description).not.toContain('data:');
    const images = [...description.matchAll(MEDIA_IMAGE)];
    expect(images).toHaveLength(3);
    expect(images[0]?.[1]).toBe(images[2]?.[1]);
    expect(images[0]?.[3]).toBe(' alt="The office" width="8" height="8" ');
    expect(images[1]?.[3]).toBe(' width="3" height="2" ');
    expect(images[2]?.[3]).toBe(' alt="Again" width="8" height="8" ');
    expect(await mediaCount(t)).toBe(before + 2);
    expect(await storedAnswer(t, id)).toBe(description);
    const served = await t.app.inject({ method: 'GET', url: `/media/${images[1]?.[1]}.png` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('keeps text without a pasted image as the sanitiser leaves it', async () => {
    const html = '<p>Plain <strong>answer</strong>, data:image/png;base64,AAAA in words only</p>';
    const created = await post(html);
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as { description: string }).description).toBe(html);
  });

  it('refuses a bad pasted image as an upload is refused, and stores nothing', async () => {
    const before = await mediaCount(t);
    const listed = await t.injectAs({ method: 'GET', url: '/api/faqs?status=all' });
    const good = dataUrl(samplePng(42));
    const cases: [string, number, RegExp][] = [
      [dataUrl(Buffer.from('not an image at all, only words')), 415, /not an accepted image/],
      [
        dataUrl(Buffer.concat([samplePng(3).subarray(0, 60), Buffer.alloc(10)])),
        415,
        /not an accepted image|could not be read/,
      ],
      [
        dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')),
        415,
        /not a PNG, JPEG, GIF or WebP/,
      ],
      [dataUrl(png(1, 1, [Buffer.alloc(70 * 1024)])), 413, /larger than the 64 kB limit/],
    ];
    for (const [bad, status, sentence] of cases) {
      const answer = await post(`<p><img src="${good}"><img src="${bad}" alt="x"></p>`);
      expect(answer.statusCode, answer.body).toBe(status);
      const body = answer.json() as { message: string; fields: { path: string }[] };
      expect(body.message).toMatch(/^An image pasted into description was refused\. /);
      expect(body.message).toMatch(sentence);
      expect(body.fields[0]?.path).toBe('description');
    }
    expect(await mediaCount(t)).toBe(before);
    const after = await t.injectAs({ method: 'GET', url: '/api/faqs?status=all' });
    expect(after.body).toBe(listed.body);
  });

  it('stores no image when the write itself fails', async () => {
    const created = await post('<p>First</p>');
    const { id } = created.json() as { id: number };
    const before = await mediaCount(t);
    const stale = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${id}`,
      headers: { 'if-match': `"${id}-99"` },
      payload: { description: `<p><img src="${dataUrl(samplePng(43))}"></p>` },
    });
    expect(stale.statusCode).toBe(412);
    expect(await mediaCount(t)).toBe(before);
  });

  it('moves pasted images of updates, waiting changes and restored revisions too', async () => {
    const created = await post('<p>First</p>');
    const { id } = created.json() as { id: number };
    const updated = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${id}`,
      payload: { description: `<p><img src="${dataUrl(jpeg(), 'image/jpeg')}" alt="A photo"></p>` },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((updated.json() as { description: string }).description).toMatch(
      /^<p><img src="\/media\/[0-9a-f]{64}\.jpg" alt="A photo" width="1" height="1" \/><\/p>$/,
    );

    const changes = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${id}/changes`,
      payload: { description: `<p>Later<img src="${dataUrl(samplePng(44))}"></p>` },
    });
    expect(changes.statusCode, changes.body).toBe(200);
    const pending = await waitingRecord(t.db, id);
    expect(pending).not.toContain('data:');
    expect(pending).toMatch(/\/media\/[0-9a-f]{64}\.png/);

    // a revision written before images were moved still holds its data URL: restoring it moves it
    const old = `<p>Old<img src="${dataUrl(samplePng(45))}"></p>`;
    const revision = await t.db
      .insertInto('revisions')
      .values({
        section: 'faqs',
        record_id: id,
        action: 'update',
        version: 1,
        record: JSON.stringify({ id, title: 'Old', description: old }),
        username: 'editor',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const restored = await t.injectAs({ method: 'POST', url: `/api/revisions/${revision.id}/restore` });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await storedAnswer(t, id)).toMatch(
      /^<p>Old<img src="\/media\/[0-9a-f]{64}\.png" width="8" height="8" \/><\/p>$/,
    );
  });

  it('stores media named by PUBLIC_URL in rich text relative', async () => {
    const publicUrl = 'https://cms.fund.example';
    const withPublic = await buildTestApp({ dialect, config: { publicUrl } });
    try {
      const media = `/media/${'b'.repeat(64)}.png`;
      const created = await withPublic.injectAs({
        method: 'POST',
        url: '/api/faqs',
        payload: { title: 'Q', description: `<p><img src="${publicUrl}${media}" alt="x"></p>` },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id, description } = created.json() as { id: number; description: string };
      expect(description).toBe(`<p><img src="${publicUrl}${media}" alt="x" /></p>`);
      expect(await storedAnswer(withPublic, id)).toBe(`<p><img src="${media}" alt="x" /></p>`);
    } finally {
      await withPublic.close();
    }
  });
});

describe.each(dialects)('photos pasted into rich text, at the default upload limit, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  /** A photo's weight: a small PNG carrying about 1 MB, as a camera's JPEG would. */
  const photo = (seed: number) => png(2, 2, [pngChunk('prVt', Buffer.alloc(1024 * 1024, 0x61))], seed);
  const post = (description: string) =>
    t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Our office', description } });

  it('saves an answer with two 1 MB photos pasted into it, and stores a few hundred bytes', async () => {
    const before = await mediaCount(t);
    const html = `<p>The office<img src="${dataUrl(photo(1))}" alt="Front door"><img src="${dataUrl(photo(2))}"></p>`;
    expect(html.length).toBeGreaterThan(2_000_000);
    const created = await post(html);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    const stored = await storedAnswer(t, id);
    expect([...stored.matchAll(MEDIA_IMAGE)]).toHaveLength(2);
    expect(stored.length).toBeLessThan(400);
    expect(await mediaCount(t)).toBe(before + 2);
  });

  it('still refuses more text than the bound besides the photos, and more photos than one write carries', async () => {
    const before = await mediaCount(t);
    const longText = await post(`<p>${'x'.repeat(2_000_000)}<img src="${dataUrl(photo(3))}"></p>`);
    expect(longText.statusCode).toBe(400);
    expect(longText.json()).toMatchObject({
      fields: [{ path: 'description', message: 'description must be at most 2000000 characters' }],
    });
    const photos = Array.from({ length: 8 }, (_, n) => `<img src="${dataUrl(photo(10 + n))}">`).join('');
    const tooMany = await post(`<p>Eight photos</p>${photos}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      fields: [
        {
          path: 'description',
          message:
            'description must be at most 10000000 characters with its pasted images; send fewer images in one write',
        },
      ],
    });
    expect(await mediaCount(t)).toBe(before);
  });
});
