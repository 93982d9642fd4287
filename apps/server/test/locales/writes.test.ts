import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { storedImageUrl } from '../factories.ts';

type Body = Record<string, unknown>;

describe.each(dialects)('writes in a language on %s', (dialect) => {
  let t: TestApp;
  let faqId: number;
  const put = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.injectAs({ method: 'PUT', url, payload, headers });
  const read = async (url: string) => (await t.injectAs({ method: 'GET', url })).json() as Body;
  const latestRevision = async (section: string, id: number) =>
    JSON.parse(
      (
        await t.db
          .selectFrom('revisions')
          .select('record')
          .where('section', '=', section)
          .where('record_id', '=', id)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).record,
    ) as Body;
  /**
   * Record updates' events, queued or already turned into deliveries by the worker, which may run at any moment: the
   * queue is read first, so an event moved between the two reads is seen twice rather than missed.
   */
  const recordUpdatedEvents = async () => {
    const queued = await t.db
      .selectFrom('webhook_outbox')
      .select('payload')
      .where('type', '=', 'record.updated')
      .execute();
    const sent = await t.db
      .selectFrom('webhook_deliveries')
      .select('payload')
      .where('type', '=', 'record.updated')
      .execute();
    return [...queued, ...sent].map((row) => JSON.parse(row.payload) as { data: Body });
  };

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'fr', name: 'Français' } });
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { public: true } });
    const faq = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'How do I apply?', description: '<p>Online.</p>' },
    });
    faqId = (faq.json() as { id: number }).id;
    // a webhook is on, so the changes queue their events
    await t.db
      .insertInto('webhooks')
      .values({ url: 'https://hooks.example/x', events: '["*"]', secret: 'sealed', created_at: '', updated_at: '' })
      .execute();
  });
  afterAll(() => t.close());

  it('writes translated fields in the language, as an ordinary write: version, log row, revision, webhook', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/faqs/${faqId}` });
    const saved = await put(
      `/api/faqs/${faqId}?locale=fr`,
      { title: 'Comment postuler ?' },
      { 'if-match': String(before.headers.etag) },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      title: 'Comment postuler ?',
      description: '<p>Online.</p>',
      locale: 'fr',
      fallback_fields: ['description'],
    });
    expect(saved.headers.etag).toBe(`"${faqId}-2"`);
    // the default language is untouched
    expect(await read(`/api/faqs/${faqId}`)).toMatchObject({ title: 'How do I apply?' });
    const log = await t.db
      .selectFrom('logs')
      .select('content')
      .where('section', '=', 'faqs')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.content).toBe('FAQ "How do I apply?" updated (Français)');
    expect(await latestRevision('faqs', faqId)).toMatchObject({
      title: 'How do I apply?',
      translations: { fr: { title: 'Comment postuler ?' } },
    });
    const events = await recordUpdatedEvents();
    expect(events.map((event) => event.data)).toContainEqual(expect.objectContaining({ id: faqId, locale: 'fr' }));
  });

  it('creates only in the default language, and refuses a parameter a write does not take', async () => {
    const create = await t.injectAs({ method: 'POST', url: '/api/faqs?locale=fr', payload: { title: 'Bonjour' } });
    expect(create.statusCode).toBe(400);
    expect(create.json().message).toBe(
      'Create this faq in the default language (English) first, without locale; then write its Français text with PUT and locale=fr.',
    );
    const unknown = await put(`/api/faqs/${faqId}?lang=fr`, { title: 'Bonjour' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('lang is not a parameter of this write; it takes locale=CODE only.');
    expect((await put(`/api/faqs/${faqId}?locale=de`, { title: 'Hallo' })).statusCode).toBe(400);
    expect((await t.injectAs({ method: 'DELETE', url: `/api/faqs/${faqId}?locale=fr` })).statusCode).toBe(400);
    expect(
      (await t.injectAs({ method: 'POST', url: `/api/faqs/${faqId}/unpublish?locale=fr`, payload: {} })).statusCode,
    ).toBe(400);
    expect(await read(`/api/faqs/${faqId}`)).toMatchObject({ title: 'How do I apply?' });
  });

  it('writes shared fields once: every language sees them', async () => {
    const image = await storedImageUrl(t.db);
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/success-stories',
      payload: { student_name: 'Amina', date: '2025-06-01', story: '<p>She graduated.</p>', image },
    });
    const { id } = created.json() as { id: number };
    const saved = await put(`/api/success-stories/${id}?locale=fr`, {
      student_name: 'Amina K.',
      story: '<p>Elle est diplômée.</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await read(`/api/success-stories/${id}`)).toMatchObject({
      student_name: 'Amina K.',
      story: '<p>She graduated.</p>',
    });
    expect(await read(`/api/success-stories/${id}?locale=fr`)).toMatchObject({
      student_name: 'Amina K.',
      story: '<p>Elle est diplômée.</p>',
      fallback_fields: [],
    });
    const stored = await t.db
      .selectFrom('translations')
      .select('field')
      .where('section', '=', 'success-stories')
      .execute();
    expect(stored.map((row) => row.field)).toEqual(['story']);
    // only a shared field changed: the event names no language
    await put(`/api/success-stories/${id}?locale=fr`, { source: 'The Daily' });
    const events = await recordUpdatedEvents();
    expect(events.map((event) => event.data)).toContainEqual(
      expect.objectContaining({ section: 'success-stories', id, locale: null }),
    );
  });

  it('keeps a sub-item list the same items in the same order in every language', async () => {
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/steps',
      payload: { title: 'Apply in two steps', steps: [{ step: 'Sign up' }, { step: 'Fill in the form' }] },
    });
    const [a, b] = (created.json() as { steps: { id: number }[] }).steps;
    const translated = await put('/api/steps/sub-edit?locale=fr', {
      steps: [
        { id: a!.id, step: "S'inscrire" },
        { id: b!.id, step: 'Remplir le formulaire' },
      ],
    });
    expect(translated.statusCode, translated.body).toBe(200);
    expect((translated.json() as Body).steps).toMatchObject([
      { step: "S'inscrire" },
      { step: 'Remplir le formulaire' },
    ]);
    for (const steps of [
      [{ id: a!.id, step: 'x' }],
      [
        { id: b!.id, step: 'x' },
        { id: a!.id, step: 'y' },
      ],
      [{ id: a!.id, step: 'x' }, { id: b!.id, step: 'y' }, { step: 'z' }],
    ]) {
      const refused = await put('/api/steps?locale=fr', { steps });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('is the same items in the same order as in the default language');
    }
    expect(
      (await t.injectAs({ method: 'POST', url: '/api/steps/sub?locale=fr', payload: { step: 'Trois' } })).statusCode,
    ).toBe(400);
    const title = await put('/api/steps?locale=fr', { title: 'Postuler en deux étapes' });
    expect(title.json()).toMatchObject({ title: 'Postuler en deux étapes', locale: 'fr' });
    // an item deleted in the default language takes its translations with it
    await t.injectAs({ method: 'DELETE', url: `/api/steps/sub/${b!.id}` });
    expect(((await read('/api/steps?locale=fr&status=all')) as unknown as Body[])[0]).toMatchObject({
      steps: [{ id: a!.id, step: "S'inscrire" }],
    });
    const removed = await t.injectAs({ method: 'DELETE', url: '/api/steps/translations/fr' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(((await read('/api/steps?locale=fr')) as unknown as Body[])[0]).toMatchObject({
      title: 'Apply in two steps',
    });
  });

  it('deletes one language of a record (409 for the default), and History brings it back', async () => {
    const refused = await t.injectAs({ method: 'DELETE', url: `/api/faqs/${faqId}/translations/en` });
    expect(refused.statusCode).toBe(409);
    const before = await t.db
      .selectFrom('revisions')
      .select('id')
      .where('section', '=', 'faqs')
      .where('record_id', '=', faqId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const removed = await t.injectAs({ method: 'DELETE', url: `/api/faqs/${faqId}/translations/fr` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await read(`/api/faqs/${faqId}?locale=fr`)).toMatchObject({
      title: 'How do I apply?',
      fallback_fields: ['title', 'description'],
    });
    const restored = await t.injectAs({ method: 'POST', url: `/api/revisions/${before.id}/restore` });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await read(`/api/faqs/${faqId}?locale=fr`)).toMatchObject({ title: 'Comment postuler ?' });
  });

  it('deleting a language removes its translations, each as an ordinary change', async () => {
    const logsBefore = (await t.db.selectFrom('logs').select('id').execute()).length;
    const deleted = await t.injectAs({ method: 'DELETE', url: '/api/locales/fr' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.selectFrom('translations').selectAll().execute()).toEqual([]);
    const logs = await t.db.selectFrom('logs').select('content').orderBy('id').execute();
    expect(logs.slice(logsBefore).map((l) => l.content)).toEqual(
      expect.arrayContaining([
        'FAQ "How do I apply?" translation deleted (Français)',
        'Success story "Amina K." translation deleted (Français)',
        'Language "Français" (fr) deleted',
      ]),
    );
    expect(await latestRevision('faqs', faqId)).not.toHaveProperty('translations');
  });
});
