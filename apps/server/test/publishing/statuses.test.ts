import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';
import { sampleRecord, storedImageUrl } from '../factories.ts';
import { multipartBody } from '../multipart.ts';
import { type Body, create, emptySection, markedRecord, uniqueText } from './publishing-helpers.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;
const steps = sections.find((s) => s.slug === 'steps')!;

describe.each(dialects)('record status and reads on %s', (dialect) => {
  let t: TestApp;
  let imageUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    imageUrl = await storedImageUrl(t.db);
  });
  afterAll(() => t.close());

  it('creates a draft with status "draft" (JSON or form), publishes without it or with "published"', async () => {
    const draft = await create(t, faqs, { title: 'A draft' }, 'draft');
    expect(draft).not.toHaveProperty('status');
    const live = await create(t, faqs, { title: 'Live' }, 'published');
    await create(t, faqs, { title: 'Live too' });
    const form = multipartBody({ title: 'A form draft', status: 'draft' });
    const fromForm = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: form.payload,
      headers: form.headers,
    });
    expect(fromForm.statusCode, fromForm.body).toBe(201);
    const all = (await t.injectAs({ method: 'GET', url: '/api/faqs?status=all' })).json() as Body[];
    const statusOf = (id: unknown) => all.find((r) => r.id === id)?.status;
    expect(statusOf(draft.id)).toBe('draft');
    expect(statusOf((fromForm.json() as Body).id)).toBe('draft');
    expect(statusOf(live.id)).toBe('published');
  });

  it('refuses any other status with a sentence, and stores nothing', async () => {
    const before = (await t.injectAs({ method: 'GET', url: '/api/faqs?status=all' })).headers['x-total-count'];
    for (const status of ['live', '', 'DRAFT', 1, null]) {
      const res = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Odd', status } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: [{ path: 'status' }] });
      expect((res.json() as { message: string }).message).toMatch(/status must be "draft" or "published"/);
    }
    const form = multipartBody({ title: 'Odd', status: 'someday' });
    const res = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(400);
    expect((await t.injectAs({ method: 'GET', url: '/api/faqs?status=all' })).headers['x-total-count']).toBe(before);
  });

  it('answers drafts to no public read: list, paging total, search, by id (404 as a missing record)', async () => {
    const marker = uniqueText('draftonly');
    const draft = await create(t, faqs, markedRecord(faqs, 1, imageUrl, marker), 'draft');
    const published = (await t.app.inject({ method: 'GET', url: '/api/faqs?limit=1000' })).json() as Body[];
    expect(published.every((r) => r.id !== draft.id)).toBe(true);
    const total = Number((await t.app.inject({ method: 'GET', url: '/api/faqs?limit=1' })).headers['x-total-count']);
    expect(total).toBe(published.length);
    const plain = await t.app.inject({ method: 'GET', url: '/api/faqs' });
    expect(Number(plain.headers['x-total-count'])).toBe(total);
    expect(plain.body).not.toContain(marker);
    expect((await t.app.inject({ method: 'GET', url: `/api/faqs?q=${marker}` })).json()).toEqual([]);
    const byId = await t.app.inject({ method: 'GET', url: `/api/faqs/${String(draft.id)}` });
    const missing = await t.app.inject({ method: 'GET', url: '/api/faqs/999999' });
    expect(byId.statusCode).toBe(404);
    expect((byId.json() as { message: string }).message).toBe(`No faq with id ${String(draft.id)}.`);
    expect(missing.statusCode).toBe(404);
  });

  it('counts published records only in the public total, through publish, unpublish and delete', async () => {
    await emptySection(t, faqs);
    const totalOf = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/faqs?limit=1' })).headers['x-total-count'];
    const a = await create(t, faqs, { title: 'A' });
    const b = await create(t, faqs, { title: 'B' }, 'draft');
    expect(await totalOf()).toBe('1');
    expect((await t.injectAs({ method: 'POST', url: `/api/faqs/${String(b.id)}/publish` })).statusCode).toBe(200);
    expect(await totalOf()).toBe('2');
    expect((await t.injectAs({ method: 'POST', url: `/api/faqs/${String(a.id)}/unpublish` })).statusCode).toBe(200);
    expect(await totalOf()).toBe('1');
    await t.injectAs({ method: 'DELETE', url: `/api/faqs/${String(a.id)}` });
    expect(await totalOf()).toBe('1');
    await t.injectAs({ method: 'DELETE', url: `/api/faqs/${String(b.id)}` });
    expect(await totalOf()).toBe('0');
    const all = await t.injectAs({ method: 'GET', url: '/api/faqs?status=all&limit=1' });
    expect(all.headers['x-total-count']).toBe('0');
  });

  it('status=all: drafts too, each record with status, has_changes, publish_at, unpublish_at', async () => {
    const draft = await create(t, faqs, { title: 'Draft for all' }, 'draft');
    const live = await create(t, faqs, { title: 'Live for all' });
    await t.injectAs({ method: 'PUT', url: `/api/faqs/${String(live.id)}/changes`, payload: { title: 'Later' } });
    const due = '2099-01-01T00:00:00.000Z';
    await t.db
      .insertInto('schedules')
      .values({
        section: 'faqs',
        record_id: Number(draft.id),
        action: 'publish',
        due_at: due,
        set_by: 'editor',
        set_at: due,
      })
      .execute();
    const viewer = await signInAs(t, 'viewer');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/faqs?status=all',
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const all = res.json() as Body[];
    expect(all.find((r) => r.id === draft.id)).toMatchObject({
      status: 'draft',
      has_changes: false,
      publish_at: due,
      unpublish_at: null,
    });
    expect(all.find((r) => r.id === live.id)).toMatchObject({
      status: 'published',
      has_changes: true,
      publish_at: null,
    });
    const one = await t.injectAs({ method: 'GET', url: `/api/faqs/${String(draft.id)}?status=all` });
    expect(one.json()).toMatchObject({ id: draft.id, status: 'draft', title: 'Draft for all' });
    const search = await t.injectAs({ method: 'GET', url: '/api/faqs?status=all&q=Draft%20for%20all' });
    expect((search.json() as Body[]).map((r) => r.id)).toEqual([draft.id]);
    expect(search.headers['x-total-count']).toBe('1');
  });

  it('status=all without a live session: 401; an unknown status value: 400', async () => {
    for (const url of ['/api/faqs?status=all', '/api/faqs/1?status=all', '/api/steps?status=all']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const stale = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${'x'.repeat(43)}` } });
      expect(stale.statusCode).toBe(401);
    }
    expect((await t.injectAs({ method: 'GET', url: '/api/faqs?status=drafts' })).statusCode).toBe(400);
    expect((await t.injectAs({ method: 'GET', url: '/api/faqs?status=published' })).statusCode).toBe(200);
  });

  it('a single-record section made as a draft: empty public list, its record with status=all', async () => {
    await emptySection(t, steps);
    const marker = uniqueText('stepsdraft');
    const draft = await create(
      t,
      steps,
      { ...sampleRecord(steps, 1, imageUrl), title: marker, steps: [{ step: marker }] },
      'draft',
    );
    const pub = await t.app.inject({ method: 'GET', url: '/api/steps' });
    expect(pub.json()).toEqual([]);
    expect(pub.headers['x-total-count']).toBe('0');
    expect(pub.body).not.toContain(marker);
    const all = (await t.injectAs({ method: 'GET', url: '/api/steps?status=all' })).json() as Body[];
    expect(all).toEqual([expect.objectContaining({ id: draft.id, status: 'draft', title: marker })]);
    // the ordinary save (no status) publishes the draft at once
    const saved = await t.injectAs({ method: 'PUT', url: '/api/steps', payload: { title: `${marker} live` } });
    expect(saved.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/steps' })).json()).toEqual([
      expect.objectContaining({ title: `${marker} live`, steps: [expect.objectContaining({ step: marker })] }),
    ]);
  });
});
