import type { MediaItem } from '@bursary/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../../src/media/store.ts';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';
import { storedImageUrl } from '../factories.ts';
import { svg } from '../fixtures/images.ts';
import { storedImage } from './media-helpers.ts';

const nameOf = (url: string) => url.slice('/media/'.length);

describe.each(dialects)('the media library list on %s', (dialect) => {
  let t: TestApp;
  let photo: string;
  let logo: string;
  let inline: string;
  let waiting: string;
  let drafted: string;
  let loose: string;
  let drawing: string;
  let storyId: number;
  const list = async (query = '') => {
    const res = await t.injectAs({ method: 'GET', url: `/api/media${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json() as MediaItem[], total: Number(res.headers['x-total-count']) };
  };
  const byName = (items: MediaItem[], url: string) => items.find((item) => item.name === nameOf(url));

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    photo = (await storedImage(t.db, 300, 200)).url;
    logo = await storedImageUrl(t.db, 11);
    inline = await storedImageUrl(t.db, 12);
    waiting = await storedImageUrl(t.db, 13);
    drafted = await storedImageUrl(t.db, 14);
    loose = await storedImageUrl(t.db, 15);
    drawing = await storeImage(t.db, { bytes: svg() }, 1024 * 1024);
    const story = await t.injectAs({
      method: 'POST',
      url: '/api/success-stories',
      payload: { student_name: 'Ama  Owusu', date: '2024-05-01', image: photo, story: '<p>Her story</p>' },
    });
    expect(story.statusCode, story.body).toBe(201);
    storyId = (story.json() as { id: number }).id;
    const faq = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'How do I apply?', description: `<p>See <img src="${inline}" alt="x"></p>` },
    });
    expect(faq.statusCode, faq.body).toBe(201);
    const draft = await t.injectAs({
      method: 'POST',
      url: '/api/disbursement-testimonials',
      payload: { university_name: 'University of Ghana', image: drafted, status: 'draft' },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const testimonial = await t.injectAs({
      method: 'POST',
      url: '/api/disbursement-testimonials',
      payload: { university_name: 'Makerere', image: logo },
    });
    expect(testimonial.statusCode, testimonial.body).toBe(201);
    const changes = await t.injectAs({
      method: 'PUT',
      url: `/api/disbursement-testimonials/${(testimonial.json() as { id: number }).id}/changes`,
      payload: { image: waiting },
    });
    expect(changes.statusCode, changes.body).toBe(200);
    // a variant is never listed
    expect((await t.app.inject({ method: 'GET', url: `${photo}?w=160&fm=webp` })).statusCode).toBe(200);
  });

  it('lists every original, newest first, with its size, alternative text, focal point and uses', async () => {
    const { items, total } = await list();
    expect(total).toBe(7);
    expect(items).toHaveLength(7);
    const times = items.map((item) => item.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(byName(items, photo)).toEqual({
      name: nameOf(photo),
      url: photo,
      type: 'image/png',
      width: 300,
      height: 200,
      // stored without an upload's file name
      file_name: null,
      bytes: expect.any(Number) as number,
      alt: '',
      focal_x: 0.5,
      focal_y: 0.5,
      used_by: [{ section: 'success-stories', id: storyId, title: 'Ama Owusu' }],
      created_at: expect.any(String) as string,
    });
    expect(byName(items, drawing)).toMatchObject({ type: 'image/svg+xml', width: null, height: null, used_by: [] });
    expect(byName(items, inline)?.used_by).toEqual([{ section: 'faqs', id: 1, title: 'How do I apply?' }]);
    expect(byName(items, drafted)?.used_by).toEqual([
      { section: 'disbursement-testimonials', id: 1, title: 'University of Ghana' },
    ]);
    // the live record shows one image, its waiting changes another: each counts it once
    expect(byName(items, logo)?.used_by).toEqual([{ section: 'disbursement-testimonials', id: 2, title: 'Makerere' }]);
    expect(byName(items, waiting)?.used_by).toEqual([
      { section: 'disbursement-testimonials', id: 2, title: 'Makerere' },
    ]);
    expect(byName(items, loose)?.used_by).toEqual([]);
  });

  it('filters unused images and images without alternative text, and pages with the total', async () => {
    const unused = await list('?unused=1');
    expect(unused.items.map((item) => item.name).sort()).toEqual([nameOf(loose), nameOf(drawing)].sort());
    expect(unused.total).toBe(2);
    const patched = await t.injectAs({
      method: 'PATCH',
      url: `/api/media/${nameOf(loose)}`,
      payload: { alt: 'A map' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const missing = await list('?missing_alt=1');
    expect(missing.total).toBe(6);
    expect(byName(missing.items, loose)).toBeUndefined();
    expect((await list('?unused=1&missing_alt=1')).items.map((item) => item.name)).toEqual([nameOf(drawing)]);
    const all = await list();
    const page = await list('?limit=2&offset=3');
    expect(page.total).toBe(7);
    expect(page.items.map((item) => item.name)).toEqual(all.items.slice(3, 5).map((item) => item.name));
  });

  it('refuses bad parameters with a sentence, and answers any signed-in role but nobody else', async () => {
    for (const [query, message] of [
      ['?unused=yes', 'unused must be 1'],
      ['?missing_alt=2', 'missing_alt must be 1'],
      ['?limit=0', 'limit must be a whole number from 1 to 500.'],
      ['?offset=-1', 'offset must be a whole number'],
      ['?unused=1&unused=0', 'Send unused once, as text.'],
    ]) {
      const res = await t.injectAs({ method: 'GET', url: `/api/media${query}` });
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { message: string }).message).toContain(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/media' })).statusCode).toBe(401);
    const viewer = await signInAs(t, 'viewer');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/media',
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('measures images stored before sizes were kept the first time they are listed, and keeps the size', async () => {
    const sha256 = nameOf(photo).split('.')[0] ?? '';
    await t.db.updateTable('media').set({ width: null, height: null }).where('sha256', '=', sha256).execute();
    expect(byName((await list()).items, photo)).toMatchObject({ width: 300, height: 200 });
    const row = await t.db
      .selectFrom('media')
      .select(['width', 'height'])
      .where('sha256', '=', sha256)
      .executeTakeFirstOrThrow();
    expect([Number(row.width), Number(row.height)]).toEqual([300, 200]);
  });
});
