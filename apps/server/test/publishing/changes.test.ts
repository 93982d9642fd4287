import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';
import { samplePng } from '../factories.ts';
import { multipartBody } from '../multipart.ts';
import { type Body, create } from './publishing-helpers.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;
const steps = sections.find((s) => s.slug === 'steps')!;
const testimonials = sections.find((s) => s.slug === 'disbursement-testimonials')!;

describe.each(dialects)('waiting changes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  const changesOf = (id: unknown) => `/api/faqs/${String(id)}/changes`;

  it('saves, reads and discards changes with their own ETag; the live record stays as it was', async () => {
    const live = await create(t, faqs, { title: 'Live title', description: 'Live text' });
    const none = await t.injectAs({ method: 'GET', url: changesOf(live.id) });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message: 'No changes are waiting on this faq.' });

    const saved = await t.injectAs({ method: 'PUT', url: changesOf(live.id), payload: { title: 'Next title' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe(`"c${String(live.id)}-1"`);
    expect(saved.json()).toMatchObject({ id: live.id, title: 'Next title', description: 'Live text' });

    const read = await t.injectAs({ method: 'GET', url: changesOf(live.id) });
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe(saved.headers.etag);
    expect(read.json()).toEqual(saved.json());

    // a second save keeps the first one's fields and moves the tag on
    const again = await t.injectAs({
      method: 'PUT',
      url: changesOf(live.id),
      payload: { description: 'Next text' },
      headers: { 'if-match': String(saved.headers.etag) },
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe(`"c${String(live.id)}-2"`);
    expect(again.json()).toMatchObject({ title: 'Next title', description: 'Next text' });
    expect((await t.app.inject({ method: 'GET', url: `/api/faqs/${String(live.id)}` })).json()).toEqual(live);

    const discarded = await t.injectAs({ method: 'DELETE', url: changesOf(live.id) });
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json()).toEqual({ message: 'Changes to FAQ "Live title" discarded.' });
    expect((await t.injectAs({ method: 'GET', url: changesOf(live.id) })).statusCode).toBe(404);
    expect((await t.injectAs({ method: 'DELETE', url: changesOf(live.id) })).statusCode).toBe(404);
  });

  it("If-Match: a stale tag, or the record's own tag, is refused with 412 and the current changes", async () => {
    const live = await create(t, faqs, { title: 'Guarded' });
    const first = await t.injectAs({ method: 'PUT', url: changesOf(live.id), payload: { title: 'One' } });
    const second = await t.injectAs({ method: 'PUT', url: changesOf(live.id), payload: { title: 'Two' } });
    for (const tag of [String(first.headers.etag), `"${String(live.id)}-1"`]) {
      const stale = await t.injectAs({
        method: 'PUT',
        url: changesOf(live.id),
        payload: { title: 'Three' },
        headers: { 'if-match': tag },
      });
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({ current: { title: 'Two' } });
      const discard = await t.injectAs({ method: 'DELETE', url: changesOf(live.id), headers: { 'if-match': tag } });
      expect(discard.statusCode).toBe(412);
    }
    expect((await t.injectAs({ method: 'GET', url: changesOf(live.id) })).json()).toMatchObject({ title: 'Two' });
    const current = await t.injectAs({
      method: 'DELETE',
      url: changesOf(live.id),
      headers: { 'if-match': String(second.headers.etag) },
    });
    expect(current.statusCode).toBe(200);
    // with nothing waiting, a tag names nothing: 412 too
    const nothing = await t.injectAs({
      method: 'PUT',
      url: changesOf(live.id),
      payload: { title: 'Four' },
      headers: { 'if-match': String(second.headers.etag) },
    });
    expect(nothing.statusCode).toBe(412);
  });

  it('checks changes as a PUT is checked: bad fields, unknown keys and status are refused, nothing saved', async () => {
    const live = await create(t, faqs, { title: 'Checked' });
    for (const payload of [
      { title: '' },
      { nope: 1 },
      { id: 4 },
      { status: 'draft' },
      { title: 'x'.repeat(100_000) },
    ]) {
      const res = await t.injectAs({ method: 'PUT', url: changesOf(live.id), payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(typeof (res.json() as { message: string }).message).toBe('string');
    }
    expect((await t.injectAs({ method: 'GET', url: changesOf(live.id) })).statusCode).toBe(404);
    expect((await t.injectAs({ method: 'PUT', url: '/api/faqs/999999/changes', payload: {} })).statusCode).toBe(404);
  });

  it('a live save leaves waiting changes waiting; a draft has none of its own (409) and is saved in place', async () => {
    const live = await create(t, faqs, { title: 'Both' });
    await t.injectAs({ method: 'PUT', url: changesOf(live.id), payload: { description: 'Waiting' } });
    const put = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${String(live.id)}`,
      payload: { title: 'Live now' },
    });
    expect(put.statusCode).toBe(200);
    expect((await t.injectAs({ method: 'GET', url: changesOf(live.id) })).json()).toMatchObject({
      description: 'Waiting',
    });

    const asDraft = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${String(live.id)}`,
      payload: { title: 'Not like this', status: 'draft' },
    });
    expect(asDraft.statusCode).toBe(409);
    expect((asDraft.json() as { message: string }).message).toContain(`PUT /api/faqs/${String(live.id)}/changes`);

    const draft = await create(t, faqs, { title: 'Drafted' }, 'draft');
    const refused = await t.injectAs({ method: 'PUT', url: changesOf(draft.id), payload: { title: 'Aside' } });
    expect(refused.statusCode).toBe(409);
    const inPlace = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${String(draft.id)}`,
      payload: { title: 'Drafted again', status: 'draft' },
    });
    expect(inPlace.statusCode).toBe(200);
    const all = await t.injectAs({ method: 'GET', url: `/api/faqs/${String(draft.id)}?status=all` });
    expect(all.json()).toMatchObject({ title: 'Drafted again', status: 'draft', has_changes: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/faqs/${String(draft.id)}` })).statusCode).toBe(404);
  });

  it('a form with an image: the upload is stored as media, the live image stays', async () => {
    const live = await create(t, testimonials, { university_name: 'Live university' });
    const form = multipartBody({
      university_name: 'Waiting university',
      image: { filename: 'logo.png', contentType: 'image/png', bytes: samplePng(11) },
    });
    const url = `/api/disbursement-testimonials/${String(live.id)}/changes`;
    const res = await t.injectAs({ method: 'PUT', url, payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    const image = (res.json() as { image: string }).image;
    expect(image).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
    const now = await t.app.inject({ method: 'GET', url: `/api/disbursement-testimonials/${String(live.id)}` });
    expect(now.json()).toMatchObject({ university_name: 'Live university', image: null });
  });

  it('a single-record section: changes without an id, the sub-item list included', async () => {
    await create(t, steps, { title: 'Steps', steps: [{ step: 'Apply' }, { step: 'Wait' }] });
    const live = (await t.app.inject({ method: 'GET', url: '/api/steps' })).json() as Body[];
    const items = live[0]?.steps as { id: number; step: string }[];
    const res = await t.injectAs({
      method: 'PUT',
      url: '/api/steps/changes',
      payload: { steps: [{ id: items[1]!.id, step: 'Wait a little' }, { step: 'Get paid' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Body).steps).toEqual([
      { id: items[1]!.id, step: 'Wait a little' },
      { step: 'Get paid' },
      { id: items[0]!.id, step: 'Apply' },
    ]);
    const unknown = await t.injectAs({
      method: 'PUT',
      url: '/api/steps/changes',
      payload: { steps: [{ id: 999999, step: 'x' }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect((await t.injectAs({ method: 'GET', url: '/api/steps/changes' })).json()).toEqual(res.json());
    expect((await t.app.inject({ method: 'GET', url: '/api/steps' })).json()).toEqual(live);
  });

  it('editors and administrators only: a viewer gets 403 on every new route, no token 401', async () => {
    const live = await create(t, faqs, { title: 'Roles' });
    await t.injectAs({ method: 'PUT', url: changesOf(live.id), payload: { title: 'Roles later' } });
    const viewer = { authorization: `Bearer ${await signInAs(t, 'viewer')}` };
    const editor = { authorization: `Bearer ${await signInAs(t, 'editor', 'an-editor')}` };
    const routes = [
      { method: 'GET', url: changesOf(live.id) },
      { method: 'PUT', url: changesOf(live.id), payload: { title: 'No' } },
      { method: 'DELETE', url: changesOf(live.id) },
      { method: 'POST', url: `/api/faqs/${String(live.id)}/publish` },
      { method: 'POST', url: `/api/faqs/${String(live.id)}/unpublish` },
      { method: 'GET', url: '/api/steps/changes' },
      { method: 'PUT', url: '/api/steps/changes', payload: { title: 'No' } },
      { method: 'DELETE', url: '/api/steps/changes' },
      { method: 'POST', url: '/api/steps/publish' },
      { method: 'POST', url: '/api/steps/unpublish' },
    ] as const;
    for (const route of routes) {
      expect((await t.app.inject({ ...route, headers: viewer })).statusCode, `${route.method} ${route.url}`).toBe(403);
      expect((await t.app.inject(route)).statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    expect((await t.injectAs({ method: 'GET', url: changesOf(live.id) })).json()).toMatchObject({
      title: 'Roles later',
    });
    const byEditor = await t.app.inject({ method: 'GET', url: changesOf(live.id), headers: editor });
    expect(byEditor.statusCode).toBe(200);
  });
});
