import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { writeTranslations } from '../../src/locales/translations-store.ts';
import { previewToken } from '../publishing/publishing-helpers.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;
const steps = sections.find((s) => s.slug === 'steps')!;
type Body = Record<string, unknown>;

describe.each(dialects)('reads in a language on %s', (dialect) => {
  let t: TestApp;
  let faqId: number;
  const get = async (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const json = async (url: string, headers: Record<string, string> = {}) => (await get(url, headers)).json() as Body;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    for (const payload of [{ code: 'fr', name: 'Français' }, { code: 'fr-CA', fallback: 'fr' }, { code: 'sw' }])
      expect((await t.injectAs({ method: 'POST', url: '/api/locales', payload })).statusCode).toBe(201);
    for (const code of ['fr', 'fr-CA'])
      await t.injectAs({ method: 'PATCH', url: `/api/locales/${code}`, payload: { public: true } });
    const faq = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'How do I apply?', description: '<p>Online.</p>' },
    });
    faqId = (faq.json() as { id: number }).id;
    const now = new Date().toISOString();
    await writeTranslations(t.db, faqs, faqId, 'fr', [{ itemId: 0, field: 'title', value: 'Comment postuler ?' }], now);
    await writeTranslations(
      t.db,
      faqs,
      faqId,
      'fr-CA',
      [{ itemId: 0, field: 'description', value: '<p>En ligne.</p>' }],
      now,
    );
    await writeTranslations(t.db, faqs, faqId, 'sw', [{ itemId: 0, field: 'title', value: 'Ninaombaje?' }], now);
  });
  afterAll(() => t.close());

  it('answers each translated field along the fallback chain: fr-CA, then fr, then the default', async () => {
    expect(await json(`/api/faqs/${faqId}?locale=fr-ca`)).toMatchObject({
      title: 'Comment postuler ?',
      description: '<p>En ligne.</p>',
      locale: 'fr-CA',
      fallback_fields: ['title'],
    });
    expect(await json(`/api/faqs/${faqId}?locale=fr`)).toMatchObject({
      title: 'Comment postuler ?',
      description: '<p>Online.</p>',
      locale: 'fr',
      fallback_fields: ['description'],
    });
    expect(await json(`/api/faqs/${faqId}?locale=fr&fallback=none`)).toMatchObject({
      title: 'Comment postuler ?',
      description: null,
      fallback_fields: [],
    });
    expect(await json(`/api/faqs/${faqId}?locale=en`)).toMatchObject({
      title: 'How do I apply?',
      locale: 'en',
      fallback_fields: [],
    });
  });

  it('refuses an unknown code naming the known ones, and a private language on a public read', async () => {
    const unknown = await get(`/api/faqs/${faqId}?locale=de`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown language "de". Known languages: en, fr, fr-CA.');
    expect((await get(`/api/faqs?locale=sw`)).statusCode).toBe(404);
    expect((await get(`/api/faqs/${faqId}?locale=sw`)).statusCode).toBe(404);
    const signedIn = await t.injectAs({ method: 'GET', url: `/api/faqs/${faqId}?locale=sw&status=all` });
    expect(signedIn.json()).toMatchObject({ title: 'Ninaombaje?', locale: 'sw' });
    expect((await get(`/api/faqs?fallback=none`)).statusCode).toBe(400);
  });

  it('answers every language at once for signed-in readers (locale=*), and 401 for the public', async () => {
    expect((await get(`/api/faqs/${faqId}?locale=*`)).statusCode).toBe(401);
    const every = await t.injectAs({ method: 'GET', url: `/api/faqs/${faqId}?locale=*&status=all` });
    expect(every.json()).toMatchObject({
      title: { en: 'How do I apply?', fr: 'Comment postuler ?', 'fr-CA': null, sw: 'Ninaombaje?' },
      description: { en: '<p>Online.</p>', fr: null, 'fr-CA': '<p>En ligne.</p>', sw: null },
    });
  });

  it('caches the public list per language, and answers the languages as they change', async () => {
    const first = await get('/api/faqs?locale=fr-CA');
    expect(first.statusCode).toBe(200);
    expect((first.json() as Body[])[0]).toMatchObject({ title: 'Comment postuler ?', locale: 'fr-CA' });
    const again = await get('/api/faqs?locale=fr-CA', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    // fr-CA no longer falls back to French: its title is the default language's
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr-CA', payload: { fallback: null } });
    const after = await get('/api/faqs?locale=fr-CA', { 'if-none-match': String(first.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect((after.json() as Body[])[0]).toMatchObject({ title: 'How do I apply?', fallback_fields: ['title'] });
    const one = await get(`/api/faqs/${faqId}?locale=fr`);
    expect((await get(`/api/faqs/${faqId}?locale=fr`, { 'if-none-match': String(one.headers.etag) })).statusCode).toBe(
      304,
    );
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { fallback: 'fr-CA' } });
    const moved = await get(`/api/faqs/${faqId}?locale=fr`, { 'if-none-match': String(one.headers.etag) });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ description: '<p>En ligne.</p>' });
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { fallback: null } });
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr-CA', payload: { fallback: 'fr' } });
  });

  it('tags a read in a language and the same read without fallback apart: two bodies, two ETags', async () => {
    const chained = await get(`/api/faqs/${faqId}?locale=fr-CA`);
    const own = await get(`/api/faqs/${faqId}?locale=fr-CA&fallback=none`);
    expect(own.body).not.toBe(chained.body);
    expect(own.headers.etag).toBeDefined();
    expect(own.headers.etag).not.toBe(chained.headers.etag);
    const stale = await get(`/api/faqs/${faqId}?locale=fr-CA&fallback=none`, {
      'if-none-match': String(chained.headers.etag),
    });
    expect(stale.statusCode).toBe(200);
    const fresh = await get(`/api/faqs/${faqId}?locale=fr-CA&fallback=none`, {
      'if-none-match': String(own.headers.etag),
    });
    expect(fresh.statusCode).toBe(304);
  });

  it('searches the language asked, with its fallbacks, and pages as before', async () => {
    const found = await get('/api/faqs?q=postuler&locale=fr');
    expect((found.json() as Body[]).map((r) => r.id)).toEqual([faqId]);
    expect(found.headers['x-total-count']).toBe('1');
    expect(await json('/api/faqs?q=postuler')).toEqual([]);
    expect((await json('/api/faqs?q=online&locale=fr-CA')) as unknown).toEqual([]);
    expect(((await json('/api/faqs?q=online&locale=fr')) as unknown as Body[]).length).toBe(1);
    const page = await get('/api/faqs?locale=fr&limit=1');
    expect((page.json() as Body[])[0]).toMatchObject({ locale: 'fr' });
  });

  it('translates sub-items, each with its own locale and fallback_fields', async () => {
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/steps',
      payload: { title: 'Apply in three steps', steps: [{ step: 'Sign up' }, { step: 'Fill in the form' }] },
    });
    const record = created.json() as { id: number; steps: { id: number }[] };
    const [first] = record.steps;
    await writeTranslations(
      t.db,
      steps,
      record.id,
      'fr',
      [{ itemId: first!.id, field: 'step', value: "S'inscrire" }],
      new Date().toISOString(),
    );
    const [read] = (await json('/api/steps?locale=fr')) as unknown as Body[];
    expect(read).toMatchObject({
      title: 'Apply in three steps',
      fallback_fields: ['title'],
      steps: [
        { id: first!.id, step: "S'inscrire", locale: 'fr', fallback_fields: [] },
        { step: 'Fill in the form', locale: 'fr', fallback_fields: ['step'] },
      ],
    });
  });

  it('in a preview, falls back to the live default text, never to a change still waiting', async () => {
    const token = await previewToken(t);
    await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${faqId}/changes`,
      payload: { description: '<p>Pending answer.</p>' },
    });
    const preview = await json(`/api/faqs/${faqId}?locale=fr&preview=${token}`);
    expect(preview).toMatchObject({ title: 'Comment postuler ?', description: '<p>Online.</p>' });
    const inDefault = await json(`/api/faqs/${faqId}?preview=${token}`);
    expect(inDefault).toMatchObject({ description: '<p>Pending answer.</p>' });
  });
});
