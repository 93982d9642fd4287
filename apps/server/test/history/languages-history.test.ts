import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

type Body = Record<string, unknown>;

/** A revision holds every language: a restore, an Undo and the trash bring each back. */
describe.each(dialects)('History in every language on %s', (dialect) => {
  let t: TestApp;
  const put = (url: string, payload: object) => t.injectAs({ method: 'PUT', url, payload });
  const read = async (url: string) => (await t.injectAs({ method: 'GET', url })).json() as Body;
  const restore = (revisionId: number, ifMatch?: string) =>
    t.injectAs({
      method: 'POST',
      url: `/api/revisions/${revisionId}/restore`,
      headers: ifMatch ? { 'if-match': ifMatch } : {},
    });
  const newestRevision = async (url: string) =>
    ((await t.injectAs({ method: 'GET', url: `${url}?limit=1` })).json() as { id: number }[])[0]!.id;
  const translationCount = async () => (await t.db.selectFrom('translations').select('value').execute()).length;

  /** A FAQ in English and French: its title and description in both. */
  async function faqInTwoLanguages(title: string): Promise<number> {
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title, description: '<p>Online.</p>' },
    });
    const { id } = created.json() as { id: number };
    const saved = await put(`/api/faqs/${id}?locale=fr`, { title: `${title} (fr)`, description: '<p>En ligne.</p>' });
    expect(saved.statusCode, saved.body).toBe(200);
    return id;
  }

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'fr', name: 'Français' } });
    await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'sw', name: 'Kiswahili' } });
    for (const code of ['fr', 'sw'])
      await t.injectAs({ method: 'PATCH', url: `/api/locales/${code}`, payload: { public: true } });
  });
  afterAll(() => t.close());

  it('a restore brings back every language of the version, sub-items included', async () => {
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/steps',
      payload: { title: 'Apply', steps: [{ step: 'Sign up' }, { step: 'Send the form' }] },
    });
    const [a, b] = (created.json() as { steps: { id: number }[] }).steps;
    expect(
      (
        await put('/api/steps?locale=fr', {
          title: 'Postuler',
          steps: [
            { id: a!.id, step: "S'inscrire" },
            { id: b!.id, step: 'Envoyer le formulaire' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect((await put('/api/steps?locale=sw', { title: 'Omba' })).statusCode).toBe(200);
    const version = await newestRevision('/api/steps/revisions');
    // later: every language changes
    await put('/api/steps', { title: 'Apply now' });
    await put('/api/steps?locale=fr', {
      title: 'Postulez',
      steps: [
        { id: a!.id, step: 'Inscription' },
        { id: b!.id, step: 'Formulaire' },
      ],
    });
    await t.injectAs({ method: 'DELETE', url: '/api/steps/translations/sw' });

    const back = await restore(version);
    expect(back.statusCode, back.body).toBe(200);
    expect(((await read('/api/steps')) as unknown as Body[])[0]).toMatchObject({ title: 'Apply' });
    expect(((await read('/api/steps?locale=fr')) as unknown as Body[])[0]).toMatchObject({
      title: 'Postuler',
      steps: [{ step: "S'inscrire" }, { step: 'Envoyer le formulaire' }],
      fallback_fields: [],
    });
    expect(((await read('/api/steps?locale=sw')) as unknown as Body[])[0]).toMatchObject({ title: 'Omba' });
    const log = await t.db
      .selectFrom('logs')
      .select('content')
      .where('section', '=', 'steps')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.content).toMatch(/^Steps section "Apply" restored to the version of /);
  });

  it("a log row names the language it changed, and its changes are that language's", async () => {
    await faqInTwoLanguages('Is there a fee?');
    const [row] = (await read(`/api/logs?limit=1`)) as unknown as { id: number; content: string }[];
    expect(row!.content).toBe('FAQ "Is there a fee?" updated (Français)');
    const detail = await read(`/api/logs/${row!.id}`);
    expect(detail.changes).toEqual([
      { field: 'title', locale: 'fr', before: null, after: 'Is there a fee? (fr)' },
      { field: 'description', locale: 'fr', before: null, after: '<p>En ligne.</p>' },
    ]);
  });

  it('an Undo of a delete and a restore from the trash bring back every language', async () => {
    for (const way of ['undo', 'trash'] as const) {
      const id = await faqInTwoLanguages(`Who can apply, by ${way}?`);
      const deleted = await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}` });
      expect(deleted.statusCode).toBe(200);
      // the French went with the record; its revision keeps it
      expect((await t.app.inject({ method: 'GET', url: `/api/faqs/${id}?locale=fr` })).statusCode).toBe(404);
      const trash = (await read('/api/trash?limit=500')) as unknown as { record_id: number; revision_id: number }[];
      const entry = trash.find((row) => row.record_id === id)!;
      const revisionId = way === 'undo' ? (deleted.json() as { revision_id: number }).revision_id : entry.revision_id;
      const back = await restore(revisionId);
      expect(back.statusCode, back.body).toBe(200);
      expect(await read(`/api/faqs/${id}?locale=fr`)).toMatchObject({
        title: `Who can apply, by ${way}? (fr)`,
        description: '<p>En ligne.</p>',
        fallback_fields: [],
      });
      expect(await read(`/api/faqs/${id}`)).toMatchObject({ title: `Who can apply, by ${way}?` });
    }
  });

  it("an Undo of a sub-item's delete brings back its text in every language", async () => {
    const [record] = (await read('/api/steps?locale=fr')) as unknown as { steps: { id: number }[] }[];
    const itemId = record!.steps[0]!.id;
    const deleted = await t.injectAs({ method: 'DELETE', url: `/api/steps/sub/${itemId}` });
    expect(deleted.statusCode).toBe(200);
    const answer = deleted.json() as { undo_revision_id: number };
    const back = await restore(answer.undo_revision_id, String(deleted.headers.etag));
    expect(back.statusCode, back.body).toBe(200);
    expect(((await read('/api/steps?locale=fr')) as unknown as Body[])[0]).toMatchObject({
      steps: [{ id: itemId, step: "S'inscrire" }, { step: 'Envoyer le formulaire' }],
    });
  });

  it('a language deleted and added again: History brings back its text; while it is gone a restore is 409', async () => {
    const id = await faqInTwoLanguages('How long does it take?');
    const withFrench = await newestRevision(`/api/faqs/${id}/revisions`);
    expect((await t.injectAs({ method: 'DELETE', url: '/api/locales/fr' })).statusCode).toBe(200);
    // the removal is a change of the record, in its History
    const [removal] = (await read(`/api/faqs/${id}/revisions?limit=1`)) as unknown as { record: Body }[];
    expect(removal!.record).not.toHaveProperty('translations');
    const logs = await t.db
      .selectFrom('logs')
      .select('content')
      .where('section', '=', 'faqs')
      .where('record_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logs.content).toBe('FAQ "How long does it take?" translation deleted (Français)');

    const versionBefore = (await t.app.inject({ method: 'GET', url: `/api/faqs/${id}` })).headers.etag;
    const translationsBefore = await translationCount();
    const refused = await restore(withFrench);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This version has text in Français (fr), which the website no longer has as a language. Add it again on the Languages page (a language stays hidden from the website until you show it), then restore.',
    );
    // nothing was written
    expect((await t.app.inject({ method: 'GET', url: `/api/faqs/${id}` })).headers.etag).toBe(versionBefore);
    expect(await translationCount()).toBe(translationsBefore);
    expect(await newestRevision(`/api/faqs/${id}/revisions`)).not.toBe(withFrench);

    expect(
      (await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'fr', name: 'Français' } })).statusCode,
    ).toBe(201);
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { public: true } });
    expect(await read(`/api/faqs/${id}?locale=fr`)).toMatchObject({ fallback_fields: ['title', 'description'] });
    const back = await restore(withFrench);
    expect(back.statusCode, back.body).toBe(200);
    expect(await read(`/api/faqs/${id}?locale=fr`)).toMatchObject({
      title: 'How long does it take? (fr)',
      description: '<p>En ligne.</p>',
      fallback_fields: [],
    });
  });
});
