import type { MediaItem } from '@bursary/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';
import { storeImage } from '../../src/media/store.ts';
import { storedImage } from './media-helpers.ts';

const nameOf = (url: string) => url.slice('/media/'.length);
const counter = async (t: TestApp, name: string) =>
  Number((await t.db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst())?.value ?? 0);

describe.each(dialects)('changing an image on %s', (dialect) => {
  let t: TestApp;
  let image: { url: string; sha256: string };
  const patch = (payload: unknown, url = `/api/media/${nameOf(image.url)}`) =>
    t.injectAs({ method: 'PATCH', url, payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    // red, with a green band down the middle third
    image = await storedImage(t.db, 1800, 600);
  });

  it('sets the alternative text trimmed and the focal point, answers the image, and logs the change', async () => {
    const res = await patch({ alt: '  A student at her desk  ', focal_x: 0.25, focal_y: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: nameOf(image.url),
      alt: 'A student at her desk',
      focal_x: 0.25,
      focal_y: 1,
      width: 1800,
      height: 600,
      used_by: [],
    } satisfies Partial<MediaItem>);
    const logs = (await t.injectAs({ method: 'GET', url: '/api/logs?limit=1' })).json() as Record<string, unknown>[];
    expect(logs[0]).toMatchObject({
      action: 'update',
      section: 'media',
      record_id: null,
      revision_id: null,
      content: `Image "${nameOf(image.url)}": alternative text and focal point changed`,
    });
    // the same again changes nothing and logs nothing
    const before = await counter(t, 'logs');
    expect((await patch({ alt: 'A student at her desk' })).statusCode).toBe(200);
    expect(await counter(t, 'logs')).toBe(before);
  });

  it('names an uploaded image in the log by the file it was uploaded as, changed and deleted', async () => {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const url = await storeImage(t.db, { bytes, filename: 'amina-graduation.png' }, 1024 * 1024);
    const lastLog = async () =>
      ((await t.injectAs({ method: 'GET', url: '/api/logs?limit=1' })).json() as Record<string, unknown>[])[0];
    expect((await patch({ alt: 'Amina on graduation day' }, `/api/media/${nameOf(url)}`)).statusCode).toBe(200);
    expect(await lastLog()).toMatchObject({ content: 'Image "amina-graduation.png": alternative text changed' });
    expect((await t.injectAs({ method: 'DELETE', url: `/api/media/${nameOf(url)}` })).statusCode).toBe(204);
    expect(await lastLog()).toMatchObject({ content: 'Image "amina-graduation.png" deleted' });
  });

  it('refuses bad values with a sentence and changes nothing', async () => {
    for (const [body, message] of [
      [{ alt: 'x'.repeat(301) }, 'alt must be at most 300 characters'],
      [{ alt: 'two\nlines' }, 'alt must be plain text on one line'],
      [{ alt: 'a\u0007bell' }, 'alt must be plain text on one line'],
      [{ alt: 5 }, 'alt must be text'],
      [{ focal_x: 1.5 }, 'focal_x must be a number from 0 to 1'],
      [{ focal_y: -0.1 }, 'focal_y must be a number from 0 to 1'],
      [{ focal_y: '0.5' }, 'focal_y must be a number from 0 to 1'],
      [{ caption: 'x' }, 'caption is not part of an image'],
      [{}, 'there is nothing to change'],
      [[], 'Send a JSON object'],
    ] as const) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { message: string }).message).toContain(message);
    }
    const row = await t.db
      .selectFrom('media')
      .select(['alt', 'focal_x'])
      .where('sha256', '=', image.sha256)
      .executeTakeFirstOrThrow();
    expect([row.alt, Number(row.focal_x)]).toEqual(['A student at her desk', 0.25]);
    // 300 characters exactly are accepted
    expect((await patch({ alt: 'y'.repeat(300) })).statusCode).toBe(200);
  });

  it('answers an unknown image as /media does, and refuses viewers', async () => {
    const unknown = `/api/media/${'0'.repeat(64)}.png`;
    const res = await patch({ alt: 'x' }, unknown);
    expect(res.statusCode).toBe(404);
    const served = await t.app.inject({ method: 'GET', url: `/media/${'0'.repeat(64)}.png` });
    expect((res.json() as { message: string }).message).toBe((served.json() as { message: string }).message);
    expect((await patch({ alt: 'x' }, '/api/media/not-a-name')).statusCode).toBe(404);
    const viewer = await signInAs(t, 'viewer');
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/media/${nameOf(image.url)}`,
      headers: { authorization: `Bearer ${viewer}` },
      payload: { alt: 'x' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('crops around the focal point, makes new crops when it moves, and keeps plain resizes', async () => {
    const greenAt = async (url: string, x: number) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
      const at = (Math.floor(info.height / 2) * info.width + x) * info.channels;
      return (data[at + 1] ?? 0) > 200 && (data[at] ?? 255) < 60;
    };
    const crop = `${image.url}?w=320&h=320&fit=cover&fm=png`;
    expect((await patch({ focal_x: 0.5, focal_y: 0.5 })).statusCode).toBe(200);
    // centred: the middle of the square crop is the green band
    expect(await greenAt(crop, 160)).toBe(true);
    expect(await greenAt(`${image.url}?w=320&fm=png`, 160)).toBe(true);
    const keys = async () =>
      (
        await t.db
          .selectFrom('media_variants')
          .select('variant')
          .where('media_sha256', '=', image.sha256)
          .orderBy('variant')
          .execute()
      ).map((row) => row.variant);
    expect(await keys()).toEqual(['w320.png', 'w320h320cover.png']);
    expect((await patch({ focal_x: 0 })).statusCode).toBe(200);
    // at the left edge the crop is all red; the resize is the one kept before
    expect(await greenAt(crop, 160)).toBe(false);
    expect(await keys()).toEqual(['w320.png', 'w320h320cover-x0y0.5.png']);
  });

  it('moves the version of every record that shows the image, so cached answers are made again', async () => {
    const hero = await t.injectAs({
      method: 'PUT',
      url: '/api/heroes',
      payload: { title: 'Welcome', image: image.url },
    });
    expect(hero.statusCode, hero.body).toBe(200);
    const first = await t.app.inject({ method: 'GET', url: '/api/heroes' });
    const etag = String(first.headers.etag);
    expect((first.json() as Record<string, unknown>[])[0]?.image_alt).toBe('y'.repeat(300));
    const [heroes, faqs] = [await counter(t, 'section:heroes'), await counter(t, 'section:faqs')];
    expect((await patch({ alt: 'A new description' })).statusCode).toBe(200);
    // the counters live in the database: every instance sees the heroes' move, and the FAQs' stays put
    expect(await counter(t, 'section:heroes')).toBeGreaterThan(heroes);
    expect(await counter(t, 'section:faqs')).toBe(faqs);
    const again = await t.app.inject({ method: 'GET', url: '/api/heroes', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).not.toBe(etag);
    expect((again.json() as Record<string, unknown>[])[0]?.image_alt).toBe('A new description');
    // a focal point is in their answers too (beside the image field), so it moves them as well
    const moved = await counter(t, 'section:heroes');
    expect((await patch({ focal_y: 0.3 })).statusCode).toBe(200);
    expect(await counter(t, 'section:heroes')).toBeGreaterThan(moved);
    const focal = await t.app.inject({ method: 'GET', url: '/api/heroes' });
    expect((focal.json() as Record<string, unknown>[])[0]?.image_focal_y).toBe(0.3);
  });
});
