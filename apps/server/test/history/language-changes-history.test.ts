import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

type Body = Record<string, unknown>;

/** A revision keeps the changes waiting in every language: a restore, an Undo and the trash bring them back. */
describe.each(dialects)("History of a language's waiting changes on %s", (dialect) => {
  let t: TestApp;
  const put = (url: string, payload: object) => t.injectAs({ method: 'PUT', url, payload });
  const restore = (revisionId: number) =>
    t.injectAs({ method: 'POST', url: `/api/revisions/${revisionId}/restore`, payload: {} });
  const newestRevision = async (id: number) =>
    (
      (await t.injectAs({ method: 'GET', url: `/api/faqs/${id}/revisions?limit=1` })).json() as {
        id: number;
        record: Body;
      }[]
    )[0]!;
  const waiting = (id: number, code: string) =>
    t.injectAs({ method: 'GET', url: `/api/faqs/${id}/changes?locale=${code}` });

  /** A published FAQ with a live French title and French changes waiting on it. */
  async function faqWithFrenchWaiting(title: string): Promise<number> {
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title, description: '<p>Online.</p>' },
    });
    const { id } = created.json() as { id: number };
    expect((await put(`/api/faqs/${id}?locale=fr`, { title: `${title} (fr)` })).statusCode).toBe(200);
    const saved = await put(`/api/faqs/${id}/changes?locale=fr`, {
      title: `${title} (fr, waiting)`,
      description: '<p>En ligne.</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return id;
  }

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    for (const code of ['fr', 'sw']) {
      await t.injectAs({
        method: 'POST',
        url: '/api/locales',
        payload: { code, name: code === 'fr' ? 'Français' : 'Kiswahili' },
      });
      await t.injectAs({ method: 'PATCH', url: `/api/locales/${code}`, payload: { public: true } });
    }
  });
  afterAll(() => t.close());

  it("keeps a language's waiting changes in the revision, and a restore brings them back and drops later ones", async () => {
    const id = await faqWithFrenchWaiting('How do I apply?');
    const kept = await newestRevision(id);
    expect(kept.record.pending_translations).toEqual({
      fr: { fields: { title: 'How do I apply? (fr, waiting)', description: '<p>En ligne.</p>' }, items: {} },
    });
    // later: the French changes are published, then other ones wait in Kiswahili
    expect(
      (await t.injectAs({ method: 'POST', url: `/api/faqs/${id}/publish?locale=fr`, payload: {} })).statusCode,
    ).toBe(200);
    expect((await put(`/api/faqs/${id}/changes?locale=sw`, { title: 'Ninaombaje?' })).statusCode).toBe(200);

    const back = await restore(kept.id);
    expect(back.statusCode, back.body).toBe(200);
    expect((await waiting(id, 'fr')).json()).toMatchObject({
      title: 'How do I apply? (fr, waiting)',
      description: '<p>En ligne.</p>',
    });
    // the version restored had nothing waiting in Kiswahili
    expect((await waiting(id, 'sw')).statusCode).toBe(404);
    // the website still reads the French text that was live in that version until the changes are published
    expect((await t.app.inject({ method: 'GET', url: `/api/faqs/${id}?locale=fr` })).json()).toMatchObject({
      title: 'How do I apply? (fr)',
    });
    const published = await t.injectAs({ method: 'POST', url: `/api/faqs/${id}/publish?locale=fr`, payload: {} });
    expect(published.statusCode, published.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/faqs/${id}?locale=fr` })).json()).toMatchObject({
      title: 'How do I apply? (fr, waiting)',
    });
  });

  it('an Undo of a delete and a restore from the trash bring back the changes waiting in a language', async () => {
    for (const way of ['undo', 'trash'] as const) {
      const id = await faqWithFrenchWaiting(`Who can apply, by ${way}?`);
      const deleted = await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}` });
      expect(deleted.statusCode).toBe(200);
      const trash = (await (await t.injectAs({ method: 'GET', url: '/api/trash?limit=500' })).json()) as {
        record_id: number;
        revision_id: number;
      }[];
      const revisionId =
        way === 'undo'
          ? (deleted.json() as { revision_id: number }).revision_id
          : trash.find((row) => row.record_id === id)!.revision_id;
      const back = await restore(revisionId);
      expect(back.statusCode, back.body).toBe(200);
      expect((await waiting(id, 'fr')).json()).toMatchObject({ title: `Who can apply, by ${way}? (fr, waiting)` });
    }
  });

  it('cleans what a revision keeps waiting as a save would, and refuses a version whose language is gone', async () => {
    const id = await faqWithFrenchWaiting('Is there a fee?');
    const kept = await newestRevision(id);
    // a revision row written by hand: a script in the French changes, and a field FAQs do not have
    const planted = {
      ...kept.record,
      pending_translations: {
        fr: { fields: { description: '<p>Frais<script>alert(1)</script></p>', question_order: 9 }, items: {} },
      },
    };
    await t.db
      .updateTable('revisions')
      .set({ record: JSON.stringify(planted) })
      .where('id', '=', kept.id)
      .execute();
    const back = await restore(kept.id);
    expect(back.statusCode, back.body).toBe(200);
    const french = (await waiting(id, 'fr')).json() as Body;
    expect(french.description).toBe('<p>Frais</p>');

    // only waiting changes in Kiswahili: once the language is gone, the version they are in is refused, nothing written
    expect((await put(`/api/faqs/${id}/changes?locale=sw`, { title: 'Kuna ada?' })).statusCode).toBe(200);
    const withSwahili = await newestRevision(id);
    expect((await t.injectAs({ method: 'DELETE', url: '/api/locales/sw' })).statusCode).toBe(200);
    const before = (await t.app.inject({ method: 'GET', url: `/api/faqs/${id}` })).headers.etag;
    const refused = await restore(withSwahili.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^This version has text in Kiswahili \(sw\), which the website no longer has/,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/faqs/${id}` })).headers.etag).toBe(before);
    expect((await waiting(id, 'fr')).json()).toMatchObject({ description: '<p>Frais</p>' });
  });
});
