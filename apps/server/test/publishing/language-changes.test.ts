import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';
import { storedImageUrl } from '../factories.ts';
import { type Body, previewToken } from './publishing-helpers.ts';

/** Pending changes and publishing per language: one set of waiting changes per record and language. */
describe.each(dialects)('publishing per language on %s', (dialect) => {
  let t: TestApp;
  const put = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.injectAs({ method: 'PUT', url, payload, headers });
  const post = (url: string, headers: Record<string, string> = {}) =>
    t.injectAs({ method: 'POST', url, payload: {}, headers });
  const publicRead = async (url: string) => (await t.app.inject({ method: 'GET', url })).json() as Body;
  const faq = async (title: string, description: string) => {
    const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title, description } });
    return (created.json() as { id: number }).id;
  };
  const lastLog = async () =>
    (
      await t.db
        .selectFrom('logs')
        .select('content')
        .where('section', '=', 'faqs')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).content;
  /** The record events queued or already handed to deliveries, oldest first. */
  const events = async (type: string) => {
    // the worker moves an event from the queue to its deliveries at any moment: read the queue first, so an event
    // moved between the two reads is seen twice rather than missed, and count each payload once
    const queued = await t.db.selectFrom('webhook_outbox').select('payload').where('type', '=', type).execute();
    const sent = await t.db.selectFrom('webhook_deliveries').select('payload').where('type', '=', type).execute();
    return [...new Set([...queued, ...sent].map((row) => row.payload))]
      .map((payload) => JSON.parse(payload) as { data: Body })
      .sort((a, b) => Number(a.data.revision_id) - Number(b.data.revision_id));
  };

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'fr', name: 'Français' } });
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { public: true } });
    await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'sw', name: 'Kiswahili' } });
    await t.db
      .insertInto('webhooks')
      .values({ url: 'https://hooks.example/x', events: '["*"]', secret: 'sealed', created_at: '', updated_at: '' })
      .execute();
  });
  afterAll(() => t.close());

  it('keeps a French change waiting: the website reads the live French text until it is published', async () => {
    const id = await faq('How do I apply?', '<p>Online.</p>');
    await put(`/api/faqs/${id}?locale=fr`, { title: 'Comment postuler ?' });
    const saved = await put(`/api/faqs/${id}/changes?locale=fr`, { title: 'Comment faire une demande ?' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      id,
      title: 'Comment faire une demande ?',
      description: '<p>Online.</p>',
      locale: 'fr',
      fallback_fields: ['description'],
    });
    expect(saved.headers.etag).toBe(`"c${id}.fr-1"`);
    expect(await lastLog()).toBe('Changes to FAQ "How do I apply?" saved (Français)');
    // nothing shows on the website, in French or in the default language
    expect(await publicRead(`/api/faqs/${id}?locale=fr`)).toMatchObject({ title: 'Comment postuler ?' });
    expect(await publicRead(`/api/faqs/${id}`)).toMatchObject({ title: 'How do I apply?' });
    // the default language has no waiting changes of its own
    expect((await t.injectAs({ method: 'GET', url: `/api/faqs/${id}/changes` })).statusCode).toBe(404);
    const read = await t.injectAs({ method: 'GET', url: `/api/faqs/${id}/changes?locale=fr` });
    expect(read.json()).toMatchObject({ title: 'Comment faire une demande ?' });
    expect(read.headers.etag).toBe(`"c${id}.fr-1"`);
    // status=all tells the waiting changes of the language read
    expect(
      await (await t.injectAs({ method: 'GET', url: `/api/faqs/${id}?status=all&locale=fr` })).json(),
    ).toMatchObject({ has_changes: true });
    expect(await (await t.injectAs({ method: 'GET', url: `/api/faqs/${id}?status=all` })).json()).toMatchObject({
      has_changes: false,
    });

    // If-Match names the French changes' own tag
    const stale = await put(`/api/faqs/${id}/changes?locale=fr`, { title: 'Autre' }, { 'if-match': `"c${id}.fr-9"` });
    expect(stale.statusCode).toBe(412);
    const next = await put(
      `/api/faqs/${id}/changes?locale=fr`,
      { description: '<p>En ligne.</p>' },
      { 'if-match': `"c${id}.fr-1"` },
    );
    expect(next.statusCode, next.body).toBe(200);
    // fields left out keep their waiting value
    expect(next.json()).toMatchObject({ title: 'Comment faire une demande ?', description: '<p>En ligne.</p>' });

    const published = await post(`/api/faqs/${id}/publish?locale=fr`);
    expect(published.statusCode, published.body).toBe(200);
    expect(await lastLog()).toBe('FAQ "How do I apply?" published (Français)');
    expect(await publicRead(`/api/faqs/${id}?locale=fr`)).toMatchObject({
      title: 'Comment faire une demande ?',
      description: '<p>En ligne.</p>',
      fallback_fields: [],
    });
    expect(await publicRead(`/api/faqs/${id}`)).toMatchObject({ title: 'How do I apply?' });
    expect((await t.injectAs({ method: 'GET', url: `/api/faqs/${id}/changes?locale=fr` })).statusCode).toBe(404);
    // nothing more to publish in French
    expect((await post(`/api/faqs/${id}/publish?locale=fr`)).statusCode).toBe(409);
    const publishedEvents = (await events('record.published')).filter((e) => e.data.id === id);
    expect(publishedEvents.map((e) => e.data.locale)).toEqual(['fr']);
  });

  it('sanitises a language’s changes as a save does, and refuses shared fields and a changed sub-item list', async () => {
    const id = await faq('Sanitised', '<p>Plain.</p>');
    const saved = await put(`/api/faqs/${id}/changes?locale=fr`, {
      description: '<p>Texte<script>alert(1)</script></p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(String((saved.json() as Body).description)).not.toContain('script');

    const story = await t.injectAs({
      method: 'POST',
      url: '/api/success-stories',
      payload: {
        student_name: 'Amina',
        date: '2025-06-01',
        story: '<p>She graduated.</p>',
        image: await storedImageUrl(t.db),
      },
    });
    expect(story.statusCode, story.body).toBe(201);
    const storyId = (story.json() as { id: number }).id;
    const shared = await put(`/api/success-stories/${storyId}/changes?locale=fr`, {
      student_name: 'Amina K.',
      story: '<p>Elle est diplômée.</p>',
    });
    expect(shared.statusCode, shared.body).toBe(400);
    expect(shared.json().fields).toEqual([
      {
        path: 'student_name',
        message:
          "student_name is shared by all languages: its waiting changes are the default language's, saved without locale",
      },
    ]);
    expect(
      (
        await t.db
          .selectFrom('pending_translations')
          .select('record_id')
          .where('section', '=', 'success-stories')
          .execute()
      ).length,
    ).toBe(0);

    const steps = await t.injectAs({
      method: 'POST',
      url: '/api/steps',
      payload: { title: 'Two steps', steps: [{ step: 'Sign up' }, { step: 'Fill in' }] },
    });
    const [a, b] = (steps.json() as { steps: { id: number }[] }).steps;
    const reordered = await put('/api/steps/changes?locale=fr', {
      steps: [
        { id: b!.id, step: 'Remplir' },
        { id: a!.id, step: "S'inscrire" },
      ],
    });
    expect(reordered.statusCode).toBe(400);
    const items = await put('/api/steps/changes?locale=fr', {
      steps: [
        { id: a!.id, step: "S'inscrire" },
        { id: b!.id, step: 'Remplir' },
      ],
    });
    expect(items.statusCode, items.body).toBe(200);
    expect((items.json() as Body).steps).toMatchObject([{ step: "S'inscrire" }, { step: 'Remplir' }]);
    expect((await publicRead('/api/steps?locale=fr')) as unknown as Body[]).toMatchObject([
      { steps: [{ step: 'Sign up' }, { step: 'Fill in' }] },
    ]);
    // the default language removes an item before the French changes are published: they no longer name the record's
    // items, and are refused until saved again with the items it has
    await t.injectAs({ method: 'DELETE', url: `/api/steps/sub/${b!.id}` });
    const refused = await post('/api/steps/publish?locale=fr');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^These changes cannot be published: Français: In another language, steps /);
    const again = await put('/api/steps/changes?locale=fr', { steps: [{ id: a!.id, step: "S'inscrire" }] });
    expect(again.statusCode, again.body).toBe(200);
    expect((await post('/api/steps/publish?locale=fr')).statusCode).toBe(200);
    expect((await publicRead('/api/steps?locale=fr')) as unknown as Body[]).toMatchObject([
      { steps: [{ id: a!.id, step: "S'inscrire" }] },
    ]);
  });

  it('publishes every language’s changes without locale, and one language’s only with it', async () => {
    const id = await faq('Both', '<p>Both.</p>');
    await put(`/api/faqs/${id}/changes`, { title: 'Both, changed' });
    await put(`/api/faqs/${id}/changes?locale=fr`, { title: 'Les deux' });
    await put(`/api/faqs/${id}/changes?locale=sw`, { title: 'Zote mbili' });

    // the default language's code publishes its own changes only
    expect((await post(`/api/faqs/${id}/publish?locale=en`)).statusCode).toBe(200);
    expect(await publicRead(`/api/faqs/${id}`)).toMatchObject({ title: 'Both, changed' });
    expect(await publicRead(`/api/faqs/${id}?locale=fr`)).toMatchObject({
      title: 'Both, changed',
      fallback_fields: ['title', 'description'],
    });

    const all = await post(`/api/faqs/${id}/publish`);
    expect(all.statusCode, all.body).toBe(200);
    expect(await publicRead(`/api/faqs/${id}?locale=fr`)).toMatchObject({ title: 'Les deux' });
    const sw = await t.injectAs({ method: 'GET', url: `/api/faqs/${id}?locale=sw&status=all` });
    expect(sw.json()).toMatchObject({ title: 'Zote mbili', has_changes: false });
    expect(
      await t.db.selectFrom('pending_translations').select('locale').where('record_id', '=', id).execute(),
    ).toEqual([]);
    const publishedEvents = (await events('record.published')).filter((e) => e.data.id === id);
    expect(publishedEvents.map((e) => e.data.locale)).toEqual(['en', null]);
    expect((await post(`/api/faqs/${id}/publish`)).statusCode).toBe(409);
  });

  it('discards one language’s changes only', async () => {
    const id = await faq('Discard', '<p>Discard.</p>');
    await put(`/api/faqs/${id}/changes`, { title: 'Discard, changed' });
    await put(`/api/faqs/${id}/changes?locale=fr`, { title: 'Jeter' });
    const discarded = await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}/changes?locale=fr` });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json()).toEqual({ message: 'Changes to FAQ "Discard" discarded (Français).' });
    expect((await t.injectAs({ method: 'GET', url: `/api/faqs/${id}/changes?locale=fr` })).statusCode).toBe(404);
    expect((await t.injectAs({ method: 'GET', url: `/api/faqs/${id}/changes` })).statusCode).toBe(200);
    expect((await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}/changes?locale=fr` })).statusCode).toBe(404);
  });

  it('never publishes through a fallback; a preview shows French waiting over French live over the default', async () => {
    const id = await faq('Fallback', '<p>Live default.</p>');
    await put(`/api/faqs/${id}/changes`, { title: 'Waiting default', description: '<p>Waiting default.</p>' });
    // French has no text of its own: it reads the default language's live values, never its waiting ones
    expect(await publicRead(`/api/faqs/${id}?locale=fr`)).toMatchObject({
      title: 'Fallback',
      description: '<p>Live default.</p>',
      fallback_fields: ['title', 'description'],
    });
    await put(`/api/faqs/${id}?locale=fr`, { title: 'Repli' });
    await put(`/api/faqs/${id}/changes?locale=fr`, { title: 'Repli attendu' });
    const token = await previewToken(t);
    const previewed = await t.app.inject({ method: 'GET', url: `/api/faqs/${id}?locale=fr&preview=${token}` });
    expect(previewed.json()).toMatchObject({
      title: 'Repli attendu',
      description: '<p>Live default.</p>',
      fallback_fields: ['description'],
    });
    // the public French read is still the live French text
    expect(await publicRead(`/api/faqs/${id}?locale=fr`)).toMatchObject({ title: 'Repli' });
  });

  it('refuses a viewer and a preview token on every translation write', async () => {
    const id = await faq('Roles', '<p>Roles.</p>');
    await put(`/api/faqs/${id}?locale=fr`, { title: 'Rôles' });
    await put(`/api/faqs/${id}/changes?locale=fr`, { title: 'Rôles attendus' });
    const viewer = { authorization: `Bearer ${await signInAs(t, 'viewer')}` };
    const preview = { 'bursary-preview': await previewToken(t), authorization: `Bearer ${await previewToken(t)}` };
    const writes = [
      { method: 'PUT' as const, url: `/api/faqs/${id}/changes?locale=fr`, payload: { title: 'x' } },
      { method: 'DELETE' as const, url: `/api/faqs/${id}/changes?locale=fr` },
      { method: 'POST' as const, url: `/api/faqs/${id}/publish?locale=fr`, payload: {} },
      { method: 'PUT' as const, url: `/api/faqs/${id}?locale=fr`, payload: { title: 'x' } },
      { method: 'DELETE' as const, url: `/api/faqs/${id}/translations/fr` },
    ];
    for (const write of writes) {
      expect(
        (await t.app.inject({ ...write, headers: viewer })).statusCode,
        `viewer ${write.method} ${write.url}`,
      ).toBe(403);
      expect(
        (await t.app.inject({ ...write, headers: preview })).statusCode,
        `preview ${write.method} ${write.url}`,
      ).toBe(401);
    }
    expect(await publicRead(`/api/faqs/${id}?locale=fr`)).toMatchObject({ title: 'Rôles' });
    expect((await t.injectAs({ method: 'GET', url: `/api/faqs/${id}/changes?locale=fr` })).json()).toMatchObject({
      title: 'Rôles attendus',
    });
  });

  it('refuses a language’s changes on a draft, and a language publish of a draft', async () => {
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'Draft', description: '<p>Draft.</p>', status: 'draft' },
    });
    const id = (created.json() as { id: number }).id;
    const refused = await put(`/api/faqs/${id}/changes?locale=fr`, { title: 'Brouillon' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `This faq is a draft, so it has no separate changes: save its Français text itself (PUT /api/faqs/${id}?locale=fr).`,
    );
    expect((await post(`/api/faqs/${id}/publish?locale=fr`)).statusCode).toBe(409);
    expect((await put(`/api/faqs/${id}/changes?locale=xx`, { title: 'x' })).statusCode).toBe(400);
  });

  it('a schedule publishes every language’s changes, and is kept while a language still has some', async () => {
    const id = await faq('Scheduled', '<p>Scheduled.</p>');
    await put(`/api/faqs/${id}/changes?locale=fr`, { title: 'Programmé' });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect((await put(`/api/faqs/${id}/schedule`, { publish_at: at })).statusCode).toBe(200);
    // a live save in the default language leaves the French changes, so the schedule still has work
    await put(`/api/faqs/${id}`, { title: 'Scheduled, saved' });
    const schedule = await t.injectAs({ method: 'GET', url: `/api/faqs/${id}/schedule` });
    expect((schedule.json() as { pending: unknown[] }).pending).toHaveLength(1);
    // publishing French leaves nothing waiting: the schedule goes
    await post(`/api/faqs/${id}/publish?locale=fr`);
    const after = await t.injectAs({ method: 'GET', url: `/api/faqs/${id}/schedule` });
    expect((after.json() as { pending: unknown[] }).pending).toHaveLength(0);
  });

  it('a language deleted takes its waiting changes; a record deleted takes every language’s', async () => {
    await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'de', name: 'Deutsch' } });
    const id = await faq('Gone', '<p>Gone.</p>');
    await put(`/api/faqs/${id}/changes?locale=de`, { title: 'Weg' });
    await put(`/api/faqs/${id}/changes?locale=fr`, { title: 'Parti' });
    expect((await t.injectAs({ method: 'DELETE', url: '/api/locales/de' })).statusCode).toBe(200);
    const left = await t.db.selectFrom('pending_translations').select('locale').where('record_id', '=', id).execute();
    expect(left.map((row) => row.locale)).toEqual(['fr']);
    await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}` });
    expect(
      await t.db.selectFrom('pending_translations').select('locale').where('record_id', '=', id).execute(),
    ).toEqual([]);
  });
});
