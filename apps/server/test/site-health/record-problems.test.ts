import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections, type SiteHealthProblem, type SiteHealthReport } from '@bursary/shared';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';
import { samplePng } from '../factories.ts';
import { create } from '../publishing/publishing-helpers.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;
const pngDataUrl = `data:image/png;base64,${samplePng(3).toString('base64')}`;

const FLAWED = [
  '<h2>Who can apply</h2><h4>Age</h4>',
  '<p>Apply <a href="http://fund.example/apply">click here</a>.</p>',
  `<p><img src="${pngDataUrl}"></p>`,
].join('');
const FIXED =
  '<h2>Who can apply</h2><h3>Age</h3><p>Use <a href="https://fund.example/apply">the application form</a>.</p>';

async function report(t: TestApp, token?: string): Promise<SiteHealthReport> {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/api/site-health',
    headers: { authorization: `Bearer ${token ?? t.token}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<SiteHealthReport>();
}

const problemsOf = (r: SiteHealthReport, section: string, id: unknown): SiteHealthProblem[] =>
  r.problems.filter((p) => p.section === section && p.id === id);

describe.each(dialects)('site health of the records themselves (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('finds the problems of a long text, which the worker that cleans it reads, as of a short one', async () => {
    // beyond the length cleaned on the event loop: the worker reads the findings beside cleaning
    const long = `<p>${'Loans are repaid over ten years. '.repeat(700)}</p>${FLAWED}`;
    const faq = await create(t, faqs, { title: 'A long answer', description: long });
    const found = problemsOf(await report(t), 'faqs', faq.id);
    expect(found.map((p) => p.check).sort()).toEqual([
      'heading-order',
      'insecure-link',
      'missing-alt-text',
      'vague-link-text',
    ]);
  });

  it('finds each problem of rich text when it is saved, says where and how to fix it, and forgets it once fixed', async () => {
    const faq = await create(t, faqs, { title: 'How do I apply?', description: FLAWED });
    const found = problemsOf(await report(t), 'faqs', faq.id);
    expect(found.map((p) => p.check).sort()).toEqual([
      'heading-order',
      'insecure-link',
      'missing-alt-text',
      'vague-link-text',
    ]);
    for (const problem of found) {
      expect(problem).toMatchObject({ section: 'faqs', id: faq.id, title: 'How do I apply?', field: 'description' });
    }
    const byCheck = Object.fromEntries(found.map((p) => [p.check, p]));
    expect(byCheck['heading-order']).toMatchObject({
      severity: 'warning',
      message:
        '"Answer (Description)" jumps from a level 2 heading to a level 4 heading. Make it a level 3 heading, so that people using screen readers can follow the outline.',
    });
    expect(byCheck['vague-link-text']?.message).toBe(
      'A link in "Answer (Description)" says only "click here". Use words that say where it goes, such as the name of the page.',
    );
    expect(byCheck['insecure-link']?.message).toBe(
      'A link in "Answer (Description)" goes to http://fund.example/apply, which is not secure. Change it to the https:// address.',
    );
    expect(byCheck['missing-alt-text']?.message).toMatch(
      /^An image in "Answer \(Description\)" has no alternative text/,
    );

    const fixed = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${String(faq.id)}`,
      payload: { description: FIXED },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(problemsOf(await report(t), 'faqs', faq.id)).toEqual([]);
  });

  it('checks published content and pending changes, never a draft, and forgets a deleted record', async () => {
    const draft = await create(t, faqs, { title: 'Draft', description: FLAWED }, 'draft');
    expect(problemsOf(await report(t), 'faqs', draft.id)).toEqual([]);

    const live = await create(t, faqs, { title: 'Live and clean', description: FIXED });
    const changes = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${String(live.id)}/changes`,
      payload: { description: '<p><a href="http://fund.example">here</a></p>' },
    });
    expect(changes.statusCode, changes.body).toBe(200);
    expect(
      problemsOf(await report(t), 'faqs', live.id)
        .map((p) => p.check)
        .sort(),
    ).toEqual(['insecure-link', 'vague-link-text']);
    const discarded = await t.injectAs({ method: 'DELETE', url: `/api/faqs/${String(live.id)}/changes` });
    expect(discarded.statusCode).toBe(200);
    expect(problemsOf(await report(t), 'faqs', live.id)).toEqual([]);

    // publishing a draft with problems makes them the website's, and deleting the record takes them away
    const published = await t.injectAs({ method: 'POST', url: `/api/faqs/${String(draft.id)}/publish` });
    expect(published.statusCode, published.body).toBe(200);
    expect(problemsOf(await report(t), 'faqs', draft.id).length).toBe(4);
    const deleted = await t.injectAs({ method: 'DELETE', url: `/api/faqs/${String(draft.id)}` });
    expect(deleted.statusCode).toBe(200);
    expect(problemsOf(await report(t), 'faqs', draft.id)).toEqual([]);
  });

  it('lets every signed-in role read it and nobody else', async () => {
    const viewer = await signInAs(t, 'viewer');
    expect((await report(t, viewer)).checked_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await t.app.inject({ method: 'GET', url: '/api/site-health' })).statusCode).toBe(401);
  });
});
