import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteHealthReport } from '@bursary/shared';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

type Item = { id: number; step: unknown; fallback_fields?: string[]; translations?: unknown };
type Steps = { title: unknown; steps: Item[]; fallback_fields?: string[]; translations?: unknown };

/**
 * A sub-item list in another language may leave some items untranslated: an item sent empty has no text in that
 * language, falls back on reads like any translated field, and is reported missing; in the default language an empty
 * item is refused as before.
 */
describe.each(dialects)('a partly translated sub-item list on %s', (dialect) => {
  let t: TestApp;
  let a: number;
  let b: number;
  const send = (method: 'PUT' | 'POST', url: string, payload: object) => t.injectAs({ method, url, payload });
  const steps = async (query: string): Promise<Steps> => {
    const answer = await t.injectAs({ method: 'GET', url: `/api/steps?${query}` });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as Steps[])[0]!;
  };
  const frenchRows = () =>
    t.db
      .selectFrom('translations')
      .select(['item_id', 'value'])
      .where('section', '=', 'steps')
      .where('locale', '=', 'fr')
      .where('item_id', '>', 0)
      .orderBy('item_id')
      .execute();

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await send('POST', '/api/locales', { code: 'fr', name: 'Français' });
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { public: true } });
    const created = await send('PUT', '/api/steps', {
      title: 'How to apply',
      steps: [{ step: 'Sign up' }, { step: 'Fill in the form' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    [a, b] = (created.json() as Steps).steps.map((item) => item.id) as [number, number];
    expect((await send('PUT', '/api/steps?locale=fr', { title: 'Comment postuler' })).statusCode).toBe(200);
    const french = await send('PUT', '/api/steps/sub-edit?locale=fr', {
      steps: [
        { id: a, step: "S'inscrire" },
        { id: b, step: 'Remplir le formulaire' },
      ],
    });
    expect(french.statusCode, french.body).toBe(200);
  });
  afterAll(() => t.close());

  it('accepts an item left empty in French, which then shows the default text and names it as fallen back', async () => {
    const saved = await send('PUT', '/api/steps/sub-edit?locale=fr', {
      steps: [
        { id: a, step: "S'inscrire" },
        { id: b, step: '  ' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Steps).steps).toMatchObject([
      { id: a, step: "S'inscrire", fallback_fields: [] },
      { id: b, step: 'Fill in the form', fallback_fields: ['step'] },
    ]);
    // no empty text is kept as the item's French: it has none
    expect(await frenchRows()).toEqual([{ item_id: a, value: "S'inscrire" }]);
    expect((await steps('locale=fr')).steps).toMatchObject([
      { id: a, step: "S'inscrire", fallback_fields: [] },
      { id: b, step: 'Fill in the form', fallback_fields: ['step'] },
    ]);
    expect((await steps('locale=fr&fallback=none')).steps[1]).toMatchObject({ id: b, step: null });
    // the record's own write in the language takes the list the same way, an item sent as null included
    const record = await send('PUT', '/api/steps?locale=fr', {
      steps: [
        { id: a, step: "S'inscrire" },
        { id: b, step: null },
      ],
    });
    expect(record.statusCode, record.body).toBe(200);
    expect(await frenchRows()).toEqual([{ item_id: a, value: "S'inscrire" }]);
  });

  it('reports the item missing in French, on the item and on the record, as a missing field is', async () => {
    const every = await steps('status=all&locale=*');
    expect(every.steps[1]).toMatchObject({
      step: { en: 'Fill in the form', fr: null },
      translations: { fr: { missing: ['step'], outdated: [] } },
    });
    expect(every.steps[0]).toMatchObject({ translations: { fr: { missing: [], outdated: [] } } });
    expect(every.translations).toEqual({ fr: { missing: ['steps'], outdated: [] } });
    expect((await steps('status=all')).translations).toEqual({ fr: { missing: ['steps'], outdated: [] } });
  });

  it('names the untranslated items in Site health', async () => {
    const report = await t.injectAs({ method: 'GET', url: '/api/site-health' });
    expect(report.statusCode, report.body).toBe(200);
    const problems = report.json<SiteHealthReport>().problems.filter((p) => p.section === 'steps');
    expect(problems).toEqual([
      expect.objectContaining({
        check: 'missing-translation',
        field: 'steps',
        locale: 'fr',
        message:
          'No Français text for "Steps": the website shows the default language\'s instead. Translate it in Français.',
      }),
    ]);
  });

  it('keeps an item left empty in waiting French changes untranslated once they are published', async () => {
    const waiting = await send('PUT', '/api/steps/changes?locale=fr', {
      steps: [
        { id: a, step: '' },
        { id: b, step: 'Remplir' },
      ],
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    const published = await t.injectAs({ method: 'POST', url: '/api/steps/publish?locale=fr' });
    expect(published.statusCode, published.body).toBe(200);
    expect(await frenchRows()).toEqual([{ item_id: b, value: 'Remplir' }]);
    expect((await steps('locale=fr')).steps).toMatchObject([
      { id: a, step: 'Sign up', fallback_fields: ['step'] },
      { id: b, step: 'Remplir', fallback_fields: [] },
    ]);
  });

  it('still refuses an empty item in the default language, and a French list that adds, drops or reorders items', async () => {
    const before = await steps('status=all');
    for (const url of ['/api/steps/sub-edit', '/api/steps/sub-edit?locale=en', '/api/steps']) {
      const refused = await send('PUT', url, {
        steps: [
          { id: a, step: 'Sign up' },
          { id: b, step: '' },
        ],
      });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message).toContain('step is required');
    }
    for (const list of [
      [{ id: a, step: '' }],
      [
        { id: b, step: '' },
        { id: a, step: '' },
      ],
      [{ id: a, step: '' }, { id: b, step: '' }, { step: '' }],
    ]) {
      const refused = await send('PUT', '/api/steps/sub-edit?locale=fr', { steps: list });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('is the same items in the same order as in the default language');
    }
    expect(await steps('status=all')).toEqual(before);
  });
});
