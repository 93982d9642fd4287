import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteHealthProblem, SiteHealthReport } from '@bursary/shared';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { recheckRecords, recheckRecordsIfNeeded, recordChecksOutdated } from '../../src/site-health/recheck.ts';

describe.each(dialects)('site health of translations (%s)', (dialect) => {
  let t: TestApp;
  let faqId: number;
  let draftId: number;
  const translationProblems = async (): Promise<SiteHealthProblem[]> => {
    const answer = await t.injectAs({ method: 'GET', url: '/api/site-health' });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer
      .json<SiteHealthReport>()
      .problems.filter((p) => p.check === 'missing-translation' || p.check === 'outdated-translation');
  };
  const send = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const answer = await t.injectAs({ method, url, ...(payload ? { payload } : {}) });
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return answer.json<{ id: number }>();
  };

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    faqId = (await send('POST', '/api/faqs', { title: 'How do I apply?', description: '<p>Online.</p>' })).id;
    draftId = (await send('POST', '/api/faqs', { title: 'Draft', status: 'draft' })).id;
    await send('POST', '/api/locales', { code: 'fr', name: 'Français' });
    await send('PUT', `/api/faqs/${faqId}?locale=fr`, { title: 'Comment postuler ?' });
  });
  afterAll(() => t.close());

  it('says nothing of a language the website does not show yet', async () => {
    expect(await translationProblems()).toEqual([]);
  });

  it('lists what a published record lacks once the language is shown: one problem per record and language', async () => {
    await send('PATCH', '/api/locales/fr', { public: true });
    expect(await translationProblems()).toEqual([
      {
        check: 'missing-translation',
        severity: 'warning',
        section: 'faqs',
        id: faqId,
        title: 'How do I apply?',
        field: 'description',
        locale: 'fr',
        message:
          'No Français text for "Answer (Description)": the website shows the default language\'s instead. Translate it in Français.',
      },
    ]);
    // a draft is not checked; a record written now is checked with its write
    expect((await translationProblems()).some((p) => p.id === draftId)).toBe(false);
  });

  it('lists an outdated translation when the default text changes, and forgets it once fixed', async () => {
    await send('PUT', `/api/faqs/${faqId}`, { title: 'How do I apply for a loan?' });
    const outdated = (await translationProblems()).find((p) => p.check === 'outdated-translation');
    expect(outdated).toMatchObject({ id: faqId, field: 'title', locale: 'fr', severity: 'notice' });
    expect(outdated?.message).toContain('"Question (Title)"');
    await send('POST', `/api/faqs/${faqId}/translations/fr/current`, {});
    await send('PUT', `/api/faqs/${faqId}?locale=fr`, { description: '<p>En ligne.</p>' });
    expect(await translationProblems()).toEqual([]);
  });

  it('forgets the problems of a language hidden or deleted, and finds them again when it is shown', async () => {
    await send('PUT', `/api/faqs/${faqId}`, { title: 'How to apply' });
    expect(await translationProblems()).toHaveLength(1);
    await send('PATCH', '/api/locales/fr', { public: false });
    expect(await translationProblems()).toEqual([]);
    await send('PATCH', '/api/locales/fr', { public: true });
    expect(await translationProblems()).toHaveLength(1);
    await send('DELETE', '/api/locales/fr');
    expect(await translationProblems()).toEqual([]);
  });

  it('is checked again for every record at start-up after checks change, sub-item texts included', async () => {
    await send('POST', '/api/locales', { code: 'sw', name: 'Kiswahili' });
    await send('PATCH', '/api/locales/sw', { public: true });
    await send('PUT', '/api/benefits', { title: 'Why us', benefits: [{ benefit: 'Low rates' }] });
    await t.db.deleteFrom('site_health_records').execute();
    expect(await translationProblems()).toEqual([]);
    await recheckRecords(t.db);
    const found = await translationProblems();
    expect(found.map((p) => [p.section, p.field, p.locale])).toEqual([
      ['benefits', 'title', 'sw'],
      ['faqs', 'title', 'sw'],
    ]);
    expect(found[0]?.message).toContain('"Title", "Benefit points"');
  });

  it('an instance stopped between a language shown and its recheck leaves the checks to the next start', async () => {
    // the language change committed, the instance stopped before checking the records again
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('locales').set({ public: 0 }).where('code', '=', 'sw').execute();
      await recordChecksOutdated(trx);
    });
    expect(await translationProblems()).toHaveLength(2);
    expect(await recheckRecordsIfNeeded(t.db)).toBeGreaterThan(0);
    expect(await translationProblems()).toEqual([]);
    expect(await recheckRecordsIfNeeded(t.db)).toBe(0);
  });

  it('two instances checking every record at once store each problem once', async () => {
    await send('PATCH', '/api/locales/sw', { public: true });
    const before = await translationProblems();
    expect(before).toHaveLength(2);
    await Promise.all([recheckRecords(t.db), recheckRecords(t.db)]);
    expect(await translationProblems()).toEqual(before);
  });
});
