import { beforeAll, describe, expect, it } from 'vitest';
import { purgeOldRevisions } from '../../src/history/retention.ts';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';
import { storedImageUrl } from '../factories.ts';
import { variantRows } from './media-helpers.ts';

const DAY = 86_400_000;
const nameOf = (url: string) => url.slice('/media/'.length);

describe.each(dialects)('deleting an image on %s', (dialect) => {
  let t: TestApp;
  const remove = (url: string) => t.injectAs({ method: 'DELETE', url: `/api/media/${nameOf(url)}` });
  const messageOf = (res: { json: () => unknown }) => (res.json() as { message: string }).message;
  const post = async (slug: string, payload: Record<string, unknown>) => {
    const res = await t.injectAs({ method: 'POST', url: `/api/${slug}`, payload });
    expect(res.statusCode, res.body).toBe(201);
    return Number((res.json() as { id: number }).id);
  };

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });

  it('deletes an image nothing uses, with its variants, and logs it; the address then answers 404', async () => {
    const url = await storedImageUrl(t.db, 31);
    expect((await t.app.inject({ method: 'GET', url: `${url}?w=160&fm=webp` })).statusCode).toBe(200);
    expect(await variantRows(t.db, nameOf(url).slice(0, 64))).toBe(1);
    const res = await remove(url);
    expect(res.statusCode, res.body).toBe(204);
    expect(await variantRows(t.db, nameOf(url).slice(0, 64))).toBe(0);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const logs = (await t.injectAs({ method: 'GET', url: '/api/logs?limit=1' })).json() as Record<string, unknown>[];
    expect(logs[0]).toMatchObject({ action: 'delete', section: 'media', content: `Image "${nameOf(url)}" deleted` });
    const again = await remove(url);
    expect(again.statusCode).toBe(404);
    expect(messageOf(again)).toBe('No such image. It may have been replaced; reload the page.');
  });

  it('refuses while a live record, a draft, waiting changes or rich text uses it, naming where', async () => {
    const live = await storedImageUrl(t.db, 32);
    const draft = await storedImageUrl(t.db, 33);
    const waiting = await storedImageUrl(t.db, 34);
    const inline = await storedImageUrl(t.db, 35);
    await post('disbursement-testimonials', { university_name: 'Makerere', image: live });
    await post('disbursement-testimonials', { university_name: 'Legon', image: draft, status: 'draft' });
    const id = await post('disbursement-testimonials', { university_name: 'Nairobi' });
    const changes = await t.injectAs({
      method: 'PUT',
      url: `/api/disbursement-testimonials/${id}/changes`,
      payload: { image: waiting },
    });
    expect(changes.statusCode, changes.body).toBe(200);
    await post('faqs', { title: 'How do I apply?', description: `<p><img src="${inline}"></p>` });
    for (const [url, name] of [
      [live, 'Testimonial "Makerere"'],
      [draft, 'Testimonial "Legon"'],
      [waiting, 'Testimonial "Nairobi"'],
      [inline, 'FAQ "How do I apply?"'],
    ] as const) {
      const res = await remove(url);
      expect(res.statusCode, url).toBe(409);
      expect(messageOf(res)).toBe(`This image is used by ${name}; remove it there first.`);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('refuses while a kept revision uses it, and allows it once history purges that revision', async () => {
    const old = await storedImageUrl(t.db, 36);
    const id = await post('disbursement-testimonials', { university_name: 'Cape Coast', image: old });
    const changed = await t.injectAs({
      method: 'PUT',
      url: `/api/disbursement-testimonials/${id}`,
      payload: { image: null },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const kept = await remove(old);
    expect(kept.statusCode).toBe(409);
    expect(messageOf(kept)).toContain('This image is kept in the history of Testimonial "Cape Coast"');
    // nothing deletes images by itself: the purge takes revisions, never the images they show
    expect(await purgeOldRevisions(t.db, 30, new Date(Date.now() + 40 * DAY))).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: old })).statusCode).toBe(200);
    expect((await remove(old)).statusCode).toBe(204);
  });

  it("counts the trash's deleted records: their revisions can bring the image back", async () => {
    const trashed = await storedImageUrl(t.db, 37);
    const id = await post('disbursement-testimonials', { university_name: 'Winneba', image: trashed });
    expect((await t.injectAs({ method: 'DELETE', url: `/api/disbursement-testimonials/${id}` })).statusCode).toBe(200);
    const res = await remove(trashed);
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toContain('history of Testimonial "Winneba"');
  });

  it('is for editors and administrators only', async () => {
    const url = await storedImageUrl(t.db, 38);
    const viewer = await signInAs(t, 'viewer');
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${nameOf(url)}`,
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/${nameOf(url)}` })).statusCode).toBe(401);
    const editor = await signInAs(t, 'editor');
    const done = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${nameOf(url)}`,
      headers: { authorization: `Bearer ${editor}` },
    });
    expect(done.statusCode).toBe(204);
  });
});
