import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledActions } from '../../src/publishing/schedule-actions.ts';
import { changePipeline } from '../../src/change-pipeline.ts';
import { runDueSchedules } from '../../src/publishing/schedule-runner.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import type { Body } from './publishing-helpers.ts';
import { dueSchedules } from './schedule-helpers.ts';

type Item = { id: number } & Body;

/** The sentence a sub-item list that no longer matches the record's is refused with, in French. */
const listRefusal = (field: string) =>
  `Français: In another language, ${field} is the same items in the same order as in the default language: send each with its id, leaving none out. Add, remove or reorder ${field} in the default language.`;

/**
 * A language's waiting changes are checked again when published, as a save in that language would check them now:
 * the rules or the record's sub-items may have changed since they were saved.
 */
describe.each(dialects)('publishing checks a language’s waiting changes again on %s', (dialect) => {
  let t: TestApp;
  const put = (url: string, payload: object) => t.injectAs({ method: 'PUT', url, payload });
  const post = (url: string) => t.injectAs({ method: 'POST', url, payload: {} });
  const read = async (url: string) => (await t.injectAs({ method: 'GET', url })).json() as Body;
  const waiting = async (url: string) => (await t.injectAs({ method: 'GET', url })).statusCode;
  /** A single-record section's one record, created with its sub-items; answers its id and theirs. */
  const single = async (slug: string, payload: Body): Promise<[number, ...number[]]> => {
    const created = await t.injectAs({ method: 'POST', url: `/api/${slug}`, payload });
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json() as Body;
    const list = Object.values(record).find(Array.isArray) as Item[];
    return [record.id as number, ...list.map((item) => item.id)];
  };
  /** A single-record section's one record as a read answers it (in a list of one). */
  const readSingle = async (url: string) => ((await read(url)) as unknown as Body[])[0];
  const publishLogs = async (section: string) =>
    (
      await t.db
        .selectFrom('logs')
        .select('content')
        .where('section', '=', section)
        .where('content', 'like', '% published%')
        .execute()
    ).map((row) => row.content);
  /** The French waiting changes of a record as stored, with `fields` written over them: as if saved under older rules. */
  const storedUnderOlderRules = async (section: string, id: number, fields: Record<string, string>) => {
    const row = await t.db
      .selectFrom('pending_translations')
      .select('changes')
      .where('section', '=', section)
      .where('record_id', '=', id)
      .where('locale', '=', 'fr')
      .executeTakeFirstOrThrow();
    const changes = JSON.parse(row.changes) as { fields: Body; items: Body };
    await t.db
      .updateTable('pending_translations')
      .set({ changes: JSON.stringify({ ...changes, fields: { ...changes.fields, ...fields } }) })
      .where('section', '=', section)
      .where('record_id', '=', id)
      .where('locale', '=', 'fr')
      .execute();
  };

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'fr', name: 'Français' } });
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { public: true } });
  });
  afterAll(() => t.close());

  it('refuses French changes whose sub-items the record no longer has as they were; saved again, they publish', async () => {
    const [, a, b] = await single('steps', { title: 'Steps', steps: [{ step: 'Sign up' }, { step: 'Fill in' }] });
    const saved = await put('/api/steps/changes?locale=fr', {
      steps: [
        { id: a, step: "S'inscrire" },
        { id: b, step: 'Remplir' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // the default language adds a step on the website after the French changes were saved
    const added = await put('/api/steps', {
      steps: [{ id: a, step: 'Sign up' }, { id: b, step: 'Fill in' }, { step: 'Send' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const c = ((added.json() as Body).steps as Item[])[2]!.id;
    const frenchBefore = await readSingle('/api/steps?locale=fr&status=all');
    expect(frenchBefore).toMatchObject({ steps: [{ step: 'Sign up' }, { step: 'Fill in' }, { step: 'Send' }] });

    const refused = await post('/api/steps/publish?locale=fr');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: `These changes cannot be published: ${listRefusal('steps')} Edit the changes, then publish again.`,
      fields: [{ path: 'steps', message: listRefusal('steps') }],
    });
    expect(await readSingle('/api/steps?locale=fr&status=all')).toEqual(frenchBefore);
    expect(await waiting('/api/steps/changes?locale=fr')).toBe(200);
    expect(await publishLogs('steps')).toEqual([]);

    // edited to the steps the record has now, the French changes publish
    const edited = await put('/api/steps/changes?locale=fr', {
      steps: [
        { id: a, step: "S'inscrire" },
        { id: b, step: 'Remplir' },
        { id: c, step: 'Envoyer' },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const published = await post('/api/steps/publish?locale=fr');
    expect(published.statusCode, published.body).toBe(200);
    expect((await readSingle('/api/steps?locale=fr'))?.steps).toEqual([
      { id: a, step: "S'inscrire", locale: 'fr', fallback_fields: [] },
      { id: b, step: 'Remplir', locale: 'fr', fallback_fields: [] },
      { id: c, step: 'Envoyer', locale: 'fr', fallback_fields: [] },
    ]);
  });

  it('publishing every language refuses them all when French no longer matches the default’s new sub-items', async () => {
    const [, a, b] = await single('missions', {
      title: 'Missions',
      missions: [{ mission: 'Fund' }, { mission: 'Mentor' }],
    });
    expect(
      (
        await put('/api/missions/changes?locale=fr', {
          missions: [
            { id: a, mission: 'Financer' },
            { id: b, mission: 'Accompagner' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    // the default language's waiting changes add a mission the French changes know nothing of
    expect(
      (
        await put('/api/missions/changes', {
          title: 'Our missions',
          missions: [{ id: a, mission: 'Fund' }, { id: b, mission: 'Mentor' }, { mission: 'Welcome' }],
        })
      ).statusCode,
    ).toBe(200);
    const before = await readSingle('/api/missions?status=all');
    expect(before).toMatchObject({ title: 'Missions', has_changes: true });
    const frenchBefore = await readSingle('/api/missions?locale=fr&status=all');

    const refused = await post('/api/missions/publish');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `These changes cannot be published: ${listRefusal('missions')} Edit the changes, then publish again.`,
    );
    // nothing is published, not even the default language's changes
    expect(await readSingle('/api/missions?status=all')).toEqual(before);
    expect(await readSingle('/api/missions?locale=fr&status=all')).toEqual(frenchBefore);
    expect(await waiting('/api/missions/changes')).toBe(200);
    expect(await waiting('/api/missions/changes?locale=fr')).toBe(200);
    expect(await publishLogs('missions')).toEqual([]);
  });

  it('publishing every language refuses French text the rules no longer allow, and publishes none', async () => {
    const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Before' } });
    const id = (created.json() as { id: number }).id;
    expect((await put(`/api/faqs/${id}/changes`, { title: 'After' })).statusCode).toBe(200);
    expect((await put(`/api/faqs/${id}/changes?locale=fr`, { title: 'Avant' })).statusCode).toBe(200);
    // saved when a question could be longer than it may be now
    await storedUnderOlderRules('faqs', id, { title: 'Q'.repeat(501) });

    const refused = await post(`/api/faqs/${id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message:
        'These changes cannot be published: Français: title must be at most 500 characters. Edit the changes, then publish again.',
      fields: [{ path: 'title', message: 'Français: title must be at most 500 characters' }],
    });
    expect(await read(`/api/faqs/${id}`)).toMatchObject({ title: 'Before' });
    const french = await read(`/api/faqs/${id}?locale=fr`);
    expect(french).toMatchObject({ title: 'Before' });
    expect(french.fallback_fields).toContain('title');
    expect(await waiting(`/api/faqs/${id}/changes`)).toBe(200);
    expect(await waiting(`/api/faqs/${id}/changes?locale=fr`)).toBe(200);

    // the same French text is refused when French alone is published
    const alone = await post(`/api/faqs/${id}/publish?locale=fr`);
    expect(alone.statusCode).toBe(400);
    expect(alone.json().message).toMatch(/^These changes cannot be published: Français: title must be at most 500/);
  });

  it('cleans French rich text again when it is published, as a save in French would', async () => {
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'Clean', description: '<p>Clean.</p>' },
    });
    const id = (created.json() as { id: number }).id;
    expect((await put(`/api/faqs/${id}/changes?locale=fr`, { title: 'Propre' })).statusCode).toBe(200);
    // saved by a version whose cleaning let a script through
    await storedUnderOlderRules('faqs', id, { description: '<p>Propre.</p><script>alert(1)</script>' });

    const published = await post(`/api/faqs/${id}/publish?locale=fr`);
    expect(published.statusCode, published.body).toBe(200);
    const french = await t.app.inject({ method: 'GET', url: `/api/faqs/${id}?locale=fr` });
    expect(french.json()).toMatchObject({ title: 'Propre', description: '<p>Propre.</p>' });
    expect(french.body).not.toContain('<script');
    // written as a save in French writes it: the French title is outdated once the default language's changes
    expect((await read(`/api/faqs/${id}?status=all`)).translations).toMatchObject({ fr: { outdated: [] } });
    expect((await put(`/api/faqs/${id}`, { title: 'Clean, reworded' })).statusCode).toBe(200);
    expect((await read(`/api/faqs/${id}?status=all`)).translations).toMatchObject({ fr: { outdated: ['title'] } });
  });

  it('a due schedule whose French changes no longer match fails with the reason, and publishes nothing', async () => {
    const [id, a, b] = await single('benefits', {
      title: 'Benefits',
      benefits: [{ benefit: 'Fees paid' }, { benefit: 'A mentor' }],
    });
    expect(
      (
        await put('/api/benefits/changes?locale=fr', {
          benefits: [
            { id: a, benefit: 'Frais payés' },
            { id: b, benefit: 'Un mentor' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await put('/api/benefits/changes', {
          title: 'What you get',
          benefits: [{ id: a, benefit: 'Fees paid' }, { id: b, benefit: 'A mentor' }, { benefit: 'A laptop' }],
        })
      ).statusCode,
    ).toBe(200);
    const before = await readSingle('/api/benefits?status=all');
    expect(before).toMatchObject({ title: 'Benefits', has_changes: true });
    const frenchBefore = await readSingle('/api/benefits?locale=fr&status=all');
    await dueSchedules(t.db, [{ section: 'benefits', recordId: id, action: 'publish' }]);

    const runner = {
      actions: scheduledActions,
      changes: changePipeline(),
      onError: (error: unknown) => {
        throw error;
      },
    };
    expect(await runDueSchedules(t.db, runner)).toEqual({ done: 0, failed: 1 });
    const reason = `Its changes no longer pass the checks: ${listRefusal('benefits')}`;
    const schedule = await t.injectAs({ method: 'GET', url: '/api/benefits/schedule' });
    expect((schedule.json() as { last_failed: Body }).last_failed).toMatchObject({ state: 'failed', reason });
    const log = await t.db
      .selectFrom('logs')
      .select('content')
      .where('section', '=', 'benefits')
      .where('content', 'like', '%failed%')
      .executeTakeFirstOrThrow();
    expect(log.content).toMatch(/^The publish of Benefits section "Benefits" .*scheduled for .+ failed: Its changes/);
    expect(log.content.endsWith(`failed: ${reason}`)).toBe(true);
    expect(await readSingle('/api/benefits?status=all')).toEqual(before);
    expect(await readSingle('/api/benefits?locale=fr&status=all')).toEqual(frenchBefore);
    expect(await waiting('/api/benefits/changes')).toBe(200);
    expect(await waiting('/api/benefits/changes?locale=fr')).toBe(200);
    expect(await publishLogs('benefits')).toEqual([]);
  });
});
