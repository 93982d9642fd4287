import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { samplePng, storedImageUrl } from '../factories.ts';
import { multipartBody } from '../multipart.ts';
import { previewToken } from '../publishing/publishing-helpers.ts';

type Body = Record<string, unknown>;
const nameOf = (url: unknown) => String(url).slice('/media/'.length);

describe.each(dialects)('alternative text in record answers on %s', (dialect) => {
  let t: TestApp;
  let first: string;
  let second: string;
  let storyId: number;
  const altOf = async (url: unknown) =>
    (
      await t.db
        .selectFrom('media')
        .select('alt')
        .where('sha256', '=', nameOf(url).split('.')[0] ?? '')
        .executeTakeFirstOrThrow()
    ).alt;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    first = await storedImageUrl(t.db, 21);
    second = await storedImageUrl(t.db, 22);
  });

  it('sets the text of the image a write leaves in the field, and answers it beside the field', async () => {
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/success-stories',
      payload: { student_name: 'Kofi', date: '2024-01-02', image: first, image_alt: '  Kofi at graduation ' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json() as Body;
    storyId = Number(record.id);
    expect(record).toMatchObject({ image: first, image_alt: 'Kofi at graduation' });
    expect(Object.keys(record).indexOf('image_alt')).toBe(Object.keys(record).indexOf('image') + 1);
    expect(await altOf(first)).toBe('Kofi at graduation');
    // the text belongs to the image: not a column of the record, not kept in its revisions
    const revisions = (
      await t.injectAs({ method: 'GET', url: `/api/success-stories/${storyId}/revisions` })
    ).json() as { record: Body }[];
    expect(revisions[0]?.record).not.toHaveProperty('image_alt');
    const row = await t.db
      .selectFrom('success_stories' as never)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(Object.keys(row as Body).some((column) => column.includes('alt'))).toBe(false);
    // a new image with its own text, in the same call
    const updated = await t.injectAs({
      method: 'PUT',
      url: `/api/success-stories/${storyId}`,
      payload: { image: second, image_alt: 'Kofi with his mother' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ image: second, image_alt: 'Kofi with his mother' });
    expect(await altOf(first)).toBe('Kofi at graduation');
    // left out or null: unchanged
    const kept = await t.injectAs({
      method: 'PUT',
      url: `/api/success-stories/${storyId}`,
      payload: { source: 'The Daily', image_alt: null },
    });
    expect(kept.json()).toMatchObject({ image: second, image_alt: 'Kofi with his mother' });
  });

  it('answers it on every read: public list, one record, status=all, preview and waiting changes', async () => {
    const reads = [
      '/api/success-stories',
      `/api/success-stories/${storyId}`,
      '/api/success-stories?status=all',
      `/api/success-stories?preview=${await previewToken(t)}`,
      '/api/success-stories?limit=5',
    ];
    for (const url of reads) {
      const res = await t.injectAs({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const body = res.json() as Body | Body[];
      const record = Array.isArray(body) ? body[0] : body;
      expect(record?.image_alt, url).toBe('Kofi with his mother');
    }
    const saved = await t.injectAs({
      method: 'PUT',
      url: `/api/success-stories/${storyId}/changes`,
      payload: { image: first, image_alt: 'Kofi at his graduation' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ image: first, image_alt: 'Kofi at his graduation' });
    const changes = await t.injectAs({ method: 'GET', url: `/api/success-stories/${storyId}/changes` });
    expect(changes.json()).toMatchObject({ image: first, image_alt: 'Kofi at his graduation' });
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/success-stories/${storyId}?preview=${await previewToken(t)}`,
    });
    expect(preview.json()).toMatchObject({ image: first, image_alt: 'Kofi at his graduation' });
    // an empty image field has empty text
    const bare = await t.injectAs({
      method: 'POST',
      url: '/api/disbursement-testimonials',
      payload: { university_name: 'Legon', image_alt: 'ignored: there is no image' },
    });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json()).toMatchObject({ image: null, image_alt: '' });
  });

  it('takes it from a form beside an uploaded file', async () => {
    const form = multipartBody({
      university_name: 'Kwame Nkrumah University',
      image: { filename: 'logo.png', contentType: 'image/png', bytes: samplePng(23) },
      image_alt: 'The university crest',
    });
    const res = await t.injectAs({
      method: 'POST',
      url: '/api/disbursement-testimonials',
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json() as Body;
    expect(record.image_alt).toBe('The university crest');
    expect(await altOf(record.image)).toBe('The university crest');
  });

  it('refuses bad text with a sentence, and stores nothing of the write', async () => {
    const before = (await t.injectAs({ method: 'GET', url: '/api/disbursement-testimonials?status=all' })).json();
    for (const [alt, message] of [
      ['x'.repeat(301), 'image_alt must be at most 300 characters'],
      ['line\nbreak', 'image_alt must be plain text on one line'],
      [42, 'image_alt must be text'],
    ] as const) {
      const res = await t.injectAs({
        method: 'POST',
        url: '/api/disbursement-testimonials',
        payload: { university_name: 'Refused', image: second, image_alt: alt },
      });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { message: string }).message).toContain(message);
    }
    const form = multipartBody({ university_name: 'Refused', image_alt: 'z'.repeat(2000) });
    const long = await t.injectAs({
      method: 'POST',
      url: '/api/disbursement-testimonials',
      payload: form.payload,
      headers: form.headers,
    });
    expect(long.statusCode).toBe(400);
    expect((long.json() as { message: string }).message).toContain('image_alt must be at most 300 characters');
    expect((await t.injectAs({ method: 'GET', url: '/api/disbursement-testimonials?status=all' })).json()).toEqual(
      before,
    );
    expect(await altOf(second)).toBe('Kofi with his mother');
  });

  it('costs sections without image fields nothing: no such field in their answers, refused in their writes', async () => {
    const faq = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'Who can apply?', description: `<p>Anyone <img src="${first}"></p>` },
    });
    expect(faq.statusCode, faq.body).toBe(201);
    const list = (await t.app.inject({ method: 'GET', url: '/api/faqs' })).json() as Body[];
    expect(Object.keys(list[0] ?? {}).filter((key) => key.endsWith('_alt'))).toEqual([]);
    const refused = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'x', description: '<p>x</p>', description_alt: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { message: string }).message).toContain('description_alt is not a field of FAQs');
  });
});
