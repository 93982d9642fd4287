import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { samplePng } from '../factories.ts';
import { type FilePart, multipartBody, streamedMultipart } from '../multipart.ts';

const count = async (t: TestApp, table: 'media' | 'logs') =>
  (
    await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe.each(dialects)('multipart writes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, config: { mediaMaxBytes: 64 * 1024 } });
  });

  it('creates a testimonial from a form with a real PNG; the image is served from /media', async () => {
    const png = samplePng(7);
    const form = multipartBody({
      university_name: 'University of Nairobi',
      image: { filename: 'logo.png', contentType: 'image/png', bytes: png },
    });
    const res = await t.injectAs({
      method: 'POST',
      url: '/api/disbursement-testimonials',
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(201);
    const record = res.json() as { image: string; university_name: string };
    expect(record.university_name).toBe('University of Nairobi');
    expect(record.image).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    const image = await t.app.inject({ method: 'GET', url: record.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // stored re-encoded: the same pixels, not the same bytes
    expect(await sharp(image.rawPayload).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer());
  });

  it('converts form text: numbers for number fields, empty optional fields to null', async () => {
    const form = multipartBody({
      title: '',
      first_insight_number: '1200',
      first_insight_text: 'Students funded',
      second_insight_number: '35.5',
      second_insight_text: 'Million disbursed',
      third_insight_number: '42',
      third_insight_text: 'Universities',
    });
    const res = await t.injectAs({ method: 'PUT', url: '/api/insights', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: null, first_insight_number: 1200, second_insight_number: 35.5 });
    const bad = multipartBody({ first_insight_number: 'many' });
    const refused = await t.injectAs({
      method: 'PUT',
      url: '/api/insights',
      payload: bad.payload,
      headers: bad.headers,
    });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { fields: { path: string; message: string }[] }).fields).toEqual([
      { path: 'first_insight_number', message: 'first_insight_number must be a number' },
    ]);
  });

  it('wants a success story image on create, as a file', async () => {
    const without = multipartBody({ student_name: 'Amina', date: '2023-09-01' });
    const res = await t.injectAs({
      method: 'POST',
      url: '/api/success-stories',
      payload: without.payload,
      headers: without.headers,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { fields: { path: string }[] }).fields.map((f) => f.path)).toEqual(['image']);
    const withImage = multipartBody({
      student_name: 'Amina',
      date: '2023-09-01',
      source: '',
      image: { filename: 'a.png', contentType: 'image/png', bytes: samplePng(8) },
    });
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/success-stories',
      payload: withImage.payload,
      headers: withImage.headers,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ student_name: 'Amina', source: null });
  });

  it('refuses a file that is not an image (415), a file too large (413) and a file in a text field, storing nothing', async () => {
    const media = await count(t, 'media');
    const logs = await count(t, 'logs');
    const cases: { form: Record<string, string | FilePart>; status: number }[] = [
      {
        form: {
          university_name: 'X',
          image: {
            filename: 'x.png',
            contentType: 'image/png',
            bytes: Buffer.from('<html><script>alert(1)</script></html>'),
          },
        },
        status: 415,
      },
      {
        form: {
          university_name: 'X',
          image: {
            filename: 'x.png',
            contentType: 'image/png',
            bytes: Buffer.concat([samplePng(9), Buffer.alloc(70 * 1024)]),
          },
        },
        status: 413,
      },
      { form: { university_name: { filename: 'x.png', contentType: 'image/png', bytes: samplePng(10) } }, status: 400 },
      {
        form: { university_name: 'X', image: { filename: 'x.png', contentType: 'image/png', bytes: Buffer.alloc(0) } },
        status: 400,
      },
    ];
    for (const { form, status } of cases) {
      const body = multipartBody(form);
      const res = await t.injectAs({
        method: 'POST',
        url: '/api/disbursement-testimonials',
        payload: body.payload,
        headers: body.headers,
      });
      expect(res.statusCode).toBe(status);
      expect(Object.keys(res.json() as object)).toEqual(expect.arrayContaining(['message', 'error']));
    }
    expect(await count(t, 'media')).toBe(media);
    expect(await count(t, 'logs')).toBe(logs);
  });

  it('refuses an 11 MB unknown field by its name, without reading its value', async () => {
    const logs = await count(t, 'logs');
    const form = streamedMultipart({ title: 'Repayment' }, { name: 'nickname', size: 11 * 1024 * 1024 });
    const res = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'nickname is not a field of FAQs',
      error: 'Bad Request',
      fields: [{ path: 'nickname', message: 'nickname is not a field of FAQs' }],
    });
    // the answer came before the value was read: at most what stream buffers hold, not 11 MB
    expect(form.pulled()).toBeLessThan(1024 * 1024);
    expect(await count(t, 'logs')).toBe(logs);
  });

  it('refuses server-owned fields by name too', async () => {
    const form = streamedMultipart({ title: 'Repayment' }, { name: 'id', size: 11 * 1024 * 1024 });
    const res = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      fields: [{ path: 'id', message: 'id is set by the server and cannot be sent' }],
    });
    expect(form.pulled()).toBeLessThan(1024 * 1024);
  });

  it('stops reading a known field at its registry maximum', async () => {
    const form = streamedMultipart({ description: '<p>Answer</p>' }, { name: 'title', size: 11 * 1024 * 1024 });
    const res = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Bad Request',
      fields: [{ path: 'title', message: 'title must be at most 500 characters' }],
    });
    expect(form.pulled()).toBeLessThan(1024 * 1024);
    const longest = multipartBody({ title: 'é'.repeat(500) });
    expect(
      (await t.injectAs({ method: 'POST', url: '/api/faqs', payload: longest.payload, headers: longest.headers }))
        .statusCode,
    ).toBe(201);
    const over = multipartBody({ title: 'a'.repeat(501) });
    const refused = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: over.payload,
      headers: over.headers,
    });
    expect(refused.json()).toMatchObject({
      fields: [{ path: 'title', message: 'title must be at most 500 characters' }],
    });
  });

  it('stops reading an image file at the upload limit', async () => {
    const form = streamedMultipart(
      { university_name: 'X' },
      { name: 'image"; filename="big.png', size: 11 * 1024 * 1024 },
    );
    const res = await t.injectAs({
      method: 'POST',
      url: '/api/disbursement-testimonials',
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'The image is larger than the 64 kB limit. Upload a smaller file.',
      error: 'Payload Too Large',
    });
    expect(form.pulled()).toBeLessThan(1024 * 1024);
  });

  it('lets JSON set an image field to an existing /media URL or null, and nothing else', async () => {
    const form = multipartBody({
      title: 'Vision',
      image: { filename: 'v.png', contentType: 'image/png', bytes: samplePng(11) },
    });
    const created = await t.injectAs({
      method: 'PUT',
      url: '/api/visions',
      payload: form.payload,
      headers: form.headers,
    });
    const { image } = created.json() as { image: string };
    for (const bad of ['https://example.org/x.png', 'javascript:alert(1)', `/media/${'0'.repeat(64)}.png`]) {
      const res = await t.injectAs({ method: 'PUT', url: '/api/visions', payload: { image: bad } });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.injectAs({ method: 'PUT', url: '/api/visions', payload: { image: null } })).json()).toMatchObject({
      image: null,
    });
    expect((await t.injectAs({ method: 'PUT', url: '/api/visions', payload: { image } })).json()).toMatchObject({
      image,
    });
  });
});
