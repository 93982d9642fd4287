import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { storedImageUrl } from '../factories.ts';

type Body = Record<string, unknown>;

/**
 * An image's alternative text belongs to the image and shows at once on every record that uses it, so it cannot
 * wait with one record's changes: sent with them, a new text for an image a record shows is refused with a sentence
 * and nothing is stored; the text the image already has (what a form sends back unchanged) passes, and an image new
 * with the changes takes its text.
 */
describe.each(dialects)('alternative text sent with waiting changes on %s', (dialect) => {
  let t: TestApp;
  let image: string;
  let storyId: number;
  const altOf = async (locale?: string) => {
    const query = locale ? `?locale=${locale}` : '';
    return ((await t.app.inject({ method: 'GET', url: `/api/success-stories/${storyId}${query}` })).json() as Body)
      .image_alt;
  };
  const waiting = async () =>
    (await t.injectAs({ method: 'GET', url: `/api/success-stories/${storyId}/changes` })).statusCode;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    image = await storedImageUrl(t.db, 31);
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/success-stories',
      payload: { student_name: 'Amina', date: '2024-03-04', image, image_alt: 'Amina at her desk' },
    });
    expect(created.statusCode, created.body).toBe(201);
    storyId = Number((created.json() as Body).id);
    expect((await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'fr' } })).statusCode).toBe(201);
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { public: true } });
    const french = await t.injectAs({
      method: 'PUT',
      url: `/api/success-stories/${storyId}?locale=fr`,
      payload: { image_alt: 'Amina à son bureau' },
    });
    expect(french.statusCode, french.body).toBe(200);
  });

  it('refuses a new text with the changes, in the default language, and stores neither', async () => {
    const res = await t.injectAs({
      method: 'PUT',
      url: `/api/success-stories/${storyId}/changes`,
      payload: { story: '<p>Draft story</p>', image_alt: 'Draft alt' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      fields: [{ path: 'image_alt', message: expect.stringContaining('cannot wait with the changes') }],
    });
    expect(await altOf()).toBe('Amina at her desk');
    expect(await waiting()).toBe(404);
  });

  it('refuses a new text with the changes in another language, and stores neither', async () => {
    const res = await t.injectAs({
      method: 'PUT',
      url: `/api/success-stories/${storyId}/changes?locale=fr`,
      payload: { story: '<p>Histoire</p>', image_alt: 'Brouillon' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ fields: [{ path: 'image_alt' }] });
    expect(await altOf('fr')).toBe('Amina à son bureau');
    const french = await t.injectAs({ method: 'GET', url: `/api/success-stories/${storyId}/changes?locale=fr` });
    expect(french.statusCode).toBe(404);
  });

  it('sets the text of an image new with the changes, which no record shows yet', async () => {
    const fresh = await storedImageUrl(t.db, 32);
    const res = await t.injectAs({
      method: 'PUT',
      url: `/api/success-stories/${storyId}/changes`,
      payload: { image: fresh, image_alt: 'Amina on graduation day' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ image: fresh, image_alt: 'Amina on graduation day' });
    // the live record still shows its own image and text
    expect(await altOf()).toBe('Amina at her desk');
    const discarded = await t.injectAs({ method: 'DELETE', url: `/api/success-stories/${storyId}/changes` });
    expect(discarded.statusCode, discarded.body).toBe(200);
  });

  it('takes the changes with the text the image already has, in each language', async () => {
    const same = await t.injectAs({
      method: 'PUT',
      url: `/api/success-stories/${storyId}/changes`,
      payload: { story: '<p>Draft story</p>', image_alt: 'Amina at her desk' },
    });
    expect(same.statusCode, same.body).toBe(200);
    const sameFrench = await t.injectAs({
      method: 'PUT',
      url: `/api/success-stories/${storyId}/changes?locale=fr`,
      payload: { story: '<p>Histoire</p>', image_alt: 'Amina à son bureau' },
    });
    expect(sameFrench.statusCode, sameFrench.body).toBe(200);
    expect(await altOf()).toBe('Amina at her desk');
    expect(await altOf('fr')).toBe('Amina à son bureau');
  });
});
