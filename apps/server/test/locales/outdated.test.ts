import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';

type Body = Record<string, unknown>;

describe.each(dialects)('outdated and missing translations on %s', (dialect) => {
  let t: TestApp;
  let faqId: number;
  const read = async (url: string) => {
    const answer = await t.injectAs({ method: 'GET', url });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Body;
  };
  const put = async (url: string, payload: object) => {
    const answer = await t.injectAs({ method: 'PUT', url, payload });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Body;
  };
  const markCurrent = (url: string, payload: object = {}, headers: Record<string, string> = {}) =>
    t.injectAs({ method: 'POST', url, payload, headers });
  const statusOf = async (id: number) => (await read(`/api/faqs/${id}?status=all`)).translations;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    const faq = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'How do I apply?', description: '<p>Online.</p>' },
    });
    faqId = (faq.json() as { id: number }).id;
  });
  afterAll(() => t.close());

  it('says nothing of translations while the website has one language', async () => {
    expect(await read(`/api/faqs/${faqId}?status=all`)).not.toHaveProperty('translations');
    expect(await read(`/api/faqs/${faqId}?status=all&locale=*`)).not.toHaveProperty('translations');
  });

  it('lists, for every language but the default, the fields missing in it (status=all and locale=*)', async () => {
    await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'fr', name: 'Français' } });
    expect(await statusOf(faqId)).toEqual({ fr: { missing: ['title', 'description'], outdated: [] } });
    const list = (await t.injectAs({ method: 'GET', url: '/api/faqs?status=all&locale=*' })).json() as Body[];
    expect(list.find((r) => r.id === faqId)?.translations).toEqual({
      fr: { missing: ['title', 'description'], outdated: [] },
    });
    // reads without status=all or locale=* are as before
    expect(await read(`/api/faqs/${faqId}`)).not.toHaveProperty('translations');
    await put(`/api/faqs/${faqId}?locale=fr`, { title: 'Comment postuler ?' });
    expect(await statusOf(faqId)).toEqual({ fr: { missing: ['description'], outdated: [] } });
  });

  it('makes a translation outdated when its default text changes, until it is saved again in its language', async () => {
    await put(`/api/faqs/${faqId}`, { title: 'How do I apply for a loan?' });
    expect(await statusOf(faqId)).toEqual({ fr: { missing: ['description'], outdated: ['title'] } });
    // sent again unchanged (a whole form saved), it stays outdated
    await put(`/api/faqs/${faqId}?locale=fr`, { title: 'Comment postuler ?', description: '<p>En ligne.</p>' });
    expect(await statusOf(faqId)).toEqual({ fr: { missing: [], outdated: ['title'] } });
    await put(`/api/faqs/${faqId}?locale=fr`, { title: 'Comment demander un prêt ?' });
    expect(await statusOf(faqId)).toEqual({ fr: { missing: [], outdated: [] } });
  });

  it('orders by what the translation was made from, not by the clock: both writes in one millisecond', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    try {
      await put(`/api/faqs/${faqId}?locale=fr`, { description: '<p>Sur le site.</p>' });
      await put(`/api/faqs/${faqId}`, { description: '<p>On the website.</p>' });
    } finally {
      vi.useRealTimers();
    }
    expect(await statusOf(faqId)).toEqual({ fr: { missing: [], outdated: ['description'] } });
  });

  it('marks translations current: admins and editors only, not in the default language, audited', async () => {
    const url = `/api/faqs/${faqId}/translations/fr/current`;
    const viewer = await signInAs(t, 'viewer');
    const refused = await markCurrent(url, {}, { authorization: `Bearer ${viewer}` });
    expect(refused.statusCode).toBe(403);
    expect((await markCurrent(`/api/faqs/${faqId}/translations/en/current`)).statusCode).toBe(409);
    expect((await markCurrent(`/api/faqs/${faqId}/translations/de/current`)).statusCode).toBe(404);
    expect((await markCurrent(`/api/faqs/999999/translations/fr/current`)).statusCode).toBe(404);
    const badField = await markCurrent(url, { fields: ['question'] });
    expect(badField.statusCode).toBe(400);
    expect(badField.body).toContain('question is not a translated field');
    expect(await statusOf(faqId)).toEqual({ fr: { missing: [], outdated: ['description'] } });

    const before = await t.app.inject({ method: 'GET', url: `/api/faqs/${faqId}` });
    const marked = await markCurrent(url, { fields: ['description'] });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.headers.etag).not.toBe(before.headers.etag);
    expect(await statusOf(faqId)).toEqual({ fr: { missing: [], outdated: [] } });
    const log = await t.db
      .selectFrom('logs')
      .select('content')
      .where('section', '=', 'faqs')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.content).toBe('FAQ "How do I apply for a loan?" translation marked up to date (Français)');
    // nothing left to mark: nothing written
    const again = await markCurrent(url);
    expect(again.headers.etag).toBe(marked.headers.etag);
  });

  it('tracks sub-item texts, each item saying its own and the record naming the list', async () => {
    const saved = await put('/api/benefits', {
      title: 'Why us',
      benefits: [{ benefit: 'Low rates' }, { benefit: 'Fast' }],
    });
    const [low, fast] = saved.benefits as { id: number }[];
    await put('/api/benefits?locale=fr', {
      title: 'Pourquoi nous',
      benefits: [
        { id: low!.id, benefit: 'Taux bas' },
        { id: fast!.id, benefit: 'Rapide' },
      ],
    });
    await t.injectAs({
      method: 'PUT',
      url: '/api/benefits',
      payload: {
        benefits: [
          { id: low!.id, benefit: 'Low rates' },
          { id: fast!.id, benefit: 'Very fast' },
        ],
      },
    });
    const [record] = (await t.injectAs({ method: 'GET', url: '/api/benefits?status=all' })).json() as Body[];
    expect(record?.translations).toEqual({ fr: { missing: [], outdated: ['benefits'] } });
    expect((record?.benefits as Body[]).map((item) => item.translations)).toEqual([
      { fr: { missing: [], outdated: [] } },
      { fr: { missing: [], outdated: ['benefit'] } },
    ]);
    const marked = await markCurrent('/api/benefits/translations/fr/current', { fields: ['benefits'] });
    expect(marked.statusCode, marked.body).toBe(200);
    const [after] = (await t.injectAs({ method: 'GET', url: '/api/benefits?status=all' })).json() as Body[];
    expect(after?.translations).toEqual({ fr: { missing: [], outdated: [] } });
  });
});
