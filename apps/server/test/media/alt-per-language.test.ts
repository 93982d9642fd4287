import type { MediaItem } from '@bursary/shared';
import { sections } from '@bursary/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';
import { sampleRecord, storedImageUrl } from '../factories.ts';
import { create } from '../publishing/publishing-helpers.ts';

const stories = sections.find((s) => s.slug === 'success-stories')!;
const nameOf = (url: string) => url.slice('/media/'.length);
type Body = Record<string, unknown>;

describe.each(dialects)('alternative text per language on %s', (dialect) => {
  let t: TestApp;
  let imageUrl: string;
  let storyId: number;
  const media = () => `/api/media/${nameOf(imageUrl)}`;
  const patch = (payload: Body, query = '') => t.injectAs({ method: 'PATCH', url: `${media()}${query}`, payload });
  const listed = async (query: string) => {
    const res = await t.injectAs({ method: 'GET', url: `/api/media${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MediaItem[];
  };
  const story = async (query: string, signedIn = false) => {
    const url = `/api/success-stories/${storyId}${query}`;
    const res = signedIn ? await t.injectAs({ method: 'GET', url }) : await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Body;
  };

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    for (const payload of [{ code: 'fr', name: 'Français' }, { code: 'fr-CA', fallback: 'fr' }, { code: 'sw' }])
      expect((await t.injectAs({ method: 'POST', url: '/api/locales', payload })).statusCode).toBe(201);
    for (const code of ['fr', 'fr-CA', 'sw'])
      await t.injectAs({ method: 'PATCH', url: `/api/locales/${code}`, payload: { public: true } });
    imageUrl = await storedImageUrl(t.db);
    storyId = Number((await create(t, stories, sampleRecord(stories, 1, imageUrl))).id);
    expect((await patch({ alt: 'A student at her desk' })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it("stores a language's text beside the default's, answers it, and logs it naming the language", async () => {
    const res = await patch({ alt: '  Une étudiante à son bureau  ' }, '?locale=fr');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ alt: 'Une étudiante à son bureau' });
    const logs = (await t.injectAs({ method: 'GET', url: '/api/logs?limit=1' })).json() as Body[];
    expect(logs[0]).toMatchObject({
      section: 'media',
      content: `Image "${nameOf(imageUrl)}": alternative text changed (Français)`,
    });
    // the default language's text is as it was, and without locale the list answers exactly as before
    const [plain] = await listed('');
    expect(plain).toMatchObject({ alt: 'A student at her desk' });
    expect(plain).not.toHaveProperty('alt_by_locale');
    expect((await listed('?locale=en'))[0]).toEqual(plain);
    expect((await listed('?locale=fr'))[0]).toMatchObject({ alt: 'Une étudiante à son bureau' });
    expect((await listed('?locale=sw'))[0]).toMatchObject({ alt: '' });
    expect((await listed('?locale=*'))[0]?.alt_by_locale).toEqual({
      en: 'A student at her desk',
      fr: 'Une étudiante à son bureau',
      'fr-CA': '',
      sw: '',
    });
    // which images lack text in a language
    expect(await listed('?missing_alt=1&locale=fr')).toEqual([]);
    expect((await listed('?missing_alt=1&locale=sw')).map((item) => item.name)).toEqual([nameOf(imageUrl)]);
    expect(await listed('?missing_alt=1')).toEqual([]);
  });

  it('answers F_alt in the language read, with the fallback of other fields, named in fallback_fields', async () => {
    await patch({ alt: 'Une étudiante à son bureau' }, '?locale=fr');
    expect(await story('?locale=fr')).toMatchObject({ image_alt: 'Une étudiante à son bureau', locale: 'fr' });
    expect((await story('?locale=fr')).fallback_fields).not.toContain('image_alt');
    // Canadian French has none of its own: French, then the default
    const canadian = await story('?locale=fr-CA');
    expect(canadian.image_alt).toBe('Une étudiante à son bureau');
    expect(canadian.fallback_fields).toContain('image_alt');
    const swahili = await story('?locale=sw');
    expect(swahili.image_alt).toBe('A student at her desk');
    expect(swahili.fallback_fields).toContain('image_alt');
    expect(await story('?locale=sw&fallback=none')).toMatchObject({ image_alt: null });
    expect((await story('?locale=*&status=all', true)).image_alt).toEqual({
      en: 'A student at her desk',
      fr: 'Une étudiante à son bureau',
      'fr-CA': null,
      sw: null,
    });
    // without locale, exactly as before
    const plain = await story('');
    expect(plain.image_alt).toBe('A student at her desk');
    expect(plain).not.toHaveProperty('fallback_fields');
  });

  it('moves the records showing the image, so a cached read in the language answers the new text', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/success-stories?locale=fr' });
    await patch({ alt: 'Une diplômée souriante' }, '?locale=fr');
    const after = await t.app.inject({ method: 'GET', url: '/api/success-stories?locale=fr' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((after.json() as Body[])[0]).toMatchObject({ image_alt: 'Une diplômée souriante' });
    // '' removes the language's text: it falls back again
    expect((await patch({ alt: '' }, '?locale=fr')).json()).toMatchObject({ alt: '' });
    expect((await story('?locale=fr')).image_alt).toBe('A student at her desk');
  });

  it('keeps one focal point for every language', async () => {
    const res = await patch({ alt: 'Mwanafunzi', focal_x: 0.2 }, '?locale=sw');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ alt: 'Mwanafunzi', focal_x: 0.2 });
    expect((await listed(''))[0]).toMatchObject({ alt: 'A student at her desk', focal_x: 0.2 });
    expect(await story('?locale=fr')).toMatchObject({ image_focal_x: 0.2 });
  });

  it('refuses an unknown language (400) and viewers (403), changing nothing', async () => {
    const before = await listed('?locale=*');
    const unknown = await patch({ alt: 'x' }, '?locale=xx');
    expect(unknown.statusCode).toBe(400);
    expect((unknown.json() as { message: string }).message).toContain('Unknown language "xx". Known languages: en');
    expect((await t.injectAs({ method: 'GET', url: '/api/media?locale=xx' })).statusCode).toBe(400);
    const viewer = await signInAs(t, 'viewer');
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `${media()}?locale=fr`,
      payload: { alt: 'x' },
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(await listed('?locale=*')).toEqual(before);
  });

  it("writes F_alt in the language of a record's write, and a deleted language takes its texts", async () => {
    const url = `/api/success-stories/${storyId}`;
    const etag = (await t.injectAs({ method: 'GET', url })).headers.etag as string;
    const res = await t.injectAs({
      method: 'PUT',
      url: `${url}?locale=fr-CA`,
      headers: { 'if-match': etag },
      payload: { image_alt: 'Une étudiante à Montréal' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ image_alt: 'Une étudiante à Montréal', locale: 'fr-CA' });
    expect((await listed('?locale=*'))[0]?.alt_by_locale).toMatchObject({
      en: 'A student at her desk',
      'fr-CA': 'Une étudiante à Montréal',
    });
    expect((await t.injectAs({ method: 'DELETE', url: '/api/locales/fr-CA' })).statusCode).toBe(200);
    expect(await t.db.selectFrom('media_alt').select('alt').where('locale', '=', 'fr-CA').execute()).toEqual([]);
  });
});
